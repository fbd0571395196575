/**
 * Runs one of the project's TypeScript entry points (a script, the server) in a child Node
 * process through tsx, as the CLI and start-up tests need: stdin closed (not a terminal), output
 * collected.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

/** How a child process ended: its exit code (null when killed by a signal) and all it wrote. */
export type Run = { code: number | null; stdout: string; stderr: string };

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Runs `entry` (a .ts file, relative to the repository root, which is also the working directory)
 * with `args` and exactly the environment `env`; resolves once it has ended. Rejects only when
 * the process cannot start.
 */
export function runTsx(entry: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
