/**
 * GET /sitemaps/pages.xml and /sitemaps/units-<n>.xml (decision 025): the public pages, and
 * the listed units of the n-th block of ids, streamed. Any other name, or a block without a
 * listed unit, is a 404.
 */
import { pagesSitemapXml, parseSitemapFile, unitsSitemapStream } from '~/features/seo/sitemap.server';
import type { Route } from './+types/sitemap-file';

const HEADERS = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };

export async function loader({ params, context }: Route.LoaderArgs) {
  const file = parseSitemapFile(params.file);
  if (!file) return notFound();
  if (file.kind === 'pages') return new Response(pagesSitemapXml({ publicUrl: context.publicUrl }), { headers: HEADERS });
  const stream = await unitsSitemapStream({ db: context.db, publicUrl: context.publicUrl, block: file.block });
  return stream ? new Response(stream, { headers: HEADERS }) : notFound();
}

function notFound() {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
