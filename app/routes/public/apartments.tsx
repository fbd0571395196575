/**
 * /apartments: the available-only listing (spec §4, §7 "Select from property … status equals
 * available"), with the same filters as /properties.
 */
import { Anchor, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { ListingFilters } from '~/features/listings/components/listing-filters';
import { ListingResults } from '~/features/listings/components/listing-results';
import { parseListingQuery } from '~/features/listings/listings.schemas';
import { findListings, listLocations } from '~/features/listings/listings.server';
import { pageMeta } from '~/i18n/translate.server';
import { translations } from '~/i18n/resources.server';
import { listingQueryToParams } from '~/features/listings/listing-query';
import { listingBreadcrumb } from '~/features/seo/json-ld.server';
import { publicPageSeo } from '~/features/seo/seo.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import type { Route } from './+types/apartments';

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseListingQuery(new URL(request.url).searchParams);
  const lang = requestLanguage(request);
  const [result, locations] = await Promise.all([
    findListings({ db: context.db, query, lang, availableOnly: true }),
    listLocations({ db: context.db }),
  ]);
  const seo = publicPageSeo({
    request,
    publicUrl: context.publicUrl,
    language: lang,
    // Canonical to the filters and page, without the sort (decision 025).
    params: listingQueryToParams({ ...query, sort: 'newest', page: result.page }),
    jsonLd: [listingBreadcrumb({ publicUrl: context.publicUrl, language: lang, section: 'apartments' })],
  });
  return { query: { ...query, page: result.page }, result, locations, i18n: translations(lang, ['listings']), meta: { ...pageMeta(lang, 'listings.meta.apartmentsTitle'), seo } };
}

export const meta = loaderMeta;

export default function Apartments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, result, locations } = loaderData;
  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" align="flex-end" mb="lg">
        <Stack gap={4}>
          <Title order={1}>{t('listings.apartments.title')}</Title>
          <Text c="dimmed">{t('listings.apartments.subtitle')}</Text>
        </Stack>
        <Anchor component={Link} to="/properties">
          {t('listings.apartments.browseAll')}
        </Anchor>
      </Group>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <ListingFilters query={query} locations={locations} action="/apartments" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <ListingResults result={result} query={query} action="/apartments" />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
