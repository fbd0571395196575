/**
 * The buildings list (decision 015): a GET form of filters (search, state, manager,
 * occupancy, sort — works without JavaScript; every result page has its own URL), the count,
 * the table and link pagination. The same list serves admins (/admin/properties, every building,
 * manager filter) and property managers (/dashboard/buildings, their own).
 */
import { Anchor, Badge, Button, EmptyState, Group, NativeSelect, Progress, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconBuildingCommunity, IconSearch } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Form, Link } from 'react-router';
import { LinkPagination } from '~/components/lists/link-pagination';
import { ScrollTable } from '~/components/lists/list-table';
import { optionsWithAll } from '~/components/lists/filter-form';
import { formatNumber } from '~/lib/format';
import { US_STATES } from '~/lib/us-states';
import { useLanguage } from '~/lib/use-language';
import { BUILDING_SORTS, OCCUPANCY_BANDS, PORTFOLIO_TEXT_LIMITS, buildingListSearch, type BuildingListQuery } from '../portfolio.schemas';
import type { BuildingListPage, ManagerOption } from '../portfolio.types';

type Props = {
  list: BuildingListPage;
  query: BuildingListQuery;
  /** Managers to filter by (admins); empty for property managers, who see no manager filter. */
  managers: ManagerOption[];
  base: string;
};

/** One select of the filter form: its search parameter, the applied value and the options. */
type FilterSelect = {
  name: 'state' | 'manager' | 'occupancy' | 'sort';
  value: string | null;
  options: { value: string; label: string }[];
};

/** "87%" in the visitor's language. */
export function formatPercent(ratio: number, lang: string): string {
  return new Intl.NumberFormat(lang === 'it' ? 'it-IT' : 'en-US', { style: 'percent', maximumFractionDigits: 0 }).format(ratio);
}

export function BuildingList({ list, query, managers, base }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const admin = managers.length > 0 || base.startsWith('/admin');
  const filtered = Boolean(query.q || query.state || query.manager || query.occupancy);
  // The filters' selects, each named after its search parameter and labelled `portfolio.list.filters.<name>`;
  // the manager filter is the admins'.
  const selects: FilterSelect[] = [
    {
      name: 'state',
      value: query.state,
      options: optionsWithAll(t('portfolio.list.filters.anyState'), Object.entries(US_STATES), ([code, name]) => ({
        value: code,
        label: `${name} (${code})`,
      })),
    },
    ...(admin
      ? [
          {
            name: 'manager' as const,
            value: query.manager,
            options: [
              { value: '', label: t('portfolio.list.filters.anyManager') },
              { value: 'none', label: t('portfolio.list.filters.noManager') },
              ...managers.map((manager) => ({ value: manager.id, label: manager.name })),
            ],
          },
        ]
      : []),
    {
      name: 'occupancy',
      value: query.occupancy,
      options: optionsWithAll(t('portfolio.list.filters.anyOccupancy'), OCCUPANCY_BANDS, (band) => ({
        value: band,
        label: t(`portfolio.list.filters.band.${band}`),
      })),
    },
    {
      name: 'sort',
      value: query.sort,
      options: BUILDING_SORTS.map((sort) => ({ value: sort, label: t(`portfolio.list.filters.sorts.${sort}`) })),
    },
  ];
  return (
    <Stack gap="md">
      <Form method="get" action={base} role="search" aria-label={t('portfolio.list.filters.label')} data-testid="building-filters">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            name="q"
            type="search"
            label={t('portfolio.list.filters.search')}
            placeholder={t('portfolio.list.filters.searchPlaceholder')}
            defaultValue={query.q}
            key={`q-${query.q}`}
            maxLength={PORTFOLIO_TEXT_LIMITS.search}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: '1 1 220px' }}
          />
          {selects.map(({ name, value, options }) => (
            <NativeSelect
              key={`${name}-${value}`}
              name={name}
              label={t(`portfolio.list.filters.${name}`)}
              defaultValue={value ?? ''}
              data={options}
            />
          ))}
          <Button type="submit" variant="default">
            {t('portfolio.list.filters.apply')}
          </Button>
          {filtered && (
            <Anchor component={Link} to={base} size="sm" py={8}>
              {t('portfolio.list.filters.reset')}
            </Anchor>
          )}
        </Group>
      </Form>
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="buildings-count">
        {t('portfolio.list.results', { count: list.total })}
      </Text>
      {list.items.length === 0 ? (
        <EmptyState icon={<IconBuildingCommunity size={28} aria-hidden />} variant="light" data-testid="buildings-empty">
          <EmptyState.Title order={2}>{t('portfolio.list.emptyTitle')}</EmptyState.Title>
          <EmptyState.Description>
            {filtered ? t('portfolio.list.emptyBody') : t('portfolio.list.emptyPortfolioBody')}
          </EmptyState.Description>
        </EmptyState>
      ) : (
        <ScrollTable
          minWidth={720}
          striped
          highlightOnHover
          verticalSpacing="sm"
          data-testid="buildings-table"
          columns={[
            { label: t('portfolio.list.columns.building') },
            { label: t('portfolio.list.columns.location') },
            ...(admin ? [{ label: t('portfolio.list.columns.manager') }] : []),
            { label: t('portfolio.list.columns.units'), align: 'right' as const },
            { label: t('portfolio.list.columns.occupancy') },
            ...(['available', 'maintenance', 'listed'] as const).map((column) => ({
              label: t(`portfolio.list.columns.${column}`),
              align: 'right' as const,
            })),
          ]}
        >
          {list.items.map((item) => (
            <Table.Tr key={item.id} data-testid="building-row" data-building-id={item.id}>
              <Table.Td>
                <Anchor component={Link} to={`${base}/${item.id}`} fw={600} data-testid="building-link">
                  {item.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {item.streetAddress}
                </Text>
              </Table.Td>
              <Table.Td>
                {item.city}, {item.state} {item.zipCode}
              </Table.Td>
              {admin && (
                <Table.Td>
                  {item.managerName ?? (
                    <Badge variant="light" color="gray">
                      {t('portfolio.list.unassigned')}
                    </Badge>
                  )}
                </Table.Td>
              )}
              <Table.Td ta="right">{formatNumber(item.unitsTotal, lang)}</Table.Td>
              <Table.Td miw={140}>
                <Group gap="xs" wrap="nowrap">
                  <Progress value={item.occupancy * 100} w={70} aria-hidden color={item.occupancy < 0.8 ? 'yellow.6' : 'teal.8'} />
                  <Text size="sm" data-testid="building-occupancy">
                    {formatPercent(item.occupancy, lang)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('portfolio.list.unitsSummary', {
                    leased: formatNumber(item.unitsLeased, lang),
                    total: formatNumber(item.unitsTotal, lang),
                  })}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{formatNumber(item.unitsAvailable, lang)}</Table.Td>
              <Table.Td ta="right">{formatNumber(item.unitsMaintenance, lang)}</Table.Td>
              <Table.Td ta="right">{formatNumber(item.unitsListed, lang)}</Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
      <LinkPagination
        page={list.page}
        pageCount={list.pageCount}
        hrefFor={(page) => `${base}${buildingListSearch({ ...query, page })}`}
        testId="buildings-pagination"
      />
    </Stack>
  );
}
