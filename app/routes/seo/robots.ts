/**
 * GET /robots.txt (decision 025): the public site open to crawlers, private paths
 * disallowed, the sitemap index named.
 */
import { robotsTxt } from '~/features/seo/robots.server';
import type { Route } from './+types/robots';

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt({ publicUrl: context.publicUrl }), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
