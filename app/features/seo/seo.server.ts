/**
 * A public page's SEO data (decision 025): its canonical URL on the public
 * origin, its hreflang alternates (`?lang=en`, `?lang=it`, and `x-default` without the
 * parameter), its photo and its JSON-LD. Loaders put the result in `meta.seo`; `metaTags`
 * renders it. Pages without it are not public and get `noindex`.
 */
import { SUPPORTED_LANGUAGES, type Language } from '~/lib/constants';
import { LANG_PARAM, languageFromSearch, type JsonLd, type PageSeo } from '~/lib/seo';

type PublicPageSeoOptions = {
  request: Request;
  /** The site's public origin (`context.publicUrl`, env PUBLIC_URL), e.g. `https://dimora.example`. */
  publicUrl: string;
  /** The language the page is rendered in (`requestLanguage(request)`). */
  language: Language;
  /** The page's path when it differs from the request's (a normalised id); default: the request's. */
  path?: string;
  /**
   * The query parameters that define the page's content (filters, page number), in a stable
   * order; everything else in the request's query (sort, view, tokens, flags) is left out of the
   * canonical URL. `lang` is added by this function.
   */
  params?: URLSearchParams;
  /** The page's picture: any URL the page shows (made absolute on `publicUrl`). */
  image?: string | undefined;
  imageAlt?: string | undefined;
  jsonLd?: JsonLd[];
};

/**
 * The canonical URL and hreflang alternates of a public page. The canonical URL names the
 * language only when the request did (`?lang=it` is canonical to itself; the bare URL, which
 * follows the visitor's cookie or browser, is canonical to itself too and is the `x-default`).
 */
export function pageUrls({
  request,
  publicUrl,
  path,
  params,
}: Pick<PublicPageSeoOptions, 'request' | 'publicUrl' | 'path' | 'params'>): Pick<PageSeo, 'canonical' | 'alternates'> {
  const url = new URL(request.url);
  const origin = new URL(publicUrl).origin;
  const pagePath = path ?? url.pathname;
  const href = (lang: Language | null) => {
    const query = new URLSearchParams(params);
    query.delete(LANG_PARAM);
    if (lang) query.set(LANG_PARAM, lang);
    const search = query.toString();
    return `${origin}${pagePath}${search ? `?${search}` : ''}`;
  };
  return {
    canonical: href(languageFromSearch(url.searchParams)),
    alternates: [
      ...SUPPORTED_LANGUAGES.map((lang) => ({ hrefLang: lang, href: href(lang) })),
      { hrefLang: 'x-default' as const, href: href(null) },
    ],
  };
}

/** The SEO data of a public page (`pageUrls`, plus its language, photo and JSON-LD). */
export function publicPageSeo({ language, image, imageAlt, jsonLd, ...where }: PublicPageSeoOptions): PageSeo {
  const absoluteImage = image ? absoluteUrl(new URL(where.publicUrl).origin, image) : null;
  return {
    ...pageUrls(where),
    language,
    ...(absoluteImage ? { image: absoluteImage, imageAlt } : {}),
    ...(jsonLd?.length ? { jsonLd } : {}),
  };
}

/**
 * `url` resolved against `origin` (a `/media/…` path becomes `https://site/media/…`); null for
 * anything that is not http(s) once resolved (a `data:` or `javascript:` URL).
 */
export function absoluteUrl(origin: string, url: string): string | null {
  try {
    const resolved = new URL(url, origin);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : null;
  } catch {
    return null;
  }
}
