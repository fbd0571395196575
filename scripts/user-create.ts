/**
 * `npm run user:create -- --email E --password P --role R [--name "First Last"]`: creates a
 * verified user of any role (DESIGN §5: staff roles are granted by an admin, never by sign-up),
 * in the database the server uses (PGlite under DATA_DIR, or DATABASE_URL). Applies pending
 * migrations first. The account signs in at /auth right away.
 *
 * Exit codes: 0 created; 1 refused, with one line on stderr (bad arguments or input, e-mail
 * already taken, the embedded database held by a running server, any other failure).
 * Tip: `--password` lands in your shell history; `npm run admin:create` prompts instead.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createVerifiedUser, ROLES, type Role } from '../app/server/auth/create-user.server';
import { openDatabase, type Database } from '../app/server/db/client.server';

const USAGE = `Usage: npm run user:create -- --email E --password P --role R [--name "First Last"]

  --email E      the e-mail address the user signs in with
  --password P   at least 6 characters
  --role R       one of: ${ROLES.join(', ')}
  --name N       display name, "First Last" (default: the part of the e-mail before @)
  --help         show this help`;

function fail(message: string): never {
  process.stderr.write(`user:create: ${message}\n`);
  process.exit(1);
}

function oneLine(error: unknown): string {
  if (error instanceof z.ZodError) return error.issues.map((issue) => issue.message).join(' ');
  if (error instanceof Error) return error.message.replace(/\s*\n\s*/g, ' ');
  return String(error);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(`${oneLine(error)} (see --help)`);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const missing = (['email', 'password', 'role'] as const).filter((name) => !values[name]);
  if (missing.length > 0) fail(`missing ${missing.map((name) => `--${name}`).join(', ')} (see --help)`);
  // Checked before the database is opened, so a typo fails fast.
  if (!(ROLES as readonly string[]).includes(values.role!)) fail(`The role must be one of: ${ROLES.join(', ')}.`);

  let database: Database;
  try {
    // env.server.ts validates the whole environment when first imported: report it in one line too.
    const { env } = await import('../app/server/env.server');
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  } catch (error) {
    fail(oneLine(error));
  }
  try {
    await database.migrate();
    const created = await createVerifiedUser(database.db, {
      email: values.email!,
      password: values.password!,
      role: values.role as Role,
      name: values.name,
    });
    process.stdout.write(`Created ${created.role} ${created.email} (id ${created.id}), e-mail verified.\n`);
  } catch (error) {
    process.stderr.write(`user:create: ${oneLine(error)}\n`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

await main();
