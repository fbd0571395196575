/**
 * The accounts of the bell journeys (tests/e2e/notifications.spec.ts), created by
 * `seed-notifications.ts` and kept apart from the per-role accounts so that no other journey sees
 * their notifications change: `live` receives an admin's notifications in the test, `badge` holds
 * 120 unread ones (the "99+" badge and the time labels), `quiet` has none (the empty list), `offline` loses its connection while one is sent.
 * Test-only credentials. No server imports: the browser tests read this file.
 */
const HOUR_MS = 60 * 60 * 1_000;
const DAY_MS = 24 * HOUR_MS;

export const E2E_NOTIFICATION_USERS = {
  live: { email: 'bell-live@e2e.dimora.test', password: 'e2e-ring-live-pass', name: 'Lena Live' },
  badge: { email: 'bell-badge@e2e.dimora.test', password: 'e2e-ring-badge-pass', name: 'Bruno Badge' },
  quiet: { email: 'bell-quiet@e2e.dimora.test', password: 'e2e-ring-quiet-pass', name: 'Quinn Quiet' },
  /** Goes offline in tests/e2e/realtime.spec.ts while a notification is sent to them. */
  offline: { email: 'bell-offline@e2e.dimora.test', password: 'e2e-ring-offline-pass', name: 'Otto Offline' },
} as const;
export type NotificationUser = keyof typeof E2E_NOTIFICATION_USERS;

/** How many unread notifications the `badge` account holds. */
export const BADGE_USER_UNREAD = 120;

/** Newest first: the ages of the four newest of the `badge` account's notifications. */
export const BADGE_USER_NEWEST = [
  { title: 'Welcome to your bell', ageMs: 5 * 60 * 1_000, type: 'success' },
  { title: 'Boiler check tomorrow', ageMs: 3 * HOUR_MS + 5 * 60 * 1_000, type: 'warning' },
  { title: 'Payment failed', ageMs: 2 * DAY_MS + HOUR_MS, type: 'error' },
  { title: 'Newsletter', ageMs: 10 * DAY_MS, type: 'info' },
] as const;
