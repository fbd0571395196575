/**
 * The sitemaps (decision 025): `/sitemap.xml` is a sitemap index over
 * `/sitemaps/pages.xml` (the public pages) and `/sitemaps/units-<n>.xml` (the listed units whose
 * ids fall in the n-th block of UNIT_IDS_PER_SITEMAP ids). Every page and unit is listed once per
 * language (`?lang=en`, `?lang=it`) with its hreflang alternates, so a unit file holds at most
 * 2 × UNIT_IDS_PER_SITEMAP = 40,000 URLs (the protocol allows 50,000). Unit files are streamed in
 * keyset batches on the primary key; nothing holds more than one batch in memory.
 *
 * "Listed" is the public detail page's own predicate (`LISTED`, listings.server.ts): a unit is in
 * the sitemap exactly when /property/{id} answers 200.
 */
import { and, asc, gt, lte } from 'drizzle-orm';
import { LISTED } from '~/features/listings/listings.server';
import { SUPPORTED_LANGUAGES, type Language } from '~/lib/constants';
import { LANG_PARAM } from '~/lib/seo';
import type { Db } from '~/server/db/client.server';
import { property } from '~/server/db/schema';
import { keysetTextStream } from '~/server/keyset-stream.server';
import { INT4_MAX } from '~/lib/ids';

/** Unit ids per unit sitemap: each unit gives one URL per language, so ≤ 40,000 URLs a file. */
export const UNIT_IDS_PER_SITEMAP = 20_000;
/** The protocol's limit of URLs in one sitemap file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
/** Units read per keyset batch while streaming a unit sitemap. */
const UNIT_BATCH = 1_000;

/** The public pages, in the order of the sitemap (the side menu's, then the rest). */
export const PUBLIC_PAGE_PATHS = [
  '/',
  '/properties',
  '/apartments',
  '/amenities',
  '/services',
  '/about',
  '/gallery',
  '/contact',
  '/subscriptions',
  '/vendor-signup',
  '/privacy',
  '/terms',
] as const;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
const URLSET_CLOSE = '</urlset>\n';

/** Escapes text for XML content and attributes. */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Which sitemap a `/sitemaps/:file` name asks for: `pages.xml`, `units-<n>.xml` (n ≥ 1), else null. */
export function parseSitemapFile(name: string): { kind: 'pages' } | { kind: 'units'; block: number } | null {
  if (name === 'pages.xml') return { kind: 'pages' };
  const match = /^units-([1-9]\d{0,5})\.xml$/.exec(name);
  if (!match) return null;
  const block = Number(match[1]);
  // Blocks beyond the int range of `property.id` hold nothing.
  return (block - 1) * UNIT_IDS_PER_SITEMAP < INT4_MAX ? { kind: 'units', block } : null;
}

/** The ids a unit sitemap block covers: (lo, hi]. */
function blockRange(block: number): { lo: number; hi: number } {
  return { lo: (block - 1) * UNIT_IDS_PER_SITEMAP, hi: block * UNIT_IDS_PER_SITEMAP };
}

/** One page's `<url>` per language, each with every language's alternate and x-default. */
function urlEntries(origin: string, path: string, lastmod: Date | null): string {
  const href = (lang: Language | null) => xmlEscape(`${origin}${path}${lang ? `?${LANG_PARAM}=${lang}` : ''}`);
  const alternates =
    SUPPORTED_LANGUAGES.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${href(lang)}"/>`).join('') +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${href(null)}"/>`;
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
  return SUPPORTED_LANGUAGES.map((lang) => `<url><loc>${href(lang)}</loc>${modified}${alternates}</url>\n`).join('');
}

/**
 * The sitemap index: the pages sitemap, then one unit sitemap per block of ids that holds at
 * least one listed unit. Blocks are found by skipping through the primary key (one index probe
 * per block, never a scan of the table), so gaps in the ids cost nothing. The index carries no
 * `lastmod` (it would read every unit); each unit's `<url>` has its own.
 */
export async function sitemapIndexXml({ db, publicUrl }: { db: Db; publicUrl: string }): Promise<string> {
  const origin = new URL(publicUrl).origin;
  const entries = [`<sitemap><loc>${xmlEscape(`${origin}/sitemaps/pages.xml`)}</loc></sitemap>\n`];
  let after = 0;
  for (;;) {
    const [next] = await db
      .select({ id: property.id })
      .from(property)
      .where(and(LISTED, gt(property.id, after)))
      .orderBy(asc(property.id))
      .limit(1);
    if (!next) break;
    const block = Math.ceil(next.id / UNIT_IDS_PER_SITEMAP);
    entries.push(`<sitemap><loc>${xmlEscape(`${origin}/sitemaps/units-${block}.xml`)}</loc></sitemap>\n`);
    after = blockRange(block).hi;
  }
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`;
}

/** The public pages, once per language with their alternates (a dozen entries: built whole). */
export function pagesSitemapXml({ publicUrl }: { publicUrl: string }): string {
  const origin = new URL(publicUrl).origin;
  return URLSET_OPEN + PUBLIC_PAGE_PATHS.map((path) => urlEntries(origin, path, null)).join('') + URLSET_CLOSE;
}

type UnitRow = { id: number; updatedAt: Date };

/**
 * The listed units of one block of ids (n-th block: ids (n−1)·20,000 < id ≤ n·20,000), each
 * once per language with alternates and `lastmod` (its `updated_at`), streamed 1,000 units at a
 * time by keyset on the primary key. Null when the block holds no listed unit (the route's 404).
 */
export async function unitsSitemapStream({
  db,
  publicUrl,
  block,
}: {
  db: Db;
  publicUrl: string;
  block: number;
}): Promise<ReadableStream<Uint8Array> | null> {
  const origin = new URL(publicUrl).origin;
  const { lo, hi } = blockRange(block);
  const readBatch = async (cursor: number | null, limit: number) => {
    const rows: UnitRow[] = await unitSitemapQuery(db, { after: cursor ?? lo, hi, limit });
    return { rows, last: rows.at(-1)?.id ?? cursor, more: rows.length === limit };
  };
  const first = await unitSitemapQuery(db, { after: lo, hi, limit: 1 });
  if (first.length === 0) return null;
  return keysetTextStream<UnitRow, number>({
    head: URLSET_OPEN,
    tail: URLSET_CLOSE,
    batchSize: UNIT_BATCH,
    readBatch,
    render: (rows) => rows.map((row) => urlEntries(origin, `/property/${row.id}`, row.updatedAt)).join(''),
  });
}

/**
 * One keyset page of a unit sitemap: listed units with `after < id ≤ hi`, by id. An index range
 * scan of the primary key (tests/integration/seo.test.ts checks the plan).
 */
function unitSitemapQuery(db: Db, { after, hi, limit }: { after: number; hi: number; limit: number }) {
  return db
    .select({ id: property.id, updatedAt: property.updatedAt })
    .from(property)
    .where(and(LISTED, gt(property.id, after), lte(property.id, hi)))
    .orderBy(asc(property.id))
    .limit(limit);
}
