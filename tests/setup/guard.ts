/**
 * Vitest setup file (vitest.config.ts `setupFiles`): a test fails when it writes to `console.error`
 * (an unexpected React warning, an error swallowed and logged) or when it opens a connection to
 * anything but this machine (tests never touch the network: SMTP, Stripe, S3 and the rest have
 * local stand-ins on loopback). Both are reported after the test, with what was written or the
 * address it tried; the connection is refused at once, so nothing leaves the machine.
 */
import net from 'node:net';
import { format } from 'node:util';
import { afterEach } from 'vitest';

const errors: string[] = [];
const originalError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  errors.push(format(...args));
  originalError(...args);
};

/** A loopback host or a Unix socket path (PostgreSQL's local socket). */
function isLocal(host: string | undefined, socketPath: unknown): boolean {
  if (typeof socketPath === 'string') return true;
  const name = (host ?? 'localhost').replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^(::ffff:)?127\./.test(name);
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
  // Node calls it with (options[, cb]), (port[, host][, cb]), (path[, cb]) or one normalized array.
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const options = (typeof first === 'object' && first !== null ? first : {}) as { host?: string; port?: number; path?: string };
  const host =
    typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))
      ? typeof args[1] === 'string'
        ? args[1]
        : undefined
      : options.host;
  const path = typeof first === 'string' && !/^\d+$/.test(first) ? first : options.path;
  if (!isLocal(host, path)) {
    const where = `${host}:${options.port ?? first}`;
    errors.push(`a connection to ${where}: tests never touch the network`);
    throw new Error(`Refused by the test guard: a connection to ${where} (tests never touch the network)`);
  }
  return (connect as (...rest: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;

/** Takes (and clears) what the guard has recorded in the current test: for the guard's own tests. */
export function takeGuardFindings(): string[] {
  return errors.splice(0);
}

afterEach(() => {
  if (errors.length === 0) return;
  const found = errors.splice(0);
  throw new Error(`The test wrote to console.error or reached for the network:\n- ${found.join('\n- ')}`);
});
