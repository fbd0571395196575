/**
 * Reading the visitor's preferences (language, theme, side menu, cookie consent) from the
 * request's cookies, so the server renders the page the way the visitor left it (spec §9 keys).
 */
import { parseCookies, serializeCookie } from './cookies';
import { DEFAULT_LANGUAGE, PREFERENCE_COOKIE_MAX_AGE_S, STORAGE_KEYS, SUPPORTED_LANGUAGES, type Language } from './constants';
import { languageFromSearch } from './seo';

export type ThemePreference = 'light' | 'dark' | 'auto';

export type CookieConsent = {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  preferences: boolean;
};

export type Preferences = {
  language: Language;
  theme: ThemePreference;
  sidebarOpen: boolean;
  consent: CookieConsent | null;
};

/** spec §5: a language is applied only if it is a known code. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** Picks the best supported language from an `Accept-Language` header. */
export function languageFromAcceptHeader(header: string | null): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  return (ranked.find((entry) => isLanguage(entry.lang))?.lang as Language | undefined) ?? null;
}

/** Parses a stored consent record; returns null when absent or malformed. */
export function parseConsent(raw: string | undefined | null): CookieConsent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<CookieConsent>;
    if (typeof value !== 'object' || value === null) return null;
    return {
      necessary: true,
      analytics: value.analytics === true,
      marketing: value.marketing === true,
      preferences: value.preferences === true,
    };
  } catch {
    return null;
  }
}

/**
 * Reads every preference from a request. Language: the URL's `?lang=` first (each language of a
 * public page has its own URL, decision 025), then the cookie, then `Accept-Language`, then
 * the default.
 */
export function readPreferences(request: Request): Preferences {
  const cookies = parseCookies(request.headers.get('cookie'));
  const cookieLanguage = cookies[STORAGE_KEYS.language];
  const language =
    languageFromSearch(new URL(request.url).searchParams) ??
    (isLanguage(cookieLanguage) ? cookieLanguage : (languageFromAcceptHeader(request.headers.get('accept-language')) ?? DEFAULT_LANGUAGE));
  const rawTheme = cookies[STORAGE_KEYS.theme];
  const theme: ThemePreference = rawTheme === 'light' || rawTheme === 'dark' ? rawTheme : 'auto';
  return {
    language,
    theme,
    // Collapsed on first visit (it floats over content on phones); the cookie keeps the choice 7 days.
    sidebarOpen: cookies[STORAGE_KEYS.sidebar] === 'true',
    consent: parseConsent(cookies[STORAGE_KEYS.cookieConsent]),
  };
}

/**
 * The `Set-Cookie` value that makes a URL's `?lang=` stick, as the language switcher does, so
 * the pages a visitor opens next (whose links carry no `lang`) stay in that language; null when
 * the URL names no supported language or the cookie already says it.
 */
export function languageCookieFromUrl(request: Request): string | null {
  const language = languageFromSearch(new URL(request.url).searchParams);
  if (!language) return null;
  if (parseCookies(request.headers.get('cookie'))[STORAGE_KEYS.language] === language) return null;
  return serializeCookie(STORAGE_KEYS.language, language, PREFERENCE_COOKIE_MAX_AGE_S);
}

/**
 * Turns the cookie banner's submission into a consent record: `all`, `necessary`, or `custom`
 * with the ticked checkboxes (`analytics`, `marketing`, `preferences` = "on").
 */
export function consentFromForm(choice: string | null | undefined, form: FormData): CookieConsent {
  const all = choice === 'all';
  const custom = choice === 'custom';
  const pick = (name: string) => all || (custom && form.get(name) === 'on');
  return { necessary: true, analytics: pick('analytics'), marketing: pick('marketing'), preferences: pick('preferences') };
}
