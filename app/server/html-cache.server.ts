/**
 * Caching of public pages for anonymous visitors (decision 031).
 *
 * - **Which requests**: GET and HEAD of the public pages (`PUBLIC_PAGE_PATH`: `/`, the marketing
 *   pages, `/properties`, `/apartments`, `/property/{id}`) and of their React Router `.data`
 *   requests, without a session cookie, and not when the render would set a cookie (a `?lang=`
 *   the language cookie does not say yet). Everything else passes by untouched.
 * - **Key**: the origin, the path, the page's *canonical* query (decision 053), and every
 *   preference the server renders from cookies or headers (language as resolved from `?lang=`,
 *   cookie or `Accept-Language`; theme; side menu; cookie consent; whether a chat visitor cookie is
 *   there). HEAD shares GET's entries.
 * - **Canonical query** (decision 053): only the parameters the page reads, parsed by its own
 *   parser and written back by its serialiser (`canonicalQuery`, server/canonical-query.ts:
 *   defaults, invalid values, duplicates and unknown parameters drop out), sorted by name, plus
 *   `lang` and `chat=open`; a data request keeps `_routes` as the route ids it names that match
 *   the page (`routeIdsOf`), sorted. So `/properties?r=1` and `?r=2` cannot make two renders:
 *   - a *document* request whose query is not its canonical one (as a set of pairs; the order does
 *     not matter) is answered `301` to the canonical URL (`createCanonicalRedirect`), for every
 *     visitor: browsers, crawlers and shared caches then hold one URL per page;
 *   - a *data* request (`.data`, fetched by the router, which must not be redirected) keys on the
 *     canonical query, and a miss is rendered with its URL rewritten to the canonical one, so
 *     the stored body never reflects a parameter outside the key.
 * - **Stored**: status 200 answers with an HTML or `.data` body, no `Set-Cookie` and no
 *   `Cache-Control` of their own, with their headers, for `ttlMs`, in an LRU bounded by count and
 *   bytes (`lru-cache`). The body is replayed byte for byte, CSP header included (its nonce is the
 *   one in the body, see decision 031).
 * - **Answers** carry a strong `ETag` (SHA-256 of the body; a content-coded answer gets
 *   `-<coding>` appended, RFC 9110 §8.8.3) and 304 on a matching `If-None-Match`;
 *   `Cache-Control: public, max-age=0, s-maxage=…, stale-while-revalidate=…`; `Vary: Cookie`
 *   (+ `Accept-Language` unless the URL names its language); `X-Cache: hit|miss`. Public-page
 *   answers that cannot be shared (Set-Cookie, not 200) get `private, no-store`.
 * - **Invalidation**: `clear()` empties it (called on content signals from the realtime hub and
 *   on settings changes, server/app.ts). A render that began before a clear is not stored.
 */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import onHeaders from 'on-headers';
import { STORAGE_KEYS } from '~/lib/constants';
import { parseCookies } from '~/lib/cookies';
import { languageCookieFromUrl, readPreferences } from '~/lib/preferences';
import { PUBLIC_PAGE_PATH } from '~/lib/public-pages';
import { LANG_PARAM } from '~/lib/seo';
import { hasSessionCookieHeader } from './auth/auth.server';
import { readVisitorToken } from './chat/chat-access.server';

export { PUBLIC_PAGE_PATH } from '~/lib/public-pages';

/** How long a shared cache (CDN, proxy) may serve a page without asking (s): it hears no invalidations. */
export const SHARED_MAX_AGE_S = 10;
/** How long after that a shared cache may still serve it while it revalidates in the background (s). */
export const STALE_WHILE_REVALIDATE_S = 60;
/** The largest body stored (bytes); a listing page is ≈ 60 KB. */
const MAX_ENTRY_BYTES = 1_000_000;
/** Response headers that belong to one answer and are never replayed from an entry. */
const PER_RESPONSE_HEADERS = new Set([
  'x-request-id',
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'etag',
  'cache-control',
  'vary',
  'x-cache',
  'set-cookie',
]);
const CACHEABLE_TYPE = /^(?:text\/html|text\/x-script)\b/i;

/**
 * The canonical query of the public page at a path (`/properties`, never `.data`): see the module
 * comment. Never throws.
 */
export type CanonicalQuery = (pagePath: string, params: URLSearchParams) => URLSearchParams;
/** The ids of the routes that match a page path, or null when they are not known yet. */
export type RouteIdsOf = (pagePath: string) => ReadonlySet<string> | null;

