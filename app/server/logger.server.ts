/**
 * The server's pino logger. Error ids shown on error screens are logged here with the stack.
 */
import pino from 'pino';
import { env } from './env.server';

/**
 * A logger with the server's settings, writing to `destination` (default stdout). Tests pass a
 * stream to read what would be logged (decision 023: no tokens in the log).
 */
export function createLogger(destination?: pino.DestinationStream, level: string = env.NODE_ENV === 'test' ? 'warn' : env.LOG_LEVEL) {
  return pino(
    {
      level,
      // A cluster worker (decision 032) names itself on every line: which of the processes wrote it.
      base: env.DIMORA_WORKER_SLOT === undefined ? undefined : { pid: process.pid, worker: env.DIMORA_WORKER_SLOT },
      // Cookies carry sessions, booking receipts and drafts: never in the log, either direction.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    destination,
  );
}

export const logger = createLogger();

export type Logger = typeof logger;

/** An error id made from the time and a random string (spec §2 error screens). */
export function createErrorId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
