/**
 * Runs PostgreSQL's client programs (`pg_dump`, `pg_restore`) for backups of a PostgreSQL
 * database (decision 019). The connection string is passed without its password,
 * which travels in `PGPASSWORD`, so it never shows in the process list. `binDir` (PG_BIN_DIR)
 * picks programs matching a newer server; otherwise they are found on the PATH.
 * Importable by plain tsx.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

/** Thrown when a program is missing or exits with an error; `stderr` is its last output. */
export class PgToolError extends Error {
  constructor(
    message: string,
    readonly missing: boolean,
  ) {
    super(message);
    this.name = 'PgToolError';
  }
}

/** `url` split into a password-free connection string and the environment carrying the password. */
export function connectionArgs(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/**
 * Runs `program` (`pg_dump` | `pg_restore`) with `args` against `url` (`--dbname` is added).
 * Resolves when it exits 0; rejects with `PgToolError` otherwise (its stderr, trimmed to 2,000
 * characters, without the connection string's password).
 */
export function runPgTool(
  program: 'pg_dump' | 'pg_restore',
  args: string[],
  { url, binDir }: { url: string; binDir?: string | undefined },
): Promise<void> {
  const { dbname, env } = connectionArgs(url);
  const command = binDir ? path.join(binDir, program) : program;
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, `--dbname=${dbname}`], {
      // The child inherits this process's environment (PATH, locale, PG* settings) plus the
      // connection's; nothing is read from it here (decision 040).
      // eslint-disable-next-line no-restricted-properties
      env: { ...process.env, ...env, PGAPPNAME: `dimora-${program}` },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4_000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        reject(
          new PgToolError(
            `${program} was not found${binDir ? ` in ${binDir}` : ' on the PATH'}: install the PostgreSQL client programs (or set PG_BIN_DIR).`,
            true,
          ),
        );
      } else reject(new PgToolError(`${program} could not start: ${error.message}`, false));
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new PgToolError(`${program} failed (exit ${code}): ${stderr.trim().slice(-2_000) || 'no output'}`, false));
    });
  });
}
