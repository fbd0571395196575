/**
 * `npm run admin:create -- --email E [--name "First Last"]`: creates a verified admin (DESIGN §5:
 * no default admin password anywhere; the first admin comes from this command or from
 * ADMIN_EMAIL + ADMIN_PASSWORD on first start). The password is read from ADMIN_PASSWORD or,
 * on a terminal, typed twice without echo; it never appears on the command line. `--email`
 * defaults to ADMIN_EMAIL. Applies pending migrations first.
 *
 * Exit codes: 0 created; 1 refused, with one line on stderr (bad arguments or input, no
 * password source, passwords differ, e-mail already taken, the embedded database held by a
 * running server, any other failure); 130 interrupted at the prompt.
 */
import readline from 'node:readline';
import { Writable } from 'node:stream';
import type { Env } from '../app/server/env.server';
import { createUserInDatabase, failWith, loadEnv, parseCommandLine, type Fail } from './lib/cli';

const COMMAND = 'admin:create';

const USAGE = `Usage: npm run admin:create -- --email E [--name "First Last"]

  --email E   the admin's e-mail address (default: ADMIN_EMAIL)
  --name N    display name, "First Last" (default: the part of the e-mail before @)
  --help      show this help

The password comes from ADMIN_PASSWORD or, in a terminal, is typed twice (hidden).`;

class Interrupted extends Error {}

const fail: Fail = failWith(COMMAND);

/** Asks `question` on the terminal and reads one line without echoing it. Rejects on Ctrl-C. */
function promptHidden(question: string): Promise<string> {
  let muted = false;
  // readline echoes what is typed to its output: a stream that drops it while muted.
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!muted) process.stderr.write(chunk);
      callback();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  return new Promise<string>((resolve, reject) => {
    rl.on('SIGINT', () => {
      rl.close();
      process.stderr.write('\n');
      reject(new Interrupted());
    });
    process.stderr.write(question);
    muted = true;
    rl.question('', (answer) => {
      muted = false;
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
  });
}

/** The password: ADMIN_PASSWORD, else typed twice on a terminal. Exits when neither is possible. */
async function readPassword(env: Env): Promise<string> {
  if (env.ADMIN_PASSWORD) return env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) {
    fail('no password: set ADMIN_PASSWORD, or run this command in a terminal to type it (stdin is not a terminal).');
  }
  try {
    const first = await promptHidden('Password for the new admin: ');
    const second = await promptHidden('Repeat the password: ');
    if (first !== second) fail('The passwords do not match.');
    return first;
  } catch (error) {
    if (error instanceof Interrupted) fail('interrupted.', 130);
    throw error;
  }
}

async function main(): Promise<void> {
  const values = parseCommandLine(COMMAND, { email: { type: 'string' }, name: { type: 'string' } }, USAGE);
  if (!values) return;
  const env = await loadEnv(COMMAND);
  const email = (values.email as string | undefined) ?? env.ADMIN_EMAIL;
  if (!email) fail('missing --email (or set ADMIN_EMAIL) (see --help)');
  const password = await readPassword(env);
  await createUserInDatabase(
    COMMAND,
    env,
    { email, password, role: 'admin', name: values.name as string | undefined },
    'Created admin {email} (id {id}), e-mail verified. Sign in at /auth.',
  );
}

await main();