/** How a request's query is made canonical; without them every parameter is kept as sent. */
export type CanonicalOptions = { canonicalQuery?: CanonicalQuery; routeIdsOf?: RouteIdsOf };

export type HtmlCacheOptions = CanonicalOptions & {
  /** How long an entry is served (ms); > 0. */
  ttlMs: number;
  /** At most this many entries (default 1,000). */
  maxEntries?: number;
  /** At most this many bytes of bodies in all (default 64 MB). */
  maxBytes?: number;
};

type Entry = { body: Buffer; etag: string; headers: [string, string | number | string[]][]; vary: string };

export type HtmlCacheStats = { hits: number; misses: number; stores: number; clears: number; entries: number };

export type HtmlCache = {
  /** Serves and fills the cache; install after compression and static files, before React Router. */
  middleware: RequestHandler;
  /** Adds the content coding to this module's ETags; install before compression. */
  etagCoding: RequestHandler;
  /** Drops every entry; renders under way are not stored. */
  clear(): void;
  stats(): HtmlCacheStats;
};

/** The `Cache-Control` of an anonymous public page. */
export const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`;
/** The `Cache-Control` of a public page's answer that must not be shared (a Set-Cookie, an error). */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** The page a public path shows: `/properties.data` → `/properties`, `/_root.data` → `/`. */
export function pagePathOf(pathname: string): string {
  if (pathname === '/_root.data' || pathname === '/_root') return '/';
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname;
}

const byName = ([a]: [string, string], [b]: [string, string]) => (a < b ? -1 : a > b ? 1 : 0);
/** The pairs of a query sorted by name (values of one name keep their order), as one string. */
const sortedQuery = (params: URLSearchParams) => new URLSearchParams([...params].sort(byName)).toString();

/**
 * The canonical query of a public page's URL (module comment), unsorted; null when a data
 * request names `_routes` that cannot be checked yet (no `routeIdsOf`, or its build not loaded):
 * such a request is neither served from nor stored in the cache.
 */
export function canonicalSearchOf(url: URL, { canonicalQuery, routeIdsOf }: CanonicalOptions): URLSearchParams | null {
  if (!canonicalQuery) return new URLSearchParams(url.searchParams);
  const pagePath = pagePathOf(url.pathname);
  const canonical = canonicalQuery(pagePath, url.searchParams);
  const routes = url.searchParams.get('_routes');
  if (url.pathname.endsWith('.data') && routes !== null) {
    const matched = routeIdsOf?.(pagePath);
    if (!matched) return null;
    // React Router loads the matched routes named here (a set): the others change nothing.
    const ids = [...new Set(routes.split(','))].filter((id) => matched.has(id)).sort();
    canonical.set('_routes', ids.join(','));
  }
  return canonical;
}

/** What the cache does with one request: its entry's key, and the URL (path + query) a miss renders. */
export type HtmlCacheLookup = { key: string; url: string };

/**
 * The cache key of a request and the canonical URL it renders, or null when it must not be served
 * from or stored in the cache (not a public page, not GET/HEAD, a session cookie, an answer that
 * would set a cookie, or `_routes` that cannot be checked).
 */
export function htmlCacheLookup(
  req: Pick<Request, 'method' | 'originalUrl' | 'protocol' | 'headers'>,
  options: CanonicalOptions = {},
): HtmlCacheLookup | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const cookie = req.headers.cookie;
  if (hasSessionCookieHeader(cookie)) return null;
  const url = new URL(req.originalUrl, `${req.protocol}://${req.headers.host ?? 'localhost'}`);
  if (!PUBLIC_PAGE_PATH.test(url.pathname)) return null;
  const headers = new Headers();
  if (cookie) headers.set('cookie', cookie);
  const acceptLanguage = req.headers['accept-language'];
  if (acceptLanguage) headers.set('accept-language', acceptLanguage);
  const request = new Request(url, { headers });
  // The render would make the URL's language stick with a Set-Cookie: never from the cache.
  if (languageCookieFromUrl(request) !== null) return null;
  const canonical = canonicalSearchOf(url, options);
  if (!canonical) return null;
  const preferences = readPreferences(request);
  const search = canonical.toString();
  const key = [
    url.origin,
    url.pathname,
    sortedQuery(canonical),
    preferences.language,
    preferences.theme,
    preferences.sidebarOpen ? 'menu' : '',
    // The consent as the page shows it (the banner, the choices), not the raw cookie text.
    preferences.consent ? JSON.stringify(preferences.consent) : parseCookies(cookie)[STORAGE_KEYS.cookieConsent] === undefined ? '' : 'bad',
    readVisitorToken(request) ? 'chat' : '',
  ].join('\n');
  return { key, url: search ? `${url.pathname}?${search}` : url.pathname };
}

