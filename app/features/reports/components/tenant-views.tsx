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
import type { DelinquencyAging, RentRoll } from '../financial-reports.server';
import type { DepositLiability } from '../liability-reports.server';
import { AGING_BUCKETS, reportHref } from '../reports.schemas';
import type { ReportsPageData } from '../reports.types';
import { ReportKeysetPager, ReportTable } from './report-table';

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
