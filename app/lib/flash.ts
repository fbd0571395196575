/**
 * One-shot messages carried across a redirect (e.g. "Signed out successfully!" after the
 * sign-out redirect): the server sets the short-lived `flash` cookie, the chrome shows its toast
 * once and deletes it. Client-safe.
 */
export const FLASH_COOKIE = 'flash';
/** A flash lives at most a minute: long enough for the redirect, not for a later visit. */
export const FLASH_MAX_AGE_S = 60;

/** Every flash the server may set: kind of toast and its translation keys (spec §8). */
export const FLASH_MESSAGES = {
  'signed-in': { color: 'teal', title: 'common.toast.success', message: 'common.session.signedIn' },
  'signed-out': { color: 'teal', title: 'common.toast.success', message: 'common.session.signedOut' },
  // Decision 023: after /account/password.
  'password-changed': { color: 'teal', title: 'common.toast.success', message: 'common.session.passwordChanged' },
} as const;
export type Flash = keyof typeof FLASH_MESSAGES;

export function isFlash(value: string | undefined): value is Flash {
  return value !== undefined && value in FLASH_MESSAGES;
}

/** The Set-Cookie value that carries `flash` to the next page. */
export function flashCookie(flash: Flash): string {
  return `${FLASH_COOKIE}=${flash}; Path=/; Max-Age=${FLASH_MAX_AGE_S}; SameSite=Lax`;
}