/**
 * The cache key of a request (see `htmlCacheLookup`), or null when it must not be served from or
 * stored in the cache.
 */
export function htmlCacheKey(
  req: Pick<Request, 'method' | 'originalUrl' | 'protocol' | 'headers'>,
  options: CanonicalOptions = {},
): string | null {
  return htmlCacheLookup(req, options)?.key ?? null;
}

/**
 * Where a public page's document request (GET or HEAD, not `.data`) belongs instead: its path
 * with the canonical query (decision 053), when the query it came with holds other pairs (the
 * order does not count); null when it is canonical already or is no public page.
 */
export function canonicalRedirectTarget(method: string, originalUrl: string, canonicalQuery: CanonicalQuery): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const url = new URL(originalUrl, 'http://x');
  if (!url.search || url.pathname.endsWith('.data') || !PUBLIC_PAGE_PATH.test(url.pathname)) return null;
  const canonical = canonicalQuery(url.pathname, url.searchParams);
  if (sortedQuery(canonical) === sortedQuery(url.searchParams)) return null;
  const search = canonical.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

/** How long a browser or shared cache keeps a canonical redirect (s); short, as parameters may be added later. */
export const CANONICAL_REDIRECT_MAX_AGE_S = 3_600;

/**
 * Answers a public page's non-canonical document request with `301` to its canonical URL
 * (decision 053): costs no database work and no render. Install before the cache.
 */
export function createCanonicalRedirect(canonicalQuery: CanonicalQuery): RequestHandler {
  return (req, res, next) => {
    const target = canonicalRedirectTarget(req.method, req.originalUrl, canonicalQuery);
    if (!target) {
      next();
      return;
    }
    res.setHeader('Cache-Control', `public, max-age=${CANONICAL_REDIRECT_MAX_AGE_S}`);
    res.redirect(301, target);
  };
}

/** A strong entity tag of `body` (its opaque part, without quotes). */
export function entityTagOf(body: Buffer): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 27);
}

/**
 * The tag of `If-None-Match` that names this body (`"<tag>"`, or `"<tag>-<coding>"` as sent
 * with a compressed answer, weak or strong: RFC 9110 §13.1.2 compares weakly), or null.
 */
export function matchingEntityTag(ifNoneMatch: string | undefined, tag: string): string | null {
  if (!ifNoneMatch) return null;
  for (const part of ifNoneMatch.split(',')) {
    const candidate = part.trim();
    if (candidate === '*') return `"${tag}"`;
    const opaque = /^(?:W\/)?"([^"]*)"$/.exec(candidate)?.[1];
    if (opaque !== undefined && (opaque === tag || opaque.startsWith(`${tag}-`))) return `"${opaque}"`;
  }
  return null;
}

/** `Vary` of a public page: cookies always (theme, consent…), `Accept-Language` unless the URL names the language. */
function varyOf(req: Request): string {
  const named = new URL(req.originalUrl, 'http://x').searchParams.has(LANG_PARAM);
  return named ? 'Cookie' : 'Accept-Language, Cookie';
}

type Chunk = string | Uint8Array;
const toBuffer = (chunk: Chunk, encoding?: BufferEncoding) =>
  typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk);

/**
 * Creates one process's cache (see the module comment). Throws on `ttlMs` ≤ 0 (the caller
 * installs nothing then).
 */
