/**
 * /properties: the public listing search (spec §2). Filters run on the server; the URL holds
 * `capacity`, `location`, `minPrice`, `maxPrice`, `sort`, `page`, and `building` (one building).
 * `view=map` shows the same search on a map, one marker per building (decision 016).
 */
import { Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { ListingResults } from '~/features/listings/components/listing-results';
import { ListingViewToggle } from '~/features/listings/components/listing-view-toggle';
import { Suspense } from 'react';
import { lazyPart } from '~/lib/lazy-part';
import { decodeListingPoints } from '~/features/listings/listing-points-codec';
import { listingViewOf } from '~/features/listings/listing-query';
import { findListingPoints, packListingPoints } from '~/features/listings/listing-points.server';
import { parseListingQuery } from '~/features/listings/listings.schemas';
import { findListings, listLocations } from '~/features/listings/listings.server';
import { pageMeta } from '~/i18n/translate.server';
import { translations } from '~/i18n/resources.server';
import { listingBreadcrumb } from '~/features/seo/json-ld.server';
import { publicPageSeo } from '~/features/seo/seo.server';
import { listingQueryToParams, type ListingQuery } from '~/features/listings/listing-query';
import type { Language } from '~/lib/constants';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { publicEnv } from '~/server/env.server';
import type { Route } from './+types/properties';

// The map view (`?view=map`) and the one-building notice (`?building=`) are chunks of their own:
// most searches show neither; so is the filter form (Mantine's inputs), server-rendered all the
// same and interactive a moment after the results (first-load JS ≤ 150 KB, decision 036).
const ListingFilters = lazyPart(() => import('~/features/listings/components/listing-filters').then((module) => module.ListingFilters));
const BuildingFilterNotice = lazyPart(() => import('~/features/listings/components/building-filter-notice').then((module) => module.BuildingFilterNotice));
const ListingMapView = lazyPart(() => import('~/features/listings/components/listing-map-view').then((module) => module.ListingMapView));

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = parseListingQuery(params);
  const view = listingViewOf(params);
  const lang = requestLanguage(request);
  const i18n = translations(lang, ['listings', 'map']);
  if (view === 'map') {
    const [points, locations] = await Promise.all([findListingPoints({ db: context.db, query }), listLocations({ db: context.db })]);
    return { view, query: { ...query, page: 1 }, points: packListingPoints(points), result: null, locations, map: publicEnv.map, i18n, meta: listingMeta(request, context.publicUrl, lang, query, 1) };
  }
  const [result, locations] = await Promise.all([findListings({ db: context.db, query, lang }), listLocations({ db: context.db })]);
  return { view, query: { ...query, page: result.page }, points: null, result, locations, map: null, i18n, meta: listingMeta(request, context.publicUrl, lang, query, result.page) };
}

/**
 * Title, description and SEO data of a search: canonical to its filters and page, without the
 * sort or the map view (the same units; decision 025).
 */
function listingMeta(request: Request, publicUrl: string, language: Language, query: ListingQuery, page: number) {
  return {
    ...pageMeta(language, 'listings.meta.propertiesTitle', 'listings.meta.propertiesDescription'),
    seo: publicPageSeo({
      request,
      publicUrl,
      language,
      params: listingQueryToParams({ ...query, sort: 'newest', page }),
      jsonLd: [listingBreadcrumb({ publicUrl, language })],
    }),
  };
}

export const meta = loaderMeta;

export default function Properties({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { view, query, result, points, locations, map } = loaderData;
  const buildingName = result?.items[0]?.buildingName ?? (query.building && points?.buildings ? decodeListingPoints(points.encoded)[0]?.name : undefined);
  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
        <Stack gap={4}>
          <Title order={1}>{t('listings.properties.title')}</Title>
          <Text c="dimmed">{t('listings.properties.subtitle')}</Text>
        </Stack>
        <ListingViewToggle query={query} view={view} action="/properties" />
      </Group>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Suspense fallback={null}>
            <ListingFilters query={query} locations={locations} action="/properties" view={view} />
          </Suspense>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="md">
            {query.building !== undefined && (
              <Suspense fallback={null}>
                <BuildingFilterNotice query={query} view={view} action="/properties" buildingName={buildingName} />
              </Suspense>
            )}
            {points && map ? (
              <Suspense fallback={null}>
                <ListingMapView result={points} query={query} action="/properties" map={map} />
              </Suspense>
            ) : (
              result && <ListingResults result={result} query={query} action="/properties" />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
