/**
 * Decision 025 and 034 in the browser-safe layer: the tags `metaTags` gives a public page
 * (canonical, hreflang, Open Graph, Twitter, JSON-LD) as React Router renders them — JSON-LD
 * that cannot close its script — `noindex` for every other page, and the `?lang=` parameter
 * outvoting cookie and browser.
 */
import { renderToString } from 'react-dom/server';
import { createRoutesStub, Meta } from 'react-router';
import { describe, expect, it } from 'vitest';
import { metaTags, type PageMeta } from './meta';
import { languageCookieFromUrl, readPreferences } from './preferences';
import { withoutLangParam, type PageSeo } from './seo';

/** The `<head>` tags React Router renders for a page whose loader returned `meta`. */
function renderHead(meta: PageMeta | undefined): string {
  const Stub = createRoutesStub([
    {
      id: 'page',
      path: '/',
      loader: () => ({ meta }),
      meta: ({ data }) => metaTags((data as { meta?: PageMeta } | undefined)?.meta),
      Component: () => <Meta />,
    },
  ]);
  return renderToString(<Stub hydrationData={{ loaderData: { page: { meta } } }} />);
}

const seo: PageSeo = {
  canonical: 'https://dimora.example/property/7?lang=it',
  alternates: [
    { hrefLang: 'en', href: 'https://dimora.example/property/7?lang=en' },
    { hrefLang: 'it', href: 'https://dimora.example/property/7?lang=it' },
    { hrefLang: 'x-default', href: 'https://dimora.example/property/7' },
  ],
  language: 'it',
  image: 'https://dimora.example/media/demo/room-01-1200.webp',
  imageAlt: 'Foto 1 di 3',
  jsonLd: [{ '@context': 'https://schema.org', '@type': 'Apartment', name: 'Loft </script><script>alert(1)</script> & co' }],
};

describe('metaTags as rendered', () => {
  it('gives a public page its canonical link, hreflang alternates, Open Graph and Twitter tags', () => {
    const html = renderHead({ title: 'Loft · Dimora', description: 'Un loft luminoso', seo });
    expect(html).toContain('<title>Loft · Dimora</title>');
    expect(html).toContain('<link rel="canonical" href="https://dimora.example/property/7?lang=it"/>');
    expect(html).toContain('<link rel="alternate" hrefLang="en" href="https://dimora.example/property/7?lang=en"/>');
    expect(html).toContain('<link rel="alternate" hrefLang="it" href="https://dimora.example/property/7?lang=it"/>');
    expect(html).toContain('<link rel="alternate" hrefLang="x-default" href="https://dimora.example/property/7"/>');
    expect(html).toContain('<meta property="og:url" content="https://dimora.example/property/7?lang=it"/>');
    expect(html).toContain('<meta property="og:locale" content="it_IT"/>');
    expect(html).toContain('<meta property="og:locale:alternate" content="en_US"/>');
    expect(html).toContain('<meta property="og:image" content="https://dimora.example/media/demo/room-01-1200.webp"/>');
    expect(html).toContain('<meta property="og:image:alt" content="Foto 1 di 3"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain('<meta name="twitter:image" content="https://dimora.example/media/demo/room-01-1200.webp"/>');
    expect(html).toContain('<meta name="twitter:description" content="Un loft luminoso"/>');
    expect(html).not.toContain('noindex');
  });

  it('renders JSON-LD that no listing text can break out of', () => {
    const html = renderHead({ title: 'Loft', seo });
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => match[1]!);
    expect(scripts).toHaveLength(1);
    // The only </script> is the tag's own: `<`, `>` and `&` inside are \u escapes.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(scripts[0]).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    expect(JSON.parse(scripts[0]!)).toEqual(seo.jsonLd![0]);
  });

  it('marks every page without SEO data noindex, and still gives it a title', () => {
    expect(renderHead({ title: 'Admin · Dimora' })).toContain('<meta name="robots" content="noindex"/>');
    const bare = renderHead(undefined);
    expect(bare).toContain('<title>Dimora</title>');
    expect(bare).toContain('<meta name="robots" content="noindex"/>');
    expect(renderHead({ title: 'Home · Dimora', seo: { ...seo, image: undefined, jsonLd: undefined } })).toContain(
      '<meta name="twitter:card" content="summary"/>',
    );
  });
});

describe('?lang= in the URL', () => {
  const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

  it('outvotes the cookie and the browser; anything but a known code is ignored', () => {
    expect(readPreferences(request('http://x/?lang=it', { cookie: 'language=en', 'accept-language': 'en-US' })).language).toBe('it');
    expect(readPreferences(request('http://x/about?lang=en', { cookie: 'language=it' })).language).toBe('en');
    expect(readPreferences(request('http://x/?lang=fr', { cookie: 'language=it' })).language).toBe('it');
    expect(readPreferences(request('http://x/?lang=', { 'accept-language': 'it-IT,it;q=0.9' })).language).toBe('it');
  });

  it('sticks as the language cookie unless the cookie already says it', () => {
    expect(languageCookieFromUrl(request('http://x/?lang=it', { cookie: 'language=en' }))).toBe(
      'language=it; Path=/; Max-Age=31536000; SameSite=Lax',
    );
    expect(languageCookieFromUrl(request('http://x/?lang=it'))).toMatch(/^language=it;/);
    expect(languageCookieFromUrl(request('http://x/?lang=it', { cookie: 'language=it' }))).toBeNull();
    expect(languageCookieFromUrl(request('http://x/?lang=de'))).toBeNull();
    expect(languageCookieFromUrl(request('http://x/'))).toBeNull();
  });

  it('is dropped from where the language switcher returns', () => {
    expect(withoutLangParam('/properties', '?location=TX&lang=it&page=2')).toBe('/properties?location=TX&page=2');
    expect(withoutLangParam('/', '?lang=it')).toBe('/');
    expect(withoutLangParam('/about', '')).toBe('/about');
  });
});
