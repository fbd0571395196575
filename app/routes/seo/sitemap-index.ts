/**
 * GET /sitemap.xml (decision 025): the sitemap index over /sitemaps/pages.xml and one
 * /sitemaps/units-<n>.xml per block of unit ids holding a listed unit.
 */
import { sitemapIndexXml } from '~/features/seo/sitemap.server';
import type { Route } from './+types/sitemap-index';

export async function loader({ context }: Route.LoaderArgs) {
  const xml = await sitemapIndexXml({ db: context.db, publicUrl: context.publicUrl });
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
