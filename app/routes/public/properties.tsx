/**
 * /properties: the public listing search (spec §2). Filters run on the server; the URL holds
 * `capacity`, `location`, `minPrice`, `maxPrice`, `sort`, `page`.
 */
import { Container, Grid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListingFilters } from '~/features/listings/components/listing-filters';
import { ListingResults } from '~/features/listings/components/listing-results';
import { parseListingQuery } from '~/features/listings/listings.schemas';
import { findListings, listLocations } from '~/features/listings/listings.server';
import { pageMeta } from '~/i18n/translate.server';
import { translations } from '~/i18n/resources.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import type { Route } from './+types/properties';

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseListingQuery(new URL(request.url).searchParams);
  const lang = requestLanguage(request);
  const [result, locations] = await Promise.all([
    findListings({ db: context.db, query, lang }),
    listLocations({ db: context.db }),
  ]);
  return { query: { ...query, page: result.page }, result, locations, i18n: translations(lang, ['listings']), meta: pageMeta(lang, 'listings.meta.propertiesTitle', 'listings.meta.propertiesDescription') };
}

export function meta({ data }: Route.MetaArgs) {
  return metaTags(data?.meta);
}

export default function Properties({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, result, locations } = loaderData;
  return (
    <Container size="xl" py="xl">
      <Stack gap={4} mb="lg">
        <Title order={1}>{t('listings.properties.title')}</Title>
        <Text c="dimmed">{t('listings.properties.subtitle')}</Text>
      </Stack>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <ListingFilters query={query} locations={locations} action="/properties" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <ListingResults result={result} query={query} action="/properties" />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
