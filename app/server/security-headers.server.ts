/**
 * Security headers and request checks for every response (decision 007):
 * a Content-Security-Policy with a per-request nonce, HSTS on https in production, and the
 * refusal of state-changing requests — and of the event stream (decision 011) — sent from a
 * foreign origin (CSRF), alongside the session cookie's SameSite=Lax.
 */
import { randomBytes } from 'node:crypto';

/** A fresh, unguessable nonce for one response's inline scripts. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The policy for one response. `dev` allows Vite's hot-reload socket and its inline modules.
 * Styles allow inline attributes: Mantine sets CSS variables through `style`. `imageSources`
 * are extra origins images may come from: the map tile host(s) (decision 016), exact
 * origins such as `https://tile.openstreetmap.org`, never wildcards. `monitoringOrigin` (the
 * stored Sentry DSN's origin, e.g. `https://o1.ingest.sentry.io`) may receive error reports, and
 * `formTargets` are the exact origins a form post may be redirected to (Stripe Checkout's), and
 * session replay may run its compression worker from a blob; both only while a DSN is stored
 * (decision 019). Workers may come from this site only (the service worker, decision 035): stated, because 'strict-dynamic' makes script-src ignore 'self'.
 */
export function contentSecurityPolicy(
  nonce: string,
  {
    dev,
    imageSources = [],
    monitoringOrigin,
    formTargets = [],
  }: { dev: boolean; imageSources?: readonly string[]; monitoringOrigin?: string | null; formTargets?: readonly string[] },
): string {
  const script = dev ? `'self' 'unsafe-inline'` : `'self' 'nonce-${nonce}' 'strict-dynamic'`;
  const monitoring = monitoringOrigin ? ` ${monitoringOrigin}` : '';
  return [
    `default-src 'self'`,
    `script-src ${script}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:${imageSources.map((source) => ` ${source}`).join('')}`,
    `font-src 'self' data:`,
    `connect-src 'self'${dev ? ' ws: wss:' : ''}${monitoring}`,
    // The service worker (/sw.js, decision 035); with monitoring, session replay's blob worker too.
    `worker-src 'self'${monitoringOrigin ? ' blob:' : ''}`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `frame-ancestors 'none'`,
    // A form may also lead to the payment provider's hosted checkout (a 303 after Pay now, decision 049).
    `form-action 'self'${formTargets.map((target) => ` ${target}`).join('')}`,
  ].join('; ');
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Where a request says it was sent from: its `Origin`, `Sec-Fetch-Site` and `Host` headers, and PUBLIC_URL's origin. */
export type RequestSource = {
  origin: string | undefined;
  secFetchSite: string | undefined;
  host: string | undefined;
  publicOrigin: string;
};

/**
 * True unless the request's headers say a page of another site sent it: an `Origin` must be
 * PUBLIC_URL's origin or name the `Host` the request came to (`null` and malformed ones are
 * foreign); without an `Origin`, `Sec-Fetch-Site` must be `same-origin` or `none`; with
 * neither header (a non-browser client, which holds no victim's cookies) it is allowed.
 */
export function isFromThisSite({ origin, secFetchSite, host, publicOrigin }: RequestSource): boolean {
  if (origin) {
    if (origin === 'null') return false;
    if (origin === publicOrigin) return true;
    try {
      return new URL(origin).host === host;
    } catch {
      return false;
    }
  }
  if (secFetchSite) return secFetchSite === 'same-origin' || secFetchSite === 'none';
  return true;
}

/**
 * True when a request may change state on our behalf: safe methods always; otherwise it must
 * come from this site (`isFromThisSite`). `host` is the Host header; `publicOrigin` is
 * PUBLIC_URL's origin.
 */
export function isSameOriginRequest({ method, ...source }: RequestSource & { method: string }): boolean {
  return SAFE_METHODS.has(method.toUpperCase()) || isFromThisSite(source);
}
