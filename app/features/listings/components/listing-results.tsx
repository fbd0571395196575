/**
 * A page of listing results: count, grid of cards, pagination links (real links: they work
 * without JavaScript and can be shared), and a helpful empty state.
 */
import { Button, Center, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHomeSearch } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { formatNumber } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import { listingQueryToParams, type ListingQuery } from '../listing-query';
import type { ListingPage } from '../listings.server';
import { Suspense } from 'react';
import { lazyPart } from '~/lib/lazy-part';
import { ListingCard } from './listing-card';
import classes from './listings.module.css';
import { ROUND_ICON } from '~/lib/theme';

const ListingPagination = lazyPart(() => import('./listing-pagination').then((module) => module.default));

type Props = { result: ListingPage; query: ListingQuery; action: string };

export function ListingResults({ result, query, action }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const hrefFor = (page: number) => {
    const params = listingQueryToParams({ ...query, page });
    const search = params.toString();
    return search ? `${action}?${search}` : action;
  };

  if (result.items.length === 0) return <ListingsEmpty resetHref={action} />;

  const from = (result.page - 1) * result.pageSize + 1;
  const to = from + result.items.length - 1;
  const total = result.totalCapped
    ? t('listings.properties.resultsCapped', { value: formatNumber(result.total, lang) })
    : t('listings.properties.resultsCount', { count: result.total });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text fw={600} data-testid="listings-count" aria-live="polite">
          {total}
        </Text>
        <Text size="sm" c="dimmed">
          {t('listings.properties.showing', { from, to, total: formatNumber(result.total, lang) + (result.totalCapped ? '+' : '') })}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {result.items.map((listing, index) => (
          <ListingCard key={listing.id} listing={listing} priority={index < 3} largest={index === 0} />
        ))}
      </SimpleGrid>
      {result.pageCount > 1 && (
        <Center mt="md">
          {/* Its own chunk (first-load JS ≤ 150 KB): the links are server-rendered all the same. */}
          <Suspense fallback={<div className={classes.paginationPlaceholder} />}>
            <ListingPagination page={result.page} pageCount={result.pageCount} hrefFor={hrefFor} />
          </Suspense>
        </Center>
      )}
    </Stack>
  );
}

/** No home matches the search: say so and offer to clear the filters (`resetHref`). */
export function ListingsEmpty({ resetHref }: { resetHref: string }) {
  const { t } = useTranslation();
  return (
    <Center py={60} data-testid="listings-empty">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon style={ROUND_ICON} size={56} variant="light">
          <IconHomeSearch size={30} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('listings.properties.emptyTitle')}
        </Title>
        <Text c="dimmed">{t('listings.properties.emptyBody')}</Text>
        <Button component={Link} to={resetHref} variant="light">
          {t('listings.properties.emptyReset')}
        </Button>
      </Stack>
    </Center>
  );
}
