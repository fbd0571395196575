/**
 * "Your portfolio" on a property manager's /dashboard (decision 015): totals (buildings,
 * units, occupancy, vacancies, units in maintenance, open applications) and each building they
 * run, linking to its page (`/dashboard/buildings/:id`), where they manage it.
 */
import { Anchor, EmptyState, SimpleGrid, Table, Text } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { formatNumber } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { ManagerPortfolio as Portfolio } from '../portfolio-overview.server';
import { ScrollTable } from '~/components/lists/list-table';
import { PanelCard } from '~/components/panel-card';
import { formatPercent } from './building-list';

/** The buildings table's columns: name and location, then the right-aligned figures. */
const COLUMNS = ['building', 'location', 'units', 'occupancy', 'available', 'maintenance', 'applications'] as const;

export function ManagerPortfolio({ portfolio }: { portfolio: Portfolio }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { totals } = portfolio;
  const figures: [string, string][] = [
    ['buildings', formatNumber(totals.buildings, lang)],
    ['units', formatNumber(totals.units, lang)],
    ['occupancy', formatPercent(totals.units === 0 ? 0 : totals.leased / totals.units, lang)],
    ['available', formatNumber(totals.available, lang)],
    ['maintenance', formatNumber(totals.maintenance, lang)],
    ['applications', formatNumber(totals.openApplications, lang)],
  ];
  return (
    <PanelCard
      id="portfolio"
      anchor
      testId="manager-portfolio"
      title={t('portfolio.dashboard.title')}
      description={t('portfolio.dashboard.intro')}
    >
      {portfolio.buildings.length === 0 ? (
        <EmptyState icon={<IconBuildingCommunity size={28} aria-hidden />} variant="light" size="sm" data-testid="portfolio-empty">
          <EmptyState.Description>{t('portfolio.dashboard.none')}</EmptyState.Description>
        </EmptyState>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" mb="md">
            {figures.map(([key, value]) => (
              <div key={key} data-testid={`portfolio-total-${key}`}>
                <Text size="xs" c="dimmed">
                  {t(`portfolio.dashboard.totals.${key}`)}
                </Text>
                <Text fz="lg" fw={700}>
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          <ScrollTable
            minWidth={620}
            verticalSpacing="xs"
            striped
            data-testid="portfolio-buildings"
            columns={COLUMNS.map((column, index) => ({
              label: t(`portfolio.dashboard.columns.${column}`),
              align: index < 2 ? undefined : ('right' as const),
            }))}
          >
            {portfolio.buildings.map((row) => (
              <Table.Tr key={row.id} data-testid="portfolio-building" data-building-id={row.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/dashboard/buildings/${row.id}`} fw={600}>
                    {row.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {row.city}, {row.state}
                </Table.Td>
                <Table.Td ta="right">{formatNumber(row.unitsTotal, lang)}</Table.Td>
                <Table.Td ta="right">{formatPercent(row.unitsTotal === 0 ? 0 : row.unitsLeased / row.unitsTotal, lang)}</Table.Td>
                <Table.Td ta="right">{formatNumber(row.unitsAvailable, lang)}</Table.Td>
                <Table.Td ta="right">{formatNumber(row.unitsMaintenance, lang)}</Table.Td>
                <Table.Td ta="right">{formatNumber(row.openApplications, lang)}</Table.Td>
              </Table.Tr>
            ))}
          </ScrollTable>
          <Anchor component={Link} to="/dashboard/buildings" size="sm" fw={600} mt="sm" display="inline-block">
            {t('portfolio.dashboard.all')}
          </Anchor>
        </>
      )}
    </PanelCard>
  );
}
