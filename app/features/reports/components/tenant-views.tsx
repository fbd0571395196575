/**
 * The reports of units and leases (decisions 058 and 060): the rent roll, the delinquency aging and
 * the security deposit liability, each with its tenants linked to their pages and its own pager.
 * Client-safe.
 */
import { BarChart } from '@mantine/charts';
import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LinkPagination } from '~/components/lists/link-pagination';
import { translatedColumns } from '~/components/lists/list-table';
import { formatCents, formatIsoDate } from '~/lib/format';
import { useTranslation } from '~/lib/i18n';
import { useLanguage } from '~/lib/use-language';
import type { Language } from '~/lib/constants';
import type { DelinquencyAging, RentRoll } from '../financial-reports.server';
import type { DepositLiability } from '../liability-reports.server';
import type { OccupancyReport } from '../occupancy-report.server';
import { AGING_BUCKETS, periodDays, reportHref } from '../reports.schemas';
import type { ReportsPageData } from '../reports.types';
import { formatMonth, periodLabel, ReportKeysetPager, ReportTable } from './report-table';

/**
 * A tenant's name in a report's table, linked to their page under the staff area of `basePath`
 * when they have an account (`tenantId`); otherwise the name as text, or `fallback` without one.
 */
export function TenantLink({
  basePath,
  tenantId,
  name,
  fallback,
}: {
  basePath: ReportsPageData['basePath'];
  tenantId: string | null;
  name: string | null;
  /** Shown when there is no name (nothing by default). */
  fallback?: string;
}) {
  if (!tenantId) return name ?? fallback;
  return (
    <Anchor component={Link} to={`${basePath.replace(/\/reports$/, '/tenants')}/${tenantId}`} size="sm">
      {name}
    </Anchor>
  );
}

/**
 * The rent roll: every unit of the selection on its date, vacant ones included, with the lease in
 * force, its tenant (a link to their page), rent, deposit held and balance; a page of units at a
 * time (keyset links, so it works without JavaScript).
 */
