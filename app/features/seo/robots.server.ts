/**
 * robots.txt (decision 025): every crawler may read the public site; the signed-in, staff,
 * portal, booking and API paths are disallowed (PRIVATE_PATH_PREFIXES, whose pages also carry
 * `noindex`); the sitemap index is named with the public origin.
 */
import { PRIVATE_PATH_PREFIXES } from '~/lib/seo';

/** The robots.txt text for a site served at `publicUrl` (PUBLIC_URL). */
export function robotsTxt({ publicUrl }: { publicUrl: string }): string {
  const origin = new URL(publicUrl).origin;
  return [
    'User-agent: *',
    ...PRIVATE_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
