/**
 * Decision 023: secrets carried in links — verification and reset tokens, listing-alert confirm and
 * unsubscribe tokens, one-time codes — are kept out of the request log and, outside test and
 * demo mode, out of the dev mailbox. One list of query-parameter names, one replacement.
 */

/** Query parameters whose value is a secret (case-insensitive). */
export const SECRET_QUERY_PARAMS = ['token', 'code', 'secret', 'confirm', 'unsubscribe', 'otp', 'password', 'signature'] as const;

/** What a redacted value becomes. URL-safe, so a redacted link still parses. */
export const REDACTED = 'REDACTED';

// `?token=…` or `&token=…` (also `&amp;token=` in HTML), the value up to the next separator.
const SECRET_PARAM = new RegExp(`([?&](?:amp;)?(?:${SECRET_QUERY_PARAMS.join('|')})=)[^&#\\s"'<>)\\]]+`, 'gi');

/**
 * Paths whose last segment is a secret: a vendor's or an owner's invitation link
 * (`/vendor-invite/<token>`, `/owner-invite/<token>`, decisions 030 and 061), also when carried
 * URL-encoded in another link's `redirectTo`.
 */
export const SECRET_PATH_PREFIXES = ['vendor-invite', 'owner-invite'] as const;
const SECRET_PATH = new RegExp(`((?:/|%2F)(?:${SECRET_PATH_PREFIXES.join('|')})(?:/|%2F))[A-Za-z0-9_-]+`, 'gi');

/**
 * `text` (a request URL, a header value, an e-mail body) with the value of every secret query
 * parameter, and the secret segment of every secret path, replaced by `REDACTED`; everything else
 * untouched. Non-strings come back as they are.
 */
export function redactSecrets<T>(text: T): T {
  if (typeof text !== 'string') return text;
  return text.replace(SECRET_PARAM, `$1${REDACTED}`).replace(SECRET_PATH, `$1${REDACTED}`) as T;
}

/** A parsed query object (`req.query`) with secret parameters' values (and secret paths in the others) replaced. */
export function redactQuery(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query;
  const secret = new Set<string>(SECRET_QUERY_PARAMS);
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, secret.has(name.toLowerCase()) ? REDACTED : redactSecrets(value)]),
  );
}

/** The serialized request pino-http logs (pino-std-serializers' shape, the parts that matter here). */
type LoggedRequest = { url?: string; query?: unknown; headers?: Record<string, unknown> };

/**
 * pino-http's `req` serializer: the URL, the parsed query and the Referer header (a page opened
 * from a reset link sends that link as the Referer of its assets) without secret values.
 */
export function redactLoggedRequest<T extends LoggedRequest>(req: T): T {
  const headers = req.headers && 'referer' in req.headers ? { ...req.headers, referer: redactSecrets(req.headers.referer) } : req.headers;
  return { ...req, url: redactSecrets(req.url), query: redactQuery(req.query), headers };
}

/**
 * Whether the dev mailbox may show captured links whole: only in test mode (`NODE_ENV=test`) or
 * demo mode (`DEMO_MODE`, by default a loopback PUBLIC_URL: env.server.ts). Elsewhere an admin
 * reading the mailbox must not be able to take over an account from its reset link.
 */
export function mailboxShowsTokens(config: { NODE_ENV: string; demoMode: boolean }): boolean {
  return config.NODE_ENV === 'test' || config.demoMode;
}
