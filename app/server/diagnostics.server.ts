/**
 * Routes that fail on purpose, so tests and monitors can check the error screens and that the
 * error id reaches the log with the stack. Answer 404 unless ENABLE_DIAGNOSTIC_ROUTES=true.
 */
import { data } from 'react-router';
import { env } from './env.server';

export class DiagnosticError extends Error {
  constructor(where: string) {
    super(`Diagnostic error raised on purpose in ${where}`);
    this.name = 'DiagnosticError';
  }
}

/** Throws a 404 response when diagnostics are off, else a DiagnosticError. */
export function failOnPurpose(where: string): never {
  if (!env.ENABLE_DIAGNOSTIC_ROUTES) throw data(null, { status: 404 });
  throw new DiagnosticError(where);
}
