/**
 * The known TOTP key of test staff accounts and codes computed from it with `otplib`, as an
 * authenticator app would (decision 023). Free of app imports, so the Playwright fixtures
 * can use it as well as vitest (tests/setup/two-factor.ts).
 */
import { generateSync, ScureBase32Plugin } from 'otplib';

/** The TOTP key of every test staff account, as better-auth keeps it (its raw 32 characters). */
export const TEST_TOTP_KEY = 'dimora-test-totp-key-0123456789a';

/** The key in base32, as an authenticator app (and the `otpauth://` URI) takes it. */
export function base32Of(rawKey: string): string {
  return new ScureBase32Plugin().encode(new TextEncoder().encode(rawKey)).replace(/=+$/, '');
}

/** The length of a TOTP step in seconds (the server's and authenticator apps'). */
export const TOTP_PERIOD_S = 30;

/** The current six-digit code for a base32 secret (what an authenticator app shows). */
export function totpNow(base32Secret: string): string {
  return generateSync({ secret: base32Secret });
}

/** The TOTP step (whole 30-second periods since the Unix epoch) of the instant `ms` (milliseconds; default now). */
export function totpStepNow(ms: number = Date.now()): number {
  return Math.floor(ms / 1_000 / TOTP_PERIOD_S);
}

/**
 * The code of time step `step` (see `totpStepNow`) for a base32 secret. The server takes a code
 * of the previous, current or next step, each once per account (decision 023): the next step's
 * code is what an app shows 30 seconds later, so a test can sign in again without waiting.
 */
export function totpAt(base32Secret: string, step: number): string {
  return generateSync({ secret: base32Secret, epoch: step * TOTP_PERIOD_S });
}

/**
 * Resolves once at least `marginMs` of the current TOTP step remain, so a test that picks a step's
 * code and sends it at once cannot see the step change on the way (a loaded CI machine takes
 * seconds for a password hash). Waits for the condition, never a fixed time.
 */
export async function awayFromStepEdge(marginMs = 5_000): Promise<void> {
  const periodMs = TOTP_PERIOD_S * 1000;
  while (periodMs - (Date.now() % periodMs) < marginMs) await new Promise((resolve) => setTimeout(resolve, 100));
}
