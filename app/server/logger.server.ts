/**
 * The server's pino logger. Error ids shown on error screens are logged here with the stack.
 */
import pino from 'pino';
import { env } from './env.server';

export const logger = pino({
  level: env.NODE_ENV === 'test' ? 'warn' : env.LOG_LEVEL,
  base: undefined,
  // Cookies carry sessions, booking receipts and drafts: never in the log, either direction.
  redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
});

export type Logger = typeof logger;

/** An error id made from the time and a random string (spec §2 error screens). */
export function createErrorId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
