/**
 * Client-safe pieces of the site's findability (decision 025): the `?lang=` parameter that
 * gives each language of a public page its own URL (hreflang alternates), the paths crawlers are
 * kept out of (robots.txt), and the shape of a public page's SEO data (canonical URL, language
 * alternates, photo, JSON-LD) that `metaTags` (meta.ts) turns into tags. Decision 025.
 */
import { SUPPORTED_LANGUAGES, type Language } from './constants';

/** The query parameter that picks a page's language for that request (it wins over cookie and header). */
export const LANG_PARAM = 'lang';

/**
 * Paths no crawler should index: signed-in, staff and portal pages, the booking flow, forms'
 * endpoints and the diagnostics. robots.txt disallows each prefix (a prefix also covers
 * `/admin-debug`); their pages also carry `noindex`, as does every page without SEO data.
 */
export const PRIVATE_PATH_PREFIXES = [
  '/admin',
  '/dashboard',
  '/tenant-portal',
  '/vendor-portal',
  '/owner-portal',
  '/auth',
  '/api',
  '/account',
  '/booking',
  // A vendor's or an owner's invitation link (decisions 030, 061) carries a one-time token.
  '/vendor-invite',
  '/owner-invite',
  '/payment-success',
  '/preferences',
  '/__diagnostics',
] as const;

/** The language a URL's `?lang=` asks for, or null when absent or not a supported code. */
export function languageFromSearch(search: URLSearchParams): Language | null {
  const value = search.get(LANG_PARAM);
  return value !== null && (SUPPORTED_LANGUAGES as readonly string[]).includes(value) ? (value as Language) : null;
}

/** `path + search` without the `lang` parameter: where the language switcher returns (the cookie decides then). */
export function withoutLangParam(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(LANG_PARAM);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** JSON-LD node (schema.org), rendered in a `<script type="application/ld+json">`. */
export type JsonLd = { '@context'?: string; '@type': string | string[] } & Record<string, unknown>;

/** A public page's SEO data, made on the server (`publicPageSeo`) and rendered by `metaTags`. */
export type PageSeo = {
  /** Absolute canonical URL: origin + path + the params that define the page. */
  canonical: string;
  /** hreflang alternates: one per language (`?lang=`), and `x-default` (no parameter). */
  alternates: Array<{ hrefLang: Language | 'x-default'; href: string }>;
  /** The language the page is rendered in (og:locale). */
  language: Language;
  /** Absolute URL of the page's picture (og:image, twitter:image), e.g. a listing's first photo. */
  image?: string | undefined;
  /** Text describing `image` (og:image:alt). */
  imageAlt?: string | undefined;
  /** schema.org nodes: Organization, BreadcrumbList, Apartment, Offer… */
  jsonLd?: JsonLd[] | undefined;
};

/** The Open Graph locale of a language. */
export function ogLocale(language: Language): string {
  return language === 'it' ? 'it_IT' : 'en_US';
}
