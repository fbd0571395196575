import { checkoutOrigins } from './payments/payments.server';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createNonce, isFromThisSite, isSameOriginRequest } from './security-headers.server';

const SITE = 'https://dimora.example';

function check(request: { method: string; origin?: string; secFetchSite?: string; host?: string }) {
  return isSameOriginRequest({
    method: request.method,
    origin: request.origin,
    secFetchSite: request.secFetchSite,
    host: request.host ?? 'dimora.example',
    publicOrigin: SITE,
  });
}

describe('isSameOriginRequest (foreign-origin refusal)', () => {
  it.each([
    ['a POST from a foreign Origin', { method: 'POST', origin: 'https://evil.example' }, false],
    ['a POST from a foreign subdomain', { method: 'POST', origin: 'https://evil.dimora.example.net' }, false],
    ['a PUT from a foreign Origin', { method: 'PUT', origin: 'https://evil.example' }, false],
    ['a DELETE from a foreign Origin', { method: 'delete', origin: 'https://evil.example' }, false],
    ['a POST with Origin: null (sandboxed frame, data: URL)', { method: 'POST', origin: 'null' }, false],
    ['a POST with a malformed Origin', { method: 'POST', origin: 'not a url' }, false],
    ['a POST without Origin but Sec-Fetch-Site: cross-site', { method: 'POST', secFetchSite: 'cross-site' }, false],
    ['a POST without Origin but Sec-Fetch-Site: same-site', { method: 'POST', secFetchSite: 'same-site' }, false],
    ['a POST from the public origin', { method: 'POST', origin: SITE }, true],
    [
      'a POST whose Origin matches the Host header (local or proxied)',
      { method: 'POST', origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' },
      true,
    ],
    ['a POST without Origin with Sec-Fetch-Site: same-origin', { method: 'POST', secFetchSite: 'same-origin' }, true],
    ['a POST without Origin with Sec-Fetch-Site: none (typed by the user)', { method: 'POST', secFetchSite: 'none' }, true],
    ['a POST from a non-browser client (neither header)', { method: 'POST' }, true],
    ['a GET from a foreign Origin', { method: 'GET', origin: 'https://evil.example' }, true],
    ['a GET with Sec-Fetch-Site: cross-site (a link from elsewhere)', { method: 'GET', secFetchSite: 'cross-site' }, true],
    ['a HEAD with Origin: null', { method: 'HEAD', origin: 'null' }, true],
    ['an OPTIONS from a foreign Origin', { method: 'OPTIONS', origin: 'https://evil.example' }, true],
  ])('%s → allowed: %s', (_label, request, allowed) => {
    expect(check(request)).toBe(allowed);
  });
});

describe('isFromThisSite (the event stream, any method)', () => {
  const from = (headers: { origin?: string; secFetchSite?: string; host?: string }) =>
    isFromThisSite({
      origin: headers.origin,
      secFetchSite: headers.secFetchSite,
      host: headers.host ?? 'dimora.example',
      publicOrigin: SITE,
    });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }, false],
    ['Origin: null', { origin: 'null' }, false],
    ['a look-alike host', { origin: 'https://dimora.example.evil.example' }, false],
    ['no Origin but Sec-Fetch-Site: cross-site', { secFetchSite: 'cross-site' }, false],
    ['the public origin', { origin: SITE }, true],
    ['an Origin naming the Host', { origin: 'http://127.0.0.1:3700', host: '127.0.0.1:3700' }, true],
    ['no Origin, Sec-Fetch-Site: same-origin', { secFetchSite: 'same-origin' }, true],
    ['neither header', {}, true],
  ])('%s → %s', (_label, headers, allowed) => {
    expect(from(headers)).toBe(allowed);
  });
});

describe('contentSecurityPolicy', () => {
  const directives = (policy: string) =>
    new Map(
      policy.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );

  it('in production, scripts need the response nonce and nothing inline is allowed', () => {
    const policy = directives(contentSecurityPolicy('abc123+/=', { dev: false }));
    expect(policy.get('script-src')).toContain(`'nonce-abc123+/='`);
    expect(policy.get('script-src')).not.toContain(`'unsafe-inline'`);
    expect(policy.get('script-src')).not.toContain(`'unsafe-eval'`);
    expect(policy.get('object-src')).toEqual([`'none'`]);
    expect(policy.get('base-uri')).toEqual([`'none'`]);
    expect(policy.get('frame-ancestors')).toEqual([`'none'`]);
    expect(policy.get('form-action')).toEqual([`'self'`]);
    expect(policy.get('default-src')).toEqual([`'self'`]);
    expect(policy.get('connect-src')).toEqual([`'self'`]);
  });

  it('in development, Vite’s inline modules and hot-reload socket are allowed, the rest stays strict', () => {
    const policy = directives(contentSecurityPolicy('n', { dev: true }));
    expect(policy.get('script-src')).toContain(`'unsafe-inline'`);
    expect(policy.get('connect-src')).toEqual([`'self'`, 'ws:', 'wss:']);
    expect(policy.get('object-src')).toEqual([`'none'`]);
    expect(policy.get('frame-ancestors')).toEqual([`'none'`]);
  });
});

describe('contentSecurityPolicy with a hosted checkout (decision 049)', () => {
  it('lets a form lead to Stripe Checkout with Stripe, and nowhere else; scripts and frames stay ours', () => {
    const stripe = contentSecurityPolicy('n', {
      dev: false,
      formTargets: checkoutOrigins({ paymentProvider: 'stripe', STRIPE_API_BASE: undefined }),
    });
    expect(stripe).toMatch(/form-action 'self' https:\/\/checkout\.stripe\.com(;|$)/);
    expect(stripe).not.toMatch(/script-src[^;]*stripe/);
    expect(stripe).not.toMatch(/frame-src|connect-src[^;]*stripe/);
    const standIn = checkoutOrigins({ paymentProvider: 'stripe', STRIPE_API_BASE: 'http://127.0.0.1:4010' });
    expect(standIn).toEqual(['https://checkout.stripe.com', 'http://127.0.0.1:4010']);
    const sandbox = contentSecurityPolicy('n', {
      dev: false,
      formTargets: checkoutOrigins({ paymentProvider: 'sandbox', STRIPE_API_BASE: undefined }),
    });
    expect(sandbox).toMatch(/form-action 'self'(;|$)/);
  });
});

describe('contentSecurityPolicy with map tiles (decision 016)', () => {
  const directives = (policy: string) =>
    new Map(
      policy.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );

  it('lets images come from exactly the tile origins given, and changes nothing else', () => {
    const plain = directives(contentSecurityPolicy('n', { dev: false }));
    const withTiles = directives(contentSecurityPolicy('n', { dev: false, imageSources: ['https://tile.openstreetmap.org'] }));
    expect(plain.get('img-src')).toEqual([`'self'`, 'data:', 'blob:']);
    expect(withTiles.get('img-src')).toEqual([`'self'`, 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    for (const [name, values] of plain) if (name !== 'img-src') expect(withTiles.get(name), name).toEqual(values);
  });
});

describe('createNonce', () => {
  it('is 128 random bits in base64, different every time', () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
