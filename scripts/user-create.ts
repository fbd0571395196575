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
import { ROLES, type Role } from '../app/server/auth/create-user.server';
import { createUserInDatabase, failWith, loadEnv, parseCommandLine, type Fail } from './lib/cli';

const COMMAND = 'user:create';
const USAGE = `Usage: npm run user:create -- --email E --password P --role R [--name "First Last"]

  --email E      the e-mail address the user signs in with
  --password P   8 to 128 characters, not a common password, not containing the e-mail
  --role R       one of: ${ROLES.join(', ')}
  --name N       display name, "First Last" (default: the part of the e-mail before @)
  --help         show this help`;

async function main(): Promise<void> {
  const fail: Fail = failWith(COMMAND);
  const values = parseCommandLine(
    COMMAND,
    { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
    USAGE,
  );
  if (!values) return;
  const missing = (['email', 'password', 'role'] as const).filter((name) => !values[name]);
  if (missing.length > 0) fail(`missing ${missing.map((name) => `--${name}`).join(', ')} (see --help)`);
  // Checked before the database is opened, so a typo fails fast.
  if (!(ROLES as readonly string[]).includes(values.role as string)) fail(`The role must be one of: ${ROLES.join(', ')}.`);
  const env = await loadEnv(COMMAND);
  await createUserInDatabase(
    COMMAND,
    env,
    {
      email: values.email as string,
      password: values.password as string,
      role: values.role as Role,
      name: values.name as string | undefined,
    },
    'Created {role} {email} (id {id}), e-mail verified.',
  );
}

await main();
