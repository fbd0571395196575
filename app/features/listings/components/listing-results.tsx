/**
 * A page of listing results: count, grid of cards, pagination links (real links: they work
 * without JavaScript and can be shared), and a helpful empty state.
 */
import { Button, Center, Group, Pagination, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHomeSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import { listingQueryToParams, type ListingQuery } from '../listing-query';
import type { ListingPage } from '../listings.server';
import { ListingCard } from './listing-card';

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
          <nav aria-label={t('listings.properties.pagination')}>
            <Pagination
              total={result.pageCount}
              value={result.page}
              siblings={1}
              getItemProps={(page) => ({ component: Link, to: hrefFor(page), 'aria-label': String(page) })}
              getControlProps={(control) => {
                const label = t(`listings.properties.${control}Page`);
                if (control === 'first') return { component: Link, to: hrefFor(1), 'aria-label': label };
                if (control === 'last') return { component: Link, to: hrefFor(result.pageCount), 'aria-label': label };
                if (control === 'next') {
                  return { component: Link, to: hrefFor(Math.min(result.page + 1, result.pageCount)), 'aria-label': label };
                }
                return { component: Link, to: hrefFor(Math.max(result.page - 1, 1)), 'aria-label': label };
              }}
            />
          </nav>
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
        <ThemeIcon size={56} radius="xl" variant="light">
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
