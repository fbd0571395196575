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

/** The current six-digit code for a base32 secret (what an authenticator app shows). */
export function totpNow(base32Secret: string): string {
  return generateSync({ secret: base32Secret });
}
