/**
 * Findability (decision 025) at the demo's size: 75,000 units made by the seed's own generator
 * (bulk insert), some of them unlisted. The sitemap index and every file it names are read through
 * their route loaders: well-formed XML, every listed unit exactly once per language with its
 * hreflang alternates, no unlisted unit, at most 50,000 URLs a file, unit files streamed in
 * batches and read through the primary key. Every public page's loader gives a canonical URL and
 * hreflang alternates (and honours `?lang=`); a unit's page gives Apartment, Offer and
 * BreadcrumbList JSON-LD without the street address. Runs on PGlite and PostgreSQL.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_PATHS, SITEMAP_MAX_URLS, UNIT_IDS_PER_SITEMAP } from '~/features/seo/sitemap.server';
import type { PageMeta } from '~/lib/meta';
import type { JsonLd } from '~/lib/seo';
import * as about from '~/routes/public/about';
import * as amenities from '~/routes/public/amenities';
import * as apartments from '~/routes/public/apartments';
import * as contact from '~/routes/public/contact';
import * as gallery from '~/routes/public/gallery';
import * as home from '~/routes/public/_index';
import * as privacy from '~/routes/public/privacy';
import * as properties from '~/routes/public/properties';
import * as propertyPage from '~/routes/public/property.$id';
import * as services from '~/routes/public/services';
import * as subscriptions from '~/routes/public/subscriptions';
import * as terms from '~/routes/public/terms';
import * as vendorSignup from '~/routes/public/vendor-signup';
import * as robots from '~/routes/seo/robots';
import * as sitemapFile from '~/routes/seo/sitemap-file';
import * as sitemapIndex from '~/routes/seo/sitemap-index';
import { property } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { insertDemoPortfolio } from '../setup/demo-portfolio';
import { createTestDatabase, TEST_PUBLIC_URL, testContext, type TestDatabase } from '../setup/test-db';
import { createStatementRecorder, explainText } from '../setup/query-plans';
import { childrenNamed, parseXml, type XmlElement } from '../setup/xml';

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const UNITS = 75_000;
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

type LoaderFn = (args: { request: Request; params: Record<string, string>; context: DimoraLoadContext }) => unknown;
const asLoader = (loader: unknown) => loader as LoaderFn;

describe(`sitemaps, canonical URLs and JSON-LD at ${UNITS.toLocaleString('en-US')} units (${kind})`, () => {
  let database: TestDatabase;
  let context: DimoraLoadContext;
  let listedIds: Set<number>;
  const recorder = createStatementRecorder();

  beforeAll(async () => {
    database = await createTestDatabase({ onQuery: recorder.onQuery });
    context = testContext(database);
    const db = database.db;
    // The demo generator's portfolio (buildings of 10–200 units), without the demo managers.
    await insertDemoPortfolio(db, UNITS, { managers: false });
    // Besides the generator's own unlisted units, every 97th is withdrawn from the site.
    await db.execute(sql`UPDATE property SET listed = false WHERE id % 97 = 0`);
    await db.execute(sql`VACUUM ANALYZE property`);
    const rows = await db.select({ id: property.id }).from(property).where(eq(property.listed, true));
    listedIds = new Set(rows.map((row) => row.id));
  }, 180_000);

  afterAll(async () => {
    await database?.close();
  });

  async function get(loader: unknown, path: string, params: Record<string, string> = {}): Promise<Response> {
    const request = new Request(`${TEST_PUBLIC_URL}${path}`);
    return (await asLoader(loader)({ request, params, context })) as Response;
  }

  /** A streamed body, read chunk by chunk as a client would. */
  async function readChunks(response: Response): Promise<{ text: string; chunks: number; largest: number }> {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let chunks = 0;
    let largest = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks += 1;
      largest = Math.max(largest, value.byteLength);
      text += decoder.decode(value, { stream: true });
    }
    return { text: text + decoder.decode(), chunks, largest };
  }

  /**
   * Checks one `<url>`: its loc in a language and the three alternates; returns its path and
   * language, or a problem (collected rather than asserted one by one: 150,000 URLs).
   */
  function checkUrl(url: XmlElement): { path: string; lang: string; problem?: string } {
    const loc = childrenNamed(url, 'loc')[0]?.text ?? '';
    const match = /^http:\/\/dimora\.test(\/[^?]*)\?lang=(en|it)$/.exec(loc);
    if (!match) return { path: '', lang: '', problem: `bad loc ${loc}` };
    const [, path = '', lang = ''] = match;
    const links = childrenNamed(url, 'xhtml:link').map(
      (link) => `${link.attributes.rel} ${link.attributes.hreflang} ${link.attributes.href}`,
    );
    const expected = [
      `alternate en http://dimora.test${path}?lang=en`,
      `alternate it http://dimora.test${path}?lang=it`,
      `alternate x-default http://dimora.test${path}`,
    ];
    if (links.join('|') !== expected.join('|')) return { path, lang, problem: `${loc}: alternates ${links.join(', ')}` };
    return { path, lang };
  }

  it('robots.txt disallows the private areas and names the sitemap index', async () => {
    const response = await get(robots.loader, '/robots.txt');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await response.text()).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/admin', '/dashboard', '/tenant-portal', '/vendor-portal', '/auth', '/api', '/account', '/booking']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines.filter((line) => line.startsWith('Disallow: /property') || line === 'Disallow: /')).toEqual([]);
    expect(lines).toContain('Sitemap: http://dimora.test/sitemap.xml');
  });

  it('every listed unit is in the sitemaps once per language, none unlisted, at most 50,000 URLs a file', async () => {
    expect(listedIds.size).toBeGreaterThan(70_000);
    expect(listedIds.size).toBeLessThan(UNITS);
    const indexResponse = await get(sitemapIndex.loader, '/sitemap.xml');
    expect(indexResponse.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const index = parseXml(await indexResponse.text());
    expect(index.name).toBe('sitemapindex');
    expect(index.attributes.xmlns).toBe(SITEMAP_NS);
    const files = childrenNamed(index, 'sitemap').map((entry) => childrenNamed(entry, 'loc')[0]!.text);
    const blocks = Math.ceil(UNITS / UNIT_IDS_PER_SITEMAP);
    expect(files).toEqual([
      'http://dimora.test/sitemaps/pages.xml',
      ...Array.from({ length: blocks }, (_, i) => `http://dimora.test/sitemaps/units-${i + 1}.xml`),
    ]);
    expect(blocks).toBeGreaterThanOrEqual(4);

    const seen = new Map<string, number>();
    const problems: string[] = [];
    let total = 0;
    for (const file of files) {
      const name = file.slice('http://dimora.test/sitemaps/'.length);
      const response = await get(sitemapFile.loader, `/sitemaps/${name}`, { file: name });
      expect(response.status, name).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const { text, chunks, largest } = await readChunks(response);
      const urlset = parseXml(text);
      expect(urlset.name).toBe('urlset');
      expect(urlset.attributes).toEqual({ xmlns: SITEMAP_NS, 'xmlns:xhtml': 'http://www.w3.org/1999/xhtml' });
      const urls = childrenNamed(urlset, 'url');
      expect(urls.length, name).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
      expect(urls.length, name).toBeGreaterThan(0);
      total += urls.length;
      if (name !== 'pages.xml') {
        // Streamed a batch at a time: many chunks, none near the size of the file.
        expect(chunks, name).toBeGreaterThan(10);
        expect(largest, name).toBeLessThan(text.length / 5);
      }
      for (const url of urls) {
        const { path, lang, problem } = checkUrl(url);
        if (problem) problems.push(problem);
        const key = `${path} ${lang}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
        const lastmod = childrenNamed(url, 'lastmod')[0]?.text;
        if (name !== 'pages.xml' && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(lastmod ?? ''))
          problems.push(`${path}: lastmod ${lastmod}`);
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(total).toBe(2 * listedIds.size + 2 * PUBLIC_PAGE_PATHS.length);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    for (const path of PUBLIC_PAGE_PATHS) {
      expect(seen.has(`${path} en`) && seen.has(`${path} it`), path).toBe(true);
    }
    const unitIds = new Set([...seen.keys()].flatMap((key) => (/^\/property\/(\d+) en$/.exec(key) ? [Number(/\d+/.exec(key)![0])] : [])));
    expect(unitIds.size).toBe(listedIds.size);
    expect([...listedIds].filter((id) => seen.get(`/property/${id} en`) !== 1 || seen.get(`/property/${id} it`) !== 1)).toEqual([]);
  }, 120_000);

  it('answers 404 for unknown sitemap files and for blocks without a listed unit', async () => {
    for (const name of ['units-0.xml', 'units-99.xml', 'units-1.txt', 'nope.xml', 'units-01.xml', 'units-9999999.xml']) {
      const response = await get(sitemapFile.loader, `/sitemaps/${name}`, { file: name });
      expect(response.status, name).toBe(404);
    }
  });

  it('reads the units through the primary key, never by scanning the table', async () => {
    const captured = await recorder.capture(async () => {
      await (await get(sitemapIndex.loader, '/sitemap.xml')).text();
      await readChunks(await get(sitemapFile.loader, '/sitemaps/units-2.xml', { file: 'units-2.xml' }));
    });
    const statements = captured.filter((statement) => /from "property"/.test(statement.sql));
    expect(statements.length).toBeGreaterThan(20);
    for (const statement of statements) {
      const plan = await explainText(database.db, statement);
      expect(plan, statement.sql).toMatch(/Index (Only )?Scan using property_pkey on property/);
      expect(plan, statement.sql).not.toMatch(/Seq Scan/);
    }
  });

  const PUBLIC_LOADERS: Array<[string, unknown]> = [
    ['/', home.loader],
    ['/about', about.loader],
    ['/services', services.loader],
    ['/contact', contact.loader],
    ['/gallery', gallery.loader],
    ['/amenities', amenities.loader],
    ['/properties', properties.loader],
    ['/apartments', apartments.loader],
    ['/privacy', privacy.loader],
    ['/terms', terms.loader],
    ['/subscriptions', subscriptions.loader],
    ['/vendor-signup', vendorSignup.loader],
  ];

  it('walks every public page of the sitemap', () => {
    expect(PUBLIC_LOADERS.map(([path]) => path).sort()).toEqual([...PUBLIC_PAGE_PATHS].sort());
  });

  it.each(PUBLIC_LOADERS)('%s has a title, a canonical URL and hreflang alternates, and honours ?lang=', async (path, loader) => {
    const load = async (search: string) =>
      ((await asLoader(loader)({ request: new Request(`${TEST_PUBLIC_URL}${path}${search}`), params: {}, context })) as { meta: PageMeta })
        .meta;
    const italian = await load('?lang=it');
    expect(italian.title.length).toBeGreaterThan(0);
    expect(italian.seo?.language).toBe('it');
    expect(italian.seo?.canonical).toBe(`http://dimora.test${path}?lang=it`);
    expect(italian.seo?.alternates).toEqual([
      { hrefLang: 'en', href: `http://dimora.test${path}?lang=en` },
      { hrefLang: 'it', href: `http://dimora.test${path}?lang=it` },
      { hrefLang: 'x-default', href: `http://dimora.test${path}` },
    ]);
    const english = await load('?lang=en');
    expect(english.seo?.language).toBe('en');
    expect(english.title).not.toBe(italian.title);
    // Without the parameter the page is its own canonical (the x-default).
    const bare = await load('');
    expect(bare.seo?.canonical).toBe(`http://dimora.test${path}`);
  });

  it('a search is canonical to its filters and page, without the sort or the map view', async () => {
    const load = async (search: string) =>
      (
        (await asLoader(properties.loader)({ request: new Request(`${TEST_PUBLIC_URL}/properties${search}`), params: {}, context })) as {
          meta: PageMeta;
        }
      ).meta.seo!;
    const list = await load('?location=TX&capacity=2&sort=price_desc&page=3&lang=it');
    expect(list.canonical).toBe('http://dimora.test/properties?capacity=2&location=TX&page=3&lang=it');
    expect(list.alternates.at(-1)).toEqual({ hrefLang: 'x-default', href: 'http://dimora.test/properties?capacity=2&location=TX&page=3' });
    expect((await load('?location=TX&view=map&page=4')).canonical).toBe('http://dimora.test/properties?location=TX');
    expect((await load('?page=99999')).canonical).toMatch(/^http:\/\/dimora\.test\/properties\?page=\d+$/);
    expect(list.jsonLd?.[0]).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home' },
        { position: 2, name: 'Immobili', item: 'http://dimora.test/properties' },
      ],
    });
  });

  it('a unit page has Apartment, Offer and BreadcrumbList JSON-LD, its photo, and no street address', async () => {
    const [row] = await database.db
      .select({
        id: property.id,
        address: property.address,
        price: property.price,
        status: property.status,
        imageUrls: property.imageUrls,
        bedrooms: property.bedrooms,
        city: property.city,
        state: property.state,
        zipCode: property.zipCode,
      })
      .from(property)
      .where(sql`${property.listed} AND ${property.status} = 'available' AND cardinality(${property.imageUrls}) > 0`)
      .orderBy(property.id)
      .limit(1);
    const unit = row!;
    const data = (await asLoader(propertyPage.loader)({
      request: new Request(`${TEST_PUBLIC_URL}/property/${unit.id}?lang=en`),
      params: { id: String(unit.id) },
      context,
    })) as {
      meta: PageMeta;
      property: { title: string };
    };
    const seo = data.meta.seo!;
    const url = `http://dimora.test/property/${unit.id}?lang=en`;
    expect(seo.canonical).toBe(url);
    expect(seo.image).toBe(`http://dimora.test${unit.imageUrls[0]}`);
    expect(seo.imageAlt).toContain(data.property.title);
    const byType = <T>(type: string) => seo.jsonLd!.find((node) => node['@type'] === type) as JsonLd & T;
    expect(seo.jsonLd!.map((node) => node['@type'])).toEqual(['Apartment', 'Offer', 'BreadcrumbList']);
    for (const node of seo.jsonLd!) expect(node['@context']).toBe('https://schema.org');

    const apartment = byType<{ address: unknown; image: string[]; floorSize: unknown }>('Apartment');
    expect(apartment).toMatchObject({ '@id': `${url}#apartment`, name: data.property.title, url, numberOfBedrooms: unit.bedrooms });
    expect(apartment.address).toEqual({
      '@type': 'PostalAddress',
      addressLocality: unit.city,
      addressRegion: unit.state,
      postalCode: unit.zipCode,
      addressCountry: 'US',
    });
    expect(apartment.image[0]).toBe(seo.image);
    expect(apartment.floorSize).toMatchObject({ '@type': 'QuantitativeValue', unitCode: 'FTK' });

    const offer = byType<{ price: number }>('Offer');
    expect(offer).toMatchObject({
      price: unit.price,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url,
      itemOffered: { '@type': 'Apartment', '@id': `${url}#apartment` },
      priceSpecification: { '@type': 'UnitPriceSpecification', price: unit.price, priceCurrency: 'USD', unitCode: 'MON' },
    });
    expect(Number.isInteger(offer.price)).toBe(true);

    const breadcrumb = byType<{ itemListElement: unknown }>('BreadcrumbList');
    expect(breadcrumb.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'http://dimora.test/' },
      { '@type': 'ListItem', position: 2, name: 'Properties', item: 'http://dimora.test/properties' },
      { '@type': 'ListItem', position: 3, name: data.property.title, item: url },
    ]);
    // DESIGN §4: the public listing never returns the street address.
    const street = unit.address.split(',')[0]!;
    expect(JSON.stringify(seo.jsonLd)).not.toContain(street);
    expect(JSON.stringify(seo.jsonLd)).not.toMatch(/streetAddress/);
  });

  it('a leased or maintenance unit is offered OutOfStock', async () => {
    const [row] = await database.db
      .select({ id: property.id })
      .from(property)
      .where(sql`${property.listed} AND ${property.status} <> 'available'`)
      .orderBy(property.id)
      .limit(1);
    const data = (await asLoader(propertyPage.loader)({
      request: new Request(`${TEST_PUBLIC_URL}/property/${row!.id}`),
      params: { id: String(row!.id) },
      context,
    })) as { meta: PageMeta };
    const offer = data.meta.seo!.jsonLd!.find((node) => node['@type'] === 'Offer')!;
    expect(offer.availability).toBe('https://schema.org/OutOfStock');
    expect(data.meta.seo!.canonical).toBe(`http://dimora.test/property/${row!.id}`);
  });

  it('the home and about pages describe the company as an Organization', async () => {
    for (const [path, loader] of [
      ['/', home.loader],
      ['/about', about.loader],
    ] as const) {
      const data = (await asLoader(loader)({ request: new Request(`${TEST_PUBLIC_URL}${path}`), params: {}, context })) as {
        meta: PageMeta;
      };
      const organization = data.meta.seo!.jsonLd!.find((node) => node['@type'] === 'Organization');
      expect(organization, path).toMatchObject({
        '@context': 'https://schema.org',
        name: 'Dimora',
        url: 'http://dimora.test/',
        logo: 'http://dimora.test/favicon.svg',
        contactPoint: { '@type': 'ContactPoint', availableLanguage: ['en', 'it'] },
      });
      expect(typeof organization!.telephone).toBe('string');
      expect(typeof organization!.email).toBe('string');
    }
  });

  it('an unlisted unit has no page and no sitemap entry', async () => {
    const [row] = await database.db.select({ id: property.id }).from(property).where(eq(property.listed, false)).limit(1);
    await expect(
      asLoader(propertyPage.loader)({
        request: new Request(`${TEST_PUBLIC_URL}/property/${row!.id}`),
        params: { id: String(row!.id) },
        context,
      }),
    ).rejects.toMatchObject({ init: { status: 404 } });
    expect(listedIds.has(row!.id)).toBe(false);
    const [{ n } = { n: 0 }] = await database.db.select({ n: count() }).from(property).where(eq(property.listed, false));
    expect(n).toBe(UNITS - listedIds.size);
  });
});
