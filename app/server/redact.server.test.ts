import { describe, expect, it } from 'vitest';
import { mailboxShowsTokens, redactLoggedRequest, redactQuery, redactSecrets } from './redact.server';

describe('redacting secrets carried in links (decision 023)', () => {
  it('replaces the value of token-like query parameters and nothing else', () => {
    expect(redactSecrets('/auth?mode=reset&token=Ab3_xY-9.z&lang=it')).toBe('/auth?mode=reset&token=REDACTED&lang=it');
    expect(redactSecrets('/auth/verify?token=abc123')).toBe('/auth/verify?token=REDACTED');
    expect(redactSecrets('/subscriptions?confirm=c0nf1rm')).toBe('/subscriptions?confirm=REDACTED');
    expect(redactSecrets('/subscriptions?unsubscribe=uns%2Fub')).toBe('/subscriptions?unsubscribe=REDACTED');
    expect(redactSecrets('/cb?CODE=123456&state=keep&Secret=x#frag')).toBe('/cb?CODE=REDACTED&state=keep&Secret=REDACTED#frag');
    expect(redactSecrets('/properties?page=2&sort=price')).toBe('/properties?page=2&sort=price');
    // Not a query parameter: a word that merely ends in "token".
    expect(redactSecrets('/x?csrftoken=abc')).toBe('/x?csrftoken=abc');
  });

  it('redacts the token of a vendor invitation path, also URL-encoded in a redirectTo', () => {
    expect(redactSecrets('https://d.example/vendor-invite/Ab3_xY-9z')).toBe('https://d.example/vendor-invite/REDACTED');
    expect(redactSecrets('/vendor-invite/Ab3_xY-9z.data?_routes=x')).toBe('/vendor-invite/REDACTED.data?_routes=x');
    expect(redactSecrets('/auth?redirectTo=%2Fvendor-invite%2FAb3_xY')).toBe('/auth?redirectTo=%2Fvendor-invite%2FREDACTED');
    expect(redactSecrets('https://d.example/owner-invite/Zz9-_a')).toBe('https://d.example/owner-invite/REDACTED');
    expect(redactQuery({ redirectTo: '/vendor-invite/Ab3', page: '2' })).toEqual({ redirectTo: '/vendor-invite/REDACTED', page: '2' });
    expect(redactSecrets('/vendor-signup')).toBe('/vendor-signup');
  });

  it('redacts every link in an e-mail body, HTML-escaped ampersands included', () => {
    const text =
      'Reset: https://dimora.example/auth?mode=reset&token=T0K3N\nVerify (https://dimora.example/auth/verify?token=V3R1FY).\n<a href="https://d.example/auth?mode=reset&amp;token=H7ML">x</a>';
    const redacted = redactSecrets(text);
    expect(redacted).toBe(
      'Reset: https://dimora.example/auth?mode=reset&token=REDACTED\nVerify (https://dimora.example/auth/verify?token=REDACTED).\n<a href="https://d.example/auth?mode=reset&amp;token=REDACTED">x</a>',
    );
    expect(redacted).not.toMatch(/T0K3N|V3R1FY|H7ML/);
  });

  it('redacts a parsed query and the logged request (URL, query, Referer), keeping the rest', () => {
    expect(redactQuery({ token: 'abc', lang: 'en' })).toEqual({ token: 'REDACTED', lang: 'en' });
    expect(redactQuery(undefined)).toBeUndefined();
    const logged = redactLoggedRequest({
      method: 'GET',
      url: '/auth/verify?token=abc',
      query: { token: 'abc' },
      headers: { referer: 'http://127.0.0.1/auth?mode=reset&token=abc', 'user-agent': 'ua' },
    });
    expect(logged).toEqual({
      method: 'GET',
      url: '/auth/verify?token=REDACTED',
      query: { token: 'REDACTED' },
      headers: { referer: 'http://127.0.0.1/auth?mode=reset&token=REDACTED', 'user-agent': 'ua' },
    });
  });

  it('lets the dev mailbox show links whole in test and demo mode only', () => {
    expect(mailboxShowsTokens({ NODE_ENV: 'test', demoMode: false })).toBe(true);
    expect(mailboxShowsTokens({ NODE_ENV: 'production', demoMode: true })).toBe(true);
    expect(mailboxShowsTokens({ NODE_ENV: 'production', demoMode: false })).toBe(false);
    expect(mailboxShowsTokens({ NODE_ENV: 'development', demoMode: false })).toBe(false);
  });
});