export function createHtmlCache({ ttlMs, maxEntries = 1_000, maxBytes = 64 * 1024 * 1024, ...canonical }: HtmlCacheOptions): HtmlCache {
  if (!(ttlMs > 0)) throw new Error('createHtmlCache needs ttlMs > 0');
  const entries = new LRUCache<string, Entry>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: (entry) => entry.body.length + 1_024,
    ttl: ttlMs,
  });
  // Bumped by clear(): a render that started before is not stored (it may show the old data).
  let generation = 0;
  const counters = { hits: 0, misses: 0, stores: 0, clears: 0 };

  /**
   * Sets the caching headers of an answer from (`hit`) or into (`miss`) the cache. True when the
   * request's `If-None-Match` matches the entry: the caller then answers 304 without a body.
   */
  const setCachingHeaders = (req: Request, res: Response, entry: Entry, outcome: 'hit' | 'miss'): boolean => {
    res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
    res.setHeader('Vary', entry.vary);
    res.setHeader('X-Cache', outcome);
    const matched = matchingEntityTag(req.headers['if-none-match'], entry.etag);
    if (matched) {
      res.removeHeader('Content-Type');
      res.setHeader('ETag', matched);
      return true;
    }
    res.locals.htmlCacheTag = entry.etag;
    res.setHeader('ETag', `"${entry.etag}"`);
    return false;
  };

  const sendEntry = (req: Request, res: Response, entry: Entry) => {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (setCachingHeaders(req, res, entry, 'hit')) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Length', entry.body.length);
    res.status(200).end(req.method === 'HEAD' ? undefined : entry.body);
  };

  const middleware: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    const lookup = htmlCacheLookup(req, canonical);
    if (lookup === null) {
      // A public page's answer that cannot be shared (a session, a Set-Cookie to come) says so.
      if (PUBLIC_PAGE_PATH.test(req.path) && !res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL);
      next();
      return;
    }
    const { key } = lookup;
    const cached = entries.get(key);
    if (cached) {
      counters.hits += 1;
      sendEntry(req, res, cached);
      return;
    }
    counters.misses += 1;
    const started = generation;
    const chunks: Buffer[] = [];
    const write = res.write;
    const end = res.end;
    const rawEnd = end as unknown as (this: Response, chunk?: Buffer, callback?: () => void) => Response;
    // Hold the body until the end: its hash is the ETag, sent before it.
    res.write = function bufferedWrite(chunk: Chunk, encoding?: BufferEncoding | (() => void), callback?: () => void) {
      chunks.push(toBuffer(chunk, typeof encoding === 'string' ? encoding : undefined));
      const done = typeof encoding === 'function' ? encoding : callback;
      if (done) process.nextTick(done);
      return true;
    } as Response['write'];
    res.end = function bufferedEnd(chunk?: Chunk | (() => void), encoding?: BufferEncoding | (() => void), callback?: () => void) {
      res.write = write;
      res.end = end;
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
        chunks.push(toBuffer(chunk, typeof encoding === 'string' ? encoding : undefined));
      const done = typeof chunk === 'function' ? chunk : typeof encoding === 'function' ? encoding : callback;
      const body = Buffer.concat(chunks);
      const type = String(res.getHeader('Content-Type') ?? '');
      const shareable =
        res.statusCode === 200 &&
        !res.hasHeader('Set-Cookie') &&
        !res.hasHeader('Cache-Control') &&
        CACHEABLE_TYPE.test(type) &&
        body.length <= MAX_ENTRY_BYTES;
      if (!shareable) {
        if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL);
        return rawEnd.call(res, body, done);
      }
      const entry: Entry = {
        body,
        etag: entityTagOf(body),
        headers: Object.entries(res.getHeaders())
          .filter(([name]) => !PER_RESPONSE_HEADERS.has(name))
          .map(([name, value]) => [name, value as string | number | string[]]),
        vary: varyOf(req),
      };
      if (generation === started) {
        entries.set(key, entry);
        counters.stores += 1;
      }
      if (setCachingHeaders(req, res, entry, 'miss')) {
        res.statusCode = 304;
        return rawEnd.call(res, undefined, done);
      }
      res.setHeader('Content-Length', body.length);
      return rawEnd.call(res, body, done);
    } as Response['end'];
    // The render sees only the canonical query: its body then depends on nothing outside the key.
    if (lookup.url !== req.originalUrl) {
      req.url = lookup.url;
      req.originalUrl = lookup.url;
    }
    next();
  };

  // Runs after compression's header hook (on-headers calls earlier-installed hooks last), so the
  // content coding is known: a gzip answer's tag differs from the identity answer's.
  const etagCoding: RequestHandler = (_req, res, next) => {
    onHeaders(res, function codedEntityTag(this: ServerResponse) {
      const tag = res.locals.htmlCacheTag as string | undefined;
      if (!tag) return;
      const coding = this.getHeader('Content-Encoding');
      if (typeof coding === 'string' && coding !== 'identity') this.setHeader('ETag', `"${tag}-${coding}"`);
    });
    next();
  };

  return {
    middleware,
    etagCoding,
    clear() {
      generation += 1;
      counters.clears += 1;
      entries.clear();
    },
    stats: () => ({ ...counters, entries: entries.size }),
  };
}
