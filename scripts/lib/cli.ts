/**
 * What the account CLI commands share (`user:create`, `admin:create`): one-line failures with
 * the command's name, argument parsing with `--help`, and creating a verified user in the
 * server's database (migrations first; refused with a clear line while a running server holds
 * the embedded database).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { z } from 'zod';
import { createVerifiedUser, type CreateUserInput } from '../../app/server/auth/create-user.server';
import { openDatabase, type Database } from '../../app/server/db/client.server';
import type { Env } from '../../app/server/env.server';

/** A failure as one line: zod issues joined, line breaks folded. */
export function oneLine(error: unknown): string {
  if (error instanceof z.ZodError) return error.issues.map((issue) => issue.message).join(' ');
  if (error instanceof Error) return error.message.replace(/\s*\n\s*/g, ' ');
  return String(error);
}

/** Prints `<command>: <message>` on stderr and exits with `code` (1 by default). */
export type Fail = (message: string, code?: number) => never;

export function failWith(command: string): Fail {
  return (message, code = 1) => {
    process.stderr.write(`${command}: ${message}\n`);
    process.exit(code);
  };
}

/** Parses the command line strictly, printing `usage` and returning null for `--help`. */
export function parseCommandLine(
  command: string,
  options: NonNullable<ParseArgsConfig['options']>,
  usage: string,
): Record<string, string | boolean | undefined> | null {
  const fail: Fail = failWith(command);
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    ({ values } = parseArgs({
      options: { ...options, help: { type: 'boolean', short: 'h', default: false } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(`${oneLine(error)} (see --help)`);
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return null;
  }
  return values as Record<string, string | boolean | undefined>;
}

/** The validated environment, or a one-line failure (env.server.ts validates on first import). */
export async function loadEnv(command: string): Promise<Env> {
  try {
    return (await import('../../app/server/env.server')).env;
  } catch (error) {
    const fail: Fail = failWith(command);
    return fail(oneLine(error));
  }
}

/**
 * Opens the server's database, applies migrations, creates the verified user and closes the
 * database. Prints the result; sets exit code 1 with one line on any refusal.
 */
export async function createUserInDatabase(command: string, env: Env, input: CreateUserInput, success: string): Promise<void> {
  const fail: Fail = failWith(command);
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, ownerUrl: env.DATABASE_OWNER_URL, dataDir: env.dataDir });
  } catch (error) {
    fail(oneLine(error));
  }
  try {
    await database.migrate();
    const created = await createVerifiedUser(database.db, input);
    process.stdout.write(`${success.replace('{role}', created.role).replace('{email}', created.email).replace('{id}', created.id)}\n`);
  } catch (error) {
    process.stderr.write(`${command}: ${oneLine(error)}\n`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
