/**
 * Turns a loader's `meta` ({ title, description, seo }) into React Router meta descriptors: the
 * `<title>`, description, Open Graph and Twitter tags, and for public pages (`seo`, decision 025) the canonical link, hreflang alternates, the page's photo and its JSON-LD. A page
 * without `seo` is not public and gets `robots: noindex` (decision 025).
 */
import type { MetaDescriptor } from 'react-router';
import { ogLocale, type PageSeo } from './seo';
import { SUPPORTED_LANGUAGES } from './constants';

export type PageMeta = { title: string; description?: string | undefined; seo?: PageSeo | undefined };

/** The site name of og:site_name and of titles without a loader. */
export const SITE_NAME = 'Dimora';

/** `robots: noindex` for pages crawlers should not keep (private pages, errors). */
export const NOINDEX: MetaDescriptor = { name: 'robots', content: 'noindex' };

/**
 * The meta descriptors of a page from its loader's `meta` (undefined: the site name, noindex).
 * Every page gets a title (decision 034); only pages with `seo` are indexable.
 */
export function metaTags(meta: PageMeta | undefined): MetaDescriptor[] {
  if (!meta) return [{ title: SITE_NAME }, NOINDEX];
  const tags: MetaDescriptor[] = [{ title: meta.title }];
  if (meta.description) {
    tags.push({ name: 'description', content: meta.description });
    tags.push({ property: 'og:description', content: meta.description });
  }
  tags.push({ property: 'og:title', content: meta.title });
  const seo = meta.seo;
  if (!seo) {
    tags.push(NOINDEX);
    return tags;
  }
  tags.push({ tagName: 'link', rel: 'canonical', href: seo.canonical });
  for (const alternate of seo.alternates)
    tags.push({ tagName: 'link', rel: 'alternate', hrefLang: alternate.hrefLang, href: alternate.href });
  tags.push(
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:url', content: seo.canonical },
    { property: 'og:locale', content: ogLocale(seo.language) },
    ...SUPPORTED_LANGUAGES.filter((language) => language !== seo.language).map((language) => ({
      property: 'og:locale:alternate',
      content: ogLocale(language),
    })),
    { name: 'twitter:card', content: seo.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: meta.title },
  );
  if (meta.description) tags.push({ name: 'twitter:description', content: meta.description });
  if (seo.image) {
    tags.push({ property: 'og:image', content: seo.image }, { name: 'twitter:image', content: seo.image });
    if (seo.imageAlt) tags.push({ property: 'og:image:alt', content: seo.imageAlt }, { name: 'twitter:image:alt', content: seo.imageAlt });
  }
  // React Router renders these as <script type="application/ld+json"> with <, >, & escaped as
  // \u003c, \u003e, \u0026, so no text in a listing can close the script.
  for (const node of seo.jsonLd ?? []) tags.push({ 'script:ld+json': node });
  return tags;
}
