/**
 * The password policy (decision 023), one function used by every path that sets a
 * password: registration, reset, change (better-auth's endpoints, through the hook in
 * auth.server.ts), the admin's "create user" form and the CLI (create-user.server.ts).
 *
 * A password is refused when it is
 * - shorter than MIN_PASSWORD_LENGTH (8) or longer than MAX_PASSWORD_LENGTH (128) characters;
 * - one of the most common passwords, compared case-insensitively with the list bundled in the
 *   npm package `@zxcvbn-ts/language-common` (MIT, the zxcvbn-ts project; `passwords.json`,
 *   about 49,000 entries ranked from leaked-password corpora), read from disk once, no network;
 * - or contains the local part of the account's e-mail (case-insensitive, local parts of at
 *   least 3 characters).
 *
 * Free of i18n and Vite so plain Node (the CLI) can run it; callers translate the problem with
 * `PASSWORD_PROBLEM_MESSAGES`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '~/lib/constants';

/** Why a password is refused. */
export type PasswordProblem = 'too_short' | 'too_long' | 'too_common' | 'contains_email';

/** The translation key of each refusal (auth.json; the too-short text is the spec's). */
export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  too_short: 'auth.forgot.errors.tooShort',
  too_long: 'auth.password.errors.tooLong',
  too_common: 'auth.password.errors.tooCommon',
  contains_email: 'auth.password.errors.containsEmail',
};

/** The better-auth error code our hook throws for each refusal (the API answers 400 with it). */
export const PASSWORD_PROBLEM_CODES: Record<PasswordProblem, string> = {
  too_short: 'PASSWORD_TOO_SHORT',
  too_long: 'PASSWORD_TOO_LONG',
  too_common: 'PASSWORD_TOO_COMMON',
  contains_email: 'PASSWORD_CONTAINS_EMAIL',
};

/** The problem named by a better-auth error code, or null for any other code. */
export function passwordProblemOfCode(code: string | undefined): PasswordProblem | null {
  const entry = Object.entries(PASSWORD_PROBLEM_CODES).find(([, value]) => value === code);
  return entry ? (entry[0] as PasswordProblem) : null;
}

/** Shortest e-mail local part that is looked for inside the password. */
const MIN_LOCAL_PART = 3;

let commonPasswords: Set<string> | null = null;

/** The bundled list, lower-cased, loaded on first use (about 50 ms, once per process). */
function commonList(): Set<string> {
  if (!commonPasswords) {
    const file = createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common/src/passwords.json');
    const entries = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (!Array.isArray(entries) || entries.length < 10_000) throw new Error('the common-password list is missing or too short');
    commonPasswords = new Set(entries.map((entry) => String(entry).toLowerCase()));
  }
  return commonPasswords;
}

/** How many passwords the bundled list holds (for tests and diagnostics). */
export function commonPasswordCount(): number {
  return commonList().size;
}

/** True when `password` is on the bundled common-password list, ignoring case. */
export function isCommonPassword(password: string): boolean {
  return commonList().has(password.toLowerCase());
}

/**
 * Checks `password` against the policy; `email` is the account's address (optional: without it
 * the e-mail rule is skipped). Returns the first problem found, or null when the password is
 * acceptable. Lengths are counted in UTF-16 code units, as better-auth and the forms do.
 */
export function checkPasswordPolicy(password: string, email?: string | null): PasswordProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'too_short';
  if (password.length > MAX_PASSWORD_LENGTH) return 'too_long';
  if (isCommonPassword(password)) return 'too_common';
  const localPart = (email ?? '').split('@')[0]?.trim().toLowerCase() ?? '';
  if (localPart.length >= MIN_LOCAL_PART && password.toLowerCase().includes(localPart)) return 'contains_email';
  return null;
}