export function RentRollView({ page, rentRoll }: { page: ReportsPageData; rentRoll: RentRoll }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (cents: number) => formatCents(cents, lang);
  const query = page.query;
  return (
    <Stack gap="md" data-testid="rent-roll">
      <ReportTable
        isEmpty={rentRoll.rows.length === 0}
        empty={{ title: t('reports.rentRoll.emptyTitle'), body: t('reports.rentRoll.emptyBody'), testId: 'rent-roll-empty' }}
        caption={t('reports.rentRoll.caption', { date: formatIsoDate(rentRoll.asOf, lang) })}
        columns={translatedColumns(t, 'reports.rentRoll', [
          'building',
          'unit',
          'tenant',
          'lease',
          { key: 'rent', align: 'right' },
          { key: 'deposit', align: 'right' },
          { key: 'balance', align: 'right' },
        ])}
        testId="rent-roll-table"
      >
        <Table.Tbody>
          {rentRoll.rows.map((row) => (
            <Table.Tr key={row.unitId} data-testid="rent-roll-row" data-unit={row.unitId} data-vacant={row.lease ? undefined : 'true'}>
              <Table.Td>{row.buildingName}</Table.Td>
              <Table.Th scope="row" fw={400}>
                {row.unitNumber}
              </Table.Th>
              {row.lease ? (
                <>
                  <Table.Td>
                    <TenantLink basePath={page.basePath} tenantId={row.lease.tenantId} name={row.lease.tenantName} />
                  </Table.Td>
                  <Table.Td>
                    {t('reports.rentRoll.leaseDates', {
                      start: formatIsoDate(row.lease.startDate, lang),
                      end: formatIsoDate(row.lease.endDate, lang),
                    })}
                  </Table.Td>
                  <Table.Td ta="right">{money(row.lease.rentCents)}</Table.Td>
                  <Table.Td ta="right">{money(row.lease.depositHeldCents)}</Table.Td>
                  <Table.Td ta="right">{money(row.lease.balanceCents)}</Table.Td>
                </>
              ) : (
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed">
                    {t('reports.rentRoll.vacant')}
                  </Text>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ReportTable>
      <ReportKeysetPager
        page={page}
        current={query.after}
        next={rentRoll.next}
        at={(after) => ({ ...query, after })}
        label={t('reports.rentRoll.pager')}
        nextLabel={t('reports.rentRoll.next')}
        testId="rent-roll-pager"
      />
    </Stack>
  );
}

/**
 * The delinquency aging: what the selection's tenants owe by age (a chart of the totals, hidden
 * from assistive technology: the same figures are the table's footer), then each lease that owes,
 * largest debt first, with its tenant (a link to their page) and last payment; numbered pages.
 */
export function AgingView({ page, aging }: { page: ReportsPageData; aging: DelinquencyAging }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (cents: number) => formatCents(cents, lang);
  const { totals } = aging;
  return (
    <Stack gap="md" data-testid="aging">
      {totals.leases > 0 && (
        <Paper withBorder p="md" component="section" aria-labelledby="aging-chart-title">
          <Title order={2} size="h5" id="aging-chart-title">
            {t('reports.aging.chartTitle', { count: totals.leases, total: money(totals.totalCents) })}
          </Title>
          <div aria-hidden>
            <BarChart
              h={200}
              mt="sm"
              data={AGING_BUCKETS.map((bucket) => ({ bucket: t(`reports.aging.${bucket}`), owed: totals[bucket] / 100 }))}
              dataKey="bucket"
              series={[{ name: 'owed', label: t('reports.aging.total'), color: 'orange.6' }]}
              valueFormatter={(value) => formatCents(Math.round(value * 100), lang)}
              barChartProps={{ accessibilityLayer: false }}
            />
          </div>
        </Paper>
      )}
      <ReportTable
        isEmpty={aging.rows.length === 0}
        empty={{ title: t('reports.aging.emptyTitle'), body: t('reports.aging.emptyBody'), testId: 'aging-empty' }}
        caption={t('reports.aging.caption', { date: formatIsoDate(aging.asOf, lang) })}
        columns={translatedColumns(t, 'reports.aging', [
          'tenant',
          'unit',
          ...AGING_BUCKETS.map((key) => ({ key, align: 'right' as const })),
          { key: 'total', align: 'right' },
          'lastPayment',
        ])}
        testId="aging-table"
      >
        <Table.Tbody>
          {aging.rows.map((row) => (
            <Table.Tr key={row.leaseId} data-testid="aging-row" data-lease={row.leaseId}>
              <Table.Th scope="row" fw={400}>
                <TenantLink basePath={page.basePath} tenantId={row.tenantId} name={row.tenantName} fallback={t('reports.aging.noTenant')} />
              </Table.Th>
              <Table.Td>
                {row.buildingName} · {row.unitNumber}
              </Table.Td>
              {AGING_BUCKETS.map((bucket) => (
                <Table.Td key={bucket} ta="right" c={row.amounts[bucket] === 0 ? 'dimmed' : undefined}>
                  {money(row.amounts[bucket])}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={700}>
                {money(row.amounts.totalCents)}
              </Table.Td>
              <Table.Td>
                {row.lastPayment
                  ? t('reports.aging.paid', { amount: money(row.lastPayment.amountCents), date: formatIsoDate(row.lastPayment.date, lang) })
                  : t('reports.aging.neverPaid')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="aging-total">
            <Table.Th scope="row" colSpan={2}>
              {t('reports.aging.totals', { count: totals.leases })}
            </Table.Th>
            {AGING_BUCKETS.map((bucket) => (
              <Table.Td key={bucket} ta="right" fw={700}>
                {money(totals[bucket])}
              </Table.Td>
            ))}
            <Table.Td ta="right" fw={700}>
              {money(totals.totalCents)}
            </Table.Td>
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </ReportTable>
      <LinkPagination
        page={aging.page}
        pageCount={aging.pageCount}
        hrefFor={(target) => reportHref(page.basePath, { ...page.query, page: target })}
        testId="aging-pager"
      />
    </Stack>
  );
}

/**
 * The security deposit liability: every lease whose deposit is held on the date (ended leases
 * whose deposit is not yet returned included), by building and unit, a page of units at a time
 * (keyset links); the total the general ledger holds for the whole selection above the table.
 */
export function DepositsView({ page, deposits }: { page: ReportsPageData; deposits: DepositLiability }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (cents: number) => formatCents(cents, lang);
  const query = page.query;
  return (
    <Stack gap="md" data-testid="deposits">
      <Paper withBorder p="md" data-testid="deposits-total">
        <Text size="sm" c="dimmed">
          {t('reports.deposits.totalLabel', { date: formatIsoDate(deposits.asOf, lang) })}
        </Text>
        <Text size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {money(deposits.heldCents)}
        </Text>
      </Paper>
      <ReportTable
        isEmpty={deposits.rows.length === 0}
        empty={{ title: t('reports.deposits.emptyTitle'), body: t('reports.deposits.emptyBody'), testId: 'deposits-empty' }}
        caption={t('reports.deposits.caption', { date: formatIsoDate(deposits.asOf, lang) })}
        columns={translatedColumns(t, 'reports.deposits', [
          'building',
          'unit',
          'tenant',
          'lease',
          'status',
          { key: 'held', align: 'right' },
        ])}
        testId="deposits-table"
      >
        <Table.Tbody>
          {deposits.rows.map((row) => (
            <Table.Tr key={row.leaseId} data-testid="deposits-row" data-lease={row.leaseId}>
              <Table.Td>{row.buildingName}</Table.Td>
              <Table.Th scope="row" fw={400}>
                {row.unitNumber}
              </Table.Th>
              <Table.Td>
                <TenantLink basePath={page.basePath} tenantId={row.tenantId} name={row.tenantName} fallback={t('reports.aging.noTenant')} />
              </Table.Td>
              <Table.Td>
                {t('reports.rentRoll.leaseDates', { start: formatIsoDate(row.startDate, lang), end: formatIsoDate(row.endDate, lang) })}
              </Table.Td>
              <Table.Td>
                {row.moveOutDate
                  ? t('reports.deposits.movedOut', { date: formatIsoDate(row.moveOutDate, lang) })
                  : t(`reports.deposits.leaseStatus.${row.leaseStatus}`)}
              </Table.Td>
              <Table.Td ta="right">{money(row.heldCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ReportTable>
      <ReportKeysetPager
        page={page}
        current={query.after}
        next={deposits.next}
        at={(after) => ({ ...query, after })}
        label={t('reports.deposits.pager')}
        nextLabel={t('reports.rentRoll.next')}
        testId="deposits-pager"
      />
    </Stack>
  );
}

/** Occupancy as a percent with one decimal ("93.5%"), or a dash without units. */
function occupancyText(row: { units: number; leased: number }, lang: Language): string {
  if (row.units === 0) return '—';
  return new Intl.NumberFormat(lang === 'it' ? 'it-IT' : 'en-US', { style: 'percent', maximumFractionDigits: 1 }).format(
    row.leased / row.units,
  );
}

/**
 * Occupancy and vacancy over time: a stacked bar per month (leased, vacant) whose figures are also
 * the table under it (the drawing is hidden from assistive technology), each month counted on its
 * last day (today for the running month).
 */
export function OccupancyView({ report }: { report: OccupancyReport }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const empty = report.months.length === 0 || report.months.every((row) => row.units === 0);
  return (
    <Stack gap="md" data-testid="occupancy-report">
      {!empty && (
        <Paper withBorder p="md" component="section" aria-labelledby="occupancy-chart-title">
          <Title order={2} size="h5" id="occupancy-chart-title">
            {t('reports.occupancy.chartTitle')}
          </Title>
          <div aria-hidden>
            <BarChart
              h={240}
              mt="sm"
              type="stacked"
              data={report.months.map((row) => ({ month: formatMonth(row.month, lang), leased: row.leased, vacant: row.vacant }))}
              dataKey="month"
              series={[
                { name: 'leased', label: t('reports.occupancy.leased'), color: 'teal.6' },
                { name: 'vacant', label: t('reports.occupancy.vacant'), color: 'orange.5' },
              ]}
              withLegend
              barChartProps={{ accessibilityLayer: false }}
            />
          </div>
        </Paper>
      )}
      <ReportTable
        isEmpty={empty}
        empty={{ title: t('reports.occupancy.emptyTitle'), body: t('reports.occupancy.emptyBody'), testId: 'occupancy-empty' }}
        caption={t('reports.occupancy.caption', { period: periodLabel(report.period, lang) })}
        columns={translatedColumns(t, 'reports.occupancy', [
          'month',
          { key: 'units', align: 'right' },
          { key: 'leased', align: 'right' },
          { key: 'vacant', align: 'right' },
          { key: 'rate', align: 'right' },
        ])}
        testId="occupancy-table"
      >
        <Table.Tbody>
          {report.months.map((row) => (
            <Table.Tr key={row.month} data-testid="occupancy-row" data-month={row.month}>
              <Table.Th scope="row" fw={400}>
                {formatMonth(row.month, lang)}
                {row.day !== periodDays({ from: row.month, to: row.month }).last && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    {t('reports.occupancy.toDate', { date: formatIsoDate(row.day, lang) })}
                  </Text>
                )}
              </Table.Th>
              <Table.Td ta="right">{row.units}</Table.Td>
              <Table.Td ta="right">{row.leased}</Table.Td>
              <Table.Td ta="right">{row.vacant}</Table.Td>
              <Table.Td ta="right" data-testid="occupancy-rate">
                {occupancyText(row, lang)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ReportTable>
    </Stack>
  );
}
