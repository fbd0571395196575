/**
 * The anonymous HTML cache's rules (decision 031): which requests have a key and what goes
 * into it, and how `If-None-Match` matches a strong tag with or without its content coding.
 */
import { describe, expect, it } from 'vitest';
import { entityTagOf, htmlCacheKey, matchingEntityTag, PUBLIC_PAGE_PATH } from './html-cache.server';

const request = (originalUrl: string, headers: Record<string, string> = {}, method = 'GET') => ({
  method,
  originalUrl,
  protocol: 'http',
  headers: { host: 'dimora.test', ...headers },
});

describe('htmlCacheKey', () => {
  it('keys the public pages and their data requests, GET and HEAD alike', () => {
    for (const path of [
      '/',
      '/_root.data',
      '/about',
      '/properties',
      '/properties.data',
      '/property/12',
      '/property/12.data',
      '/apartments',
      '/contact',
      '/gallery',
    ]) {
      expect(PUBLIC_PAGE_PATH.test(path), path).toBe(true);
      expect(htmlCacheKey(request(path)), path).not.toBeNull();
    }
    expect(htmlCacheKey(request('/about', {}, 'HEAD'))).toBe(htmlCacheKey(request('/about')));
  });

  it('has no key for other pages, other methods, a session, or a render that would set the language cookie', () => {
    for (const path of [
      '/admin',
      '/admin/properties',
      '/tenant-portal',
      '/auth',
      '/dashboard',
      '/booking/3',
      '/subscriptions',
      '/vendor-invite/x',
      '/owner-invite/x',
      '/preferences',
      '/property/1/x',
    ]) {
      expect(htmlCacheKey(request(path)), path).toBeNull();
    }
    expect(htmlCacheKey(request('/about', {}, 'POST'))).toBeNull();
    expect(htmlCacheKey(request('/about', { cookie: 'theme=dark; dimora.session_token=abc.def' }))).toBeNull();
    expect(htmlCacheKey(request('/about', { cookie: '__Host-dimora.session_token=abc' }))).toBeNull();
    expect(htmlCacheKey(request('/about?lang=it'))).toBeNull();
    expect(htmlCacheKey(request('/about?lang=it', { cookie: 'language=en' }))).toBeNull();
    expect(htmlCacheKey(request('/about?lang=it', { cookie: 'language=it' }))).not.toBeNull();
  });

  it('sorts the query, and keys on the resolved language, theme, menu, consent and chat cookie only', () => {
    const base = htmlCacheKey(request('/properties?location=TX&capacity=2'));
    expect(htmlCacheKey(request('/properties?capacity=2&location=TX'))).toBe(base);
    expect(htmlCacheKey(request('/properties?capacity=3&location=TX'))).not.toBe(base);
    // Cookies the page does not read do not split entries; a default-valued header neither.
    expect(htmlCacheKey(request('/properties?capacity=2&location=TX', { cookie: 'other=1' }))).toBe(base);
    expect(htmlCacheKey(request('/properties?capacity=2&location=TX', { 'accept-language': 'en-GB' }))).toBe(base);
    const italian = htmlCacheKey(request('/properties?location=TX&capacity=2', { 'accept-language': 'it-IT' }));
    expect(italian).not.toBe(base);
    expect(htmlCacheKey(request('/properties?location=TX&capacity=2', { 'accept-language': 'en', cookie: 'language=it' }))).toBe(italian);
    const variants = [
      'theme=dark',
      'sidebar_state=true',
      `cookie-consent=${encodeURIComponent(JSON.stringify({ analytics: true }))}`,
      `dimora.chat=${'a'.repeat(43)}`,
    ].map((cookie) => htmlCacheKey(request('/properties?location=TX&capacity=2', { cookie })));
    expect(new Set([base, ...variants]).size).toBe(5);
    // Another host is another entry (a forged Host header cannot poison this one's).
    expect(htmlCacheKey(request('/properties?location=TX&capacity=2', { host: 'evil.test' }))).not.toBe(base);
  });
});

describe('entity tags', () => {
  const tag = entityTagOf(Buffer.from('<html>page</html>'));

  it('is a 27-character base64url digest that changes with the body', () => {
    expect(tag).toMatch(/^[A-Za-z0-9_-]{27}$/);
    expect(entityTagOf(Buffer.from('<html>page!</html>'))).not.toBe(tag);
  });

  it('matches the plain tag, its content-coded form, weak forms and *; nothing else', () => {
    expect(matchingEntityTag(`"${tag}"`, tag)).toBe(`"${tag}"`);
    expect(matchingEntityTag(`"other", "${tag}-gzip"`, tag)).toBe(`"${tag}-gzip"`);
    expect(matchingEntityTag(`W/"${tag}-br"`, tag)).toBe(`"${tag}-br"`);
    expect(matchingEntityTag('*', tag)).toBe(`"${tag}"`);
    expect(matchingEntityTag(`"${tag}x"`, tag)).toBeNull();
    expect(matchingEntityTag('"other"', tag)).toBeNull();
    expect(matchingEntityTag(undefined, tag)).toBeNull();
  });
});
