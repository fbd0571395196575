import { describe, expect, it } from 'vitest';
import { lacksImages, normalizeImageUrls } from './image-urls';
import { centsToDollarsText, parseDollars } from './money';
import { languageFromAcceptHeader, parseConsent, readPreferences } from './preferences';
import { safeRedirectPath } from './safe-redirect';
import { stateCodeOf } from './us-states';

describe('image_urls normalisation (spec §3)', () => {
  it('accepts a JSON list', () => {
    expect(normalizeImageUrls('["/a.webp", " /b.webp "]')).toEqual(['/a.webp', '/b.webp']);
  });
  it('accepts a comma-separated string', () => {
    expect(normalizeImageUrls('/a.webp, /b.webp,,')).toEqual(['/a.webp', '/b.webp']);
  });
  it('accepts a list and drops empty or non-string entries', () => {
    expect(normalizeImageUrls(['/a.webp', '', 3, ' /c.webp'])).toEqual(['/a.webp', '/c.webp']);
  });
  it('treats null and an empty list as lacking images', () => {
    expect(lacksImages(null)).toBe(true);
    expect(lacksImages([])).toBe(true);
    expect(lacksImages('[]')).toBe(true);
    expect(lacksImages('/a.webp')).toBe(false);
  });
  it('falls back to commas when a bracketed string is not JSON', () => {
    expect(normalizeImageUrls('[/a.webp')).toEqual(['[/a.webp']);
  });
});

describe('preferences', () => {
  it('reads language from the cookie first, then Accept-Language', () => {
    const withCookie = new Request('http://x/', { headers: { cookie: 'language=it', 'accept-language': 'en' } });
    expect(readPreferences(withCookie).language).toBe('it');
    const withHeader = new Request('http://x/', { headers: { 'accept-language': 'fr-FR,it;q=0.8,en;q=0.5' } });
    expect(readPreferences(withHeader).language).toBe('it');
    const unknownCookie = new Request('http://x/', { headers: { cookie: 'language=de' } });
    expect(readPreferences(unknownCookie).language).toBe('en');
  });
  it('picks the highest-ranked supported language', () => {
    expect(languageFromAcceptHeader('de, en;q=0.4, it;q=0.9')).toBe('it');
    expect(languageFromAcceptHeader('de, fr')).toBeNull();
  });
  it('reads the theme and the side-menu state', () => {
    const request = new Request('http://x/', { headers: { cookie: 'theme=dark; sidebar_state=true' } });
    expect(readPreferences(request)).toMatchObject({ theme: 'dark', sidebarOpen: true });
    expect(readPreferences(new Request('http://x/'))).toMatchObject({ theme: 'auto', sidebarOpen: false, consent: null });
  });
  it('parses consent with necessary always on', () => {
    expect(parseConsent('{"necessary":false,"analytics":true}')).toEqual({
      necessary: true,
      analytics: true,
      marketing: false,
      preferences: false,
    });
    expect(parseConsent('not json')).toBeNull();
  });
});

describe('safe redirects', () => {
  it('allows same-site paths only', () => {
    expect(safeRedirectPath('/properties?x=1')).toBe('/properties?x=1');
    expect(safeRedirectPath('//evil.example')).toBe('/');
    expect(safeRedirectPath('https://evil.example')).toBe('/');
    expect(safeRedirectPath('/\\evil.example')).toBe('/');
  });

  it('refuses what browsers would rewrite into another host, and header-breaking characters', () => {
    // Browsers strip tabs and newlines from URLs: "/\t/evil.example" would become "//evil.example".
    expect(safeRedirectPath('/\t/evil.example')).toBe('/');
    expect(safeRedirectPath('/\n/evil.example')).toBe('/');
    expect(safeRedirectPath('/dashboard\r\nSet-Cookie: x=1')).toBe('/');
    expect(safeRedirectPath('/%0A')).toBe('/%0A');
    expect(safeRedirectPath('/admin/users?q=a b#top')).toBe('/admin/users?q=a%20b#top');
    expect(safeRedirectPath(`/${'a'.repeat(3000)}`)).toBe('/');
  });
});

describe('state names', () => {
  it('maps codes and names', () => {
    expect(stateCodeOf('tx')).toBe('TX');
    expect(stateCodeOf('New York')).toBe('NY');
    expect(stateCodeOf('Austin')).toBeNull();
  });
});

describe('dollars typed into forms', () => {
  it('reads US and Italian amounts as whole cents', () => {
    expect(['12.50', '$1,250', '75', '1,250.50', '12,50', '1.250,50', ' 0.05 ', '12,5'].map(parseDollars)).toEqual([
      1_250, 125_000, 7_500, 125_050, 1_250, 125_050, 5, 1_250,
    ]);
  });
  it('refuses signs, exponents, letters and fractions of a cent', () => {
    expect(['-5', '+5', '1e3', 'ten', '12.345', '', '1234567890'].map(parseDollars)).toEqual([null, null, null, null, null, null, null]);
  });
  it('shows cents as the dollars a field reads back, whatever their size', () => {
    const shown = [0, 5, 1_250, 125_050, 999_999_999].map(centsToDollarsText);
    expect(shown).toEqual(['0.00', '0.05', '12.50', '1250.50', '9999999.99']);
    expect(shown.map(parseDollars)).toEqual([0, 5, 1_250, 125_050, 999_999_999]);
  });
});
