/**
 * The canonical query of each public page (decision 053): the parameters its loader reads,
 * parsed by the page's own parser and written back by its own serialiser, so that defaults,
 * invalid values, duplicates and unknown parameters drop out. The anonymous HTML cache keys on
 * it (app/server/html-cache.server.ts) and redirects a page request whose query differs from it.
 * No second list of a page's parameters is kept here: each entry calls the feature's parser.
 *
 * Every page also keeps the site-wide parameters: `lang` (decision 025: hreflang URLs, when its
 * value is a supported language) and `chat=open` (the chat widget opens from a notification's
 * link, read in the browser).
 */
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { isContactTopic, parsePropertyParam } from '../app/features/inquiries/contact.schemas';
import { listingQueryToParams, listingViewOf } from '../app/features/listings/listing-query';
import { parseListingQuery } from '../app/features/listings/listings.schemas';
import { parseGalleryFilter } from '../app/features/marketing/gallery';
import { languageFromSearch, LANG_PARAM } from '../app/lib/seo';

/** One page's own parameters from a raw query, in the order the page writes them. */
type PageQuery = (params: URLSearchParams) => URLSearchParams;

/** The public pages that read their query (every other public page reads none). */
const PAGE_QUERIES: Readonly<Record<string, PageQuery>> = {
  // Filters, sort and page (spec §2); the map view (decision 016) has no pages.
  '/properties': (params) => {
    const query = parseListingQuery(params);
    if (listingViewOf(params) === 'list') return listingQueryToParams(query);
    const canonical = listingQueryToParams({ ...query, page: 1 });
    canonical.set('view', 'map');
    return canonical;
  },
  '/apartments': (params) => listingQueryToParams(parseListingQuery(params)),
  '/gallery': (params) => {
    const filter = parseGalleryFilter(params.get('category'));
    return new URLSearchParams(filter === 'all' ? {} : { category: filter });
  },
  '/contact': (params) => {
    const canonical = new URLSearchParams();
    const property = parsePropertyParam(params.get('property'));
    if (property !== undefined) canonical.set('property', String(property));
    const topic = params.get('topic');
    if (isContactTopic(topic)) canonical.set('topic', topic);
    if (params.get('sent') === '1') canonical.set('sent', '1');
    return canonical;
  },
};

/**
 * The canonical query of the public page at `pagePath` (`/properties`, not `/properties.data`)
 * for the raw `params`: the page's own parameters, normalised, then `lang` and `chat=open` when
 * valid. Never throws; an unknown page keeps only the site-wide parameters.
 */
export function canonicalPageQuery(pagePath: string, params: URLSearchParams): URLSearchParams {
  const canonical = PAGE_QUERIES[pagePath]?.(params) ?? new URLSearchParams();
  const language = languageFromSearch(params);
  if (language) canonical.set(LANG_PARAM, language);
  if (params.get('chat') === 'open') canonical.set('chat', 'open');
  return canonical;
}

type ManifestRoute = { id: string; path?: string | undefined; index?: boolean | undefined; caseSensitive?: boolean | undefined };

/** The route tree of a server build's flat manifest (each route names its parent), for `matchRoutes`. */
function routeTreeOf(routes: ServerBuild['routes']): RouteObject[] {
  const children = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(route);
    children.set(route.parentId, siblings);
  }
  const attach = (nodes: readonly ManifestRoute[]): RouteObject[] =>
    nodes.map(({ id, path, index, caseSensitive }): RouteObject => {
      if (index) return { id, path, index: true, caseSensitive };
      const below = children.get(id);
      return { id, path, caseSensitive, ...(below ? { children: attach(below) } : {}) };
    });
  return attach(children.get(undefined) ?? []);
}

/**
 * For the HTML cache's `routeIdsOf` (decision 053): the ids of the routes of `build` that match a
 * page path — what a data request's `_routes` may usefully name. A build given as a function
 * (the dev server's) is loaded once in the background; until then, and if it fails, answers null.
 */
export function matchedRouteIds(build: ServerBuild | (() => Promise<ServerBuild>)): (pagePath: string) => ReadonlySet<string> | null {
  let tree: RouteObject[] | null = null;
  if (typeof build === 'function')
    build().then(
      (loaded) => (tree = routeTreeOf(loaded.routes)),
      () => undefined,
    );
  else tree = routeTreeOf(build.routes);
  return (pagePath) => {
    if (!tree) return null;
    const ids = (matchRoutes(tree, pagePath) ?? []).map((match) => match.route.id);
    return new Set(ids.filter((id): id is string => id !== undefined));
  };
}
