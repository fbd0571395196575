/** The site's public pages with a fixed path (the ones the sitemap lists), for the specs that visit them all. */
export const PUBLIC_PATHS = [
  '/',
  '/about',
  '/services',
  '/contact',
  '/gallery',
  '/amenities',
  '/properties',
  '/apartments',
  '/privacy',
  '/terms',
  '/subscriptions',
  '/vendor-signup',
] as const;
