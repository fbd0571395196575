/**
 * Business constants and limits from spec §9, in one place (DESIGN §1.5). Client-safe.
 */

/** spec §9: languages. */
export const SUPPORTED_LANGUAGES = ['en', 'it'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** spec §9: storage keys (localStorage and the mirrored cookies). */
export const STORAGE_KEYS = {
  cookieConsent: 'cookie-consent',
  language: 'language',
  theme: 'theme',
  sidebar: 'sidebar_state',
} as const;

/** spec §9: sidebar state cookie lasts 7 days (seconds). */
export const SIDEBAR_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;
/** Preference cookies (language, theme, consent) last a year (seconds). */
export const PREFERENCE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** spec §9: mobile layout below 768 px. */
export const MOBILE_BREAKPOINT_PX = 768;

/** spec §9: connectivity rechecked every 60 s. */
export const CONNECTIVITY_CHECK_MS = 60_000;

/** spec §9: toasts visible 4 s, at most 3 at once. */
export const TOAST_DURATION_MS = 4_000;
export const TOAST_LIMIT = 3;

/** spec §9: route guard spinner 100 ms (used as the delay before the loading card shows). */
export const LOADING_DELAY_MS = 100;

/** spec §9: rate limits per action per minute. Enforced by the server (decision 007). */
export const RATE_LIMITS = {
  login: 5,
  /** The second sign-in step (decision 023): codes from an authenticator app or backup codes. */
  two_factor: 5,
  signup: 3,
  payment: 10,
  maintenance_request: 20,
  api_call: 100,
  default: 50,
} as const;
/**
 * Decision 053: page renders (GET/HEAD reaching React Router, cache hits not counted) a minute one
 * client address may cause without a session cookie; env PAGE_RENDER_RATE_LIMIT overrides it.
 */
export const PAGE_RENDER_RATE_LIMIT = 120;
/** The same with a session cookie: a multiple of the anonymous budget (offices behind one address). */
export const SIGNED_IN_PAGE_RENDER_RATE_FACTOR = 5;
/** spec §9: warning threshold, 80 % of a limit. */
export const RATE_LIMIT_WARNING_RATIO = 0.8;
/** spec §4/§9: the security status is checked again every 30 s. */
export const SECURITY_STATUS_CHECK_MS = 30_000;

/** spec §9: notifications list length and badge cap. */
export const NOTIFICATION_LIST_LIMIT = 50;
export const NOTIFICATION_BADGE_CAP = 99;

/** Realtime stream (decision 011): a comment line keeps idle connections open through proxies. */
export const REALTIME_HEARTBEAT_MS = 25_000;
/** Reconnect backoff of the event stream: 1 s doubling to 30 s, with jitter. */
export const REALTIME_RETRY_MIN_MS = 1_000;
export const REALTIME_RETRY_MAX_MS = 30_000;
/** Open streams one user (or one chat visitor) may hold on one instance; more answer 429. */
export const REALTIME_MAX_STREAMS_PER_PRINCIPAL = 20;
/** Open streams one client address may hold on one instance (an office behind one NAT included). */
export const REALTIME_MAX_STREAMS_PER_CLIENT = 200;
/** An open stream's session is checked again this often; a changed or ended one closes it. */
export const REALTIME_REAUTH_MS = 5 * 60 * 1_000;
/** A client that stops reading: once this much is queued for it, its stream is closed (it replays on reconnect). */
export const REALTIME_MAX_BUFFERED_BYTES = 256 * 1024;

/** spec §9: the chat widget is forced visible, rechecked every 2 s (geometry: chat.module.css). */
export const CHAT_WIDGET_CHECK_MS = 2_000;

/** spec §9: minimum password length, raised from 6 to 8 by decision 023 (password policy). */
export const MIN_PASSWORD_LENGTH = 8;
/** Longest password accepted (better-auth's default maximum; decision 023). */
export const MAX_PASSWORD_LENGTH = 128;

/**
 * Shortest audit-log retention in days (AUDIT_RETENTION_DAYS, decision 023). The database's
 * `audit_log_purge` (migration 0025, decision 055) refuses a shorter one with the same number.
 */
export const MIN_AUDIT_RETENTION_DAYS = 30;

/** spec §1: marketing figures. */
export const MARKETING_FIGURES = {
  unitsManaged: 75_000,
  states: 23,
  vendorCountries: 100,
  networkProfessionals: 145_000,
  transactionSidesPerAgent: 11.7,
} as const;

/** Listing search (spec §2 /properties). */
export const LISTING_PAGE_SIZE = 12;
export const LISTING_CAPACITY_OPTIONS = [1, 2, 3, 4] as const;
export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
/** Counting stops here so a broad search costs the same at 200 or 75,000 units (decision 003). */
export const LISTING_COUNT_CAP = 1_000;
export const LISTING_MAX_PRICE = 100_000;

/** spec §2 chrome: the public links of the side menu, in order. */
export const SIDE_MENU_LINKS = [
  { to: '/', key: 'home' },
  { to: '/properties', key: 'properties' },
  { to: '/amenities', key: 'amenities' },
  { to: '/services', key: 'services' },
  { to: '/about', key: 'about' },
  { to: '/gallery', key: 'gallery' },
  { to: '/contact', key: 'contact' },
] as const;

/**
 * DESIGN §4 fee rules (not in the spec): the defaults of the booking settings kept in the
 * `setting` table (migration 0002) and edited in /admin/system. Application fee in cents;
 * security deposit as a number of months' rent.
 */
export const BOOKING_FEE_DEFAULTS = { applicationFeeCents: 5_000, depositMonths: 1 } as const;
/** The `setting` keys of the booking fee rules. */
export const BOOKING_SETTING_KEYS = {
  applicationFeeCents: 'booking.application_fee_cents',
  depositMonths: 'booking.deposit_months',
} as const;
