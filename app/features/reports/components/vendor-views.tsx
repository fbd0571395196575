/**
 * The reports of vendors and repairs (decision 060): the vendor payments of a year with their W-9
 * status for 1099-NEC filing, and the maintenance KPIs with the repair spend. Client-safe.
 */
import { BarChart } from '@mantine/charts';
import { Alert, Anchor, Badge, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LinkPagination } from '~/components/lists/link-pagination';
import { translatedColumns } from '~/components/lists/list-table';
import { formatCents, formatIsoDate } from '~/lib/format';
import { useTranslation } from '~/lib/i18n';
import type { Language } from '~/lib/constants';
import { useLanguage } from '~/lib/use-language';
import type { MaintenanceKpis } from '../maintenance-kpis.server';
import type { VendorPayments, W9Status } from '../liability-reports.server';
import { reportHref } from '../reports.schemas';
import type { ReportsPageData } from '../reports.types';
import { ReportTable, periodLabel } from './report-table';

const W9_COLORS: Record<W9Status, string> = { verified: 'teal', unverified: 'yellow', missing: 'red' };

/**
 * The vendor payments of a year: every vendor paid, largest first, with the payments' count and
 * last date, the W-9 status and whether a 1099-NEC is due (paid at least the year's threshold);
 * the totals above the table, numbered pages. An admin's vendor names link to the vendor's page.
 */
export function VendorPaymentsView({ page, report }: { page: ReportsPageData; report: VendorPayments }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (cents: number) => formatCents(cents, lang);
  const { totals } = report;
  const vendorLinks = page.basePath === '/admin/reports';
  return (
    <Stack gap="md" data-testid="vendor-payments">
      {totals.needing1099WithoutW9 > 0 && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="vendor-payments-w9-alert">
          {t('reports.vendorPayments.missingW9', { count: totals.needing1099WithoutW9 })}
        </Alert>
      )}
      <Text size="sm" data-testid="vendor-payments-summary">
        {t('reports.vendorPayments.summary', {
          count: totals.vendors,
          total: money(totals.paidCents),
          needing: totals.needing1099,
          threshold: money(report.thresholdCents),
          year: report.year,
        })}
      </Text>
      <ReportTable
        isEmpty={report.rows.length === 0}
        empty={{
          title: t('reports.vendorPayments.emptyTitle'),
          body: t('reports.vendorPayments.emptyBody', { year: report.year }),
          testId: 'vendor-payments-empty',
        }}
        caption={t('reports.vendorPayments.caption', { year: report.year })}
        columns={translatedColumns(t, 'reports.vendorPayments', [
          'vendor',
          { key: 'payments', align: 'right' },
          'lastPaid',
          { key: 'paid', align: 'right' },
          'w9',
          'form1099',
        ])}
        testId="vendor-payments-table"
      >
        <Table.Tbody>
          {report.rows.map((row) => (
            <Table.Tr key={row.vendorId} data-testid="vendor-payments-row" data-vendor={row.vendorId}>
              <Table.Th scope="row" fw={400}>
                {vendorLinks ? (
                  <Anchor component={Link} to={`/admin/vendors/${row.vendorId}`} size="sm">
                    {row.companyName}
                  </Anchor>
                ) : (
                  row.companyName
                )}
                <Text size="xs" c="dimmed">
                  {row.contactName} · {row.email}
                </Text>
              </Table.Th>
              <Table.Td ta="right">{row.payments}</Table.Td>
              <Table.Td>{formatIsoDate(row.lastPaidOn, lang)}</Table.Td>
              <Table.Td ta="right" fw={700}>
                {money(row.paidCents)}
              </Table.Td>
              <Table.Td>
                <Badge color={W9_COLORS[row.w9]} variant="light" miw="max-content" data-testid="vendor-payments-w9">
                  {t(`reports.vendorPayments.w9Status.${row.w9}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{t(row.needs1099 ? 'reports.vendorPayments.due' : 'reports.vendorPayments.notDue')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="vendor-payments-total">
            <Table.Th scope="row">{t('reports.vendorPayments.total', { count: totals.vendors })}</Table.Th>
            <Table.Td />
            <Table.Td />
            <Table.Td ta="right" fw={700}>
              {money(totals.paidCents)}
            </Table.Td>
            <Table.Td />
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </ReportTable>
      <LinkPagination
        page={report.page}
        pageCount={report.pageCount}
        hrefFor={(target) => reportHref(page.basePath, { ...page.query, page: target })}
        testId="vendor-payments-pager"
      />
    </Stack>
  );
}

/** Hours as "5.2 h" under two days, else "3.4 days" (in the page's language). */
function formatDuration(hours: number | null, t: (key: string, options?: Record<string, unknown>) => string, lang: Language): string {
  if (hours === null) return '—';
  const number = (value: number) => new Intl.NumberFormat(lang === 'it' ? 'it-IT' : 'en-US', { maximumFractionDigits: 1 }).format(value);
  return hours < 48
    ? t('reports.maintenance.hours', { value: number(hours) })
    : t('reports.maintenance.days', { value: number(hours / 24) });
}

/**
 * The maintenance KPIs: the requests opened in the period by priority (completed, cancelled, SLA
 * breaches, median time to complete), then the period's repair spend by category (a chart whose
 * figures are the table beside it) and by vendor.
 */
export function MaintenanceView({ kpis }: { kpis: MaintenanceKpis }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (cents: number) => formatCents(cents, lang);
  const kpiCells = (row: MaintenanceKpis['totals'], bold = false) => (
    <>
      {(['opened', 'completed', 'cancelled', 'slaBreaches'] as const).map((key) => (
        <Table.Td key={key} ta="right" fw={bold ? 700 : undefined}>
          {row[key]}
        </Table.Td>
      ))}
      <Table.Td ta="right" fw={bold ? 700 : undefined}>
        {formatDuration(row.medianHoursToComplete, t, lang)}
      </Table.Td>
    </>
  );
  const category = (key: string) => t(`reports.maintenance.categories.${key}`);
  return (
    <Stack gap="md" data-testid="maintenance-kpis">
      <ReportTable
        isEmpty={false}
        empty={{ title: '', body: '', testId: 'maintenance-kpis-empty' }}
        caption={t('reports.maintenance.caption', { period: periodLabel(kpis.period, lang) })}
        columns={translatedColumns(t, 'reports.maintenance', [
          'priority',
          { key: 'opened', align: 'right' },
          { key: 'completed', align: 'right' },
          { key: 'cancelled', align: 'right' },
          { key: 'slaBreaches', align: 'right' },
          { key: 'median', align: 'right' },
        ])}
        testId="maintenance-kpis-table"
      >
        <Table.Tbody>
          {kpis.priorities.map((row) => (
            <Table.Tr key={row.priority} data-testid={`maintenance-priority-${row.priority}`}>
              <Table.Th scope="row" fw={400}>
                {t(`reports.maintenance.priorities.${row.priority}`)}
              </Table.Th>
              {kpiCells(row)}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="maintenance-total">
            <Table.Th scope="row">{t('reports.maintenance.total')}</Table.Th>
            {kpiCells(kpis.totals, true)}
          </Table.Tr>
        </Table.Tfoot>
      </ReportTable>
      <Paper withBorder p="md" component="section" aria-labelledby="maintenance-spend-title">
        <Title order={2} size="h5" id="maintenance-spend-title">
          {t('reports.maintenance.spendTitle', { total: money(kpis.spendCents) })}
        </Title>
        {kpis.categories.length === 0 ? (
          <Text size="sm" c="dimmed" mt="xs" data-testid="maintenance-spend-empty">
            {t('reports.maintenance.spendEmpty')}
          </Text>
        ) : (
          <div aria-hidden>
            <BarChart
              h={200}
              mt="sm"
              data={kpis.categories.map((row) => ({ category: category(row.category), spend: row.cents / 100 }))}
              dataKey="category"
              series={[{ name: 'spend', label: t('reports.maintenance.spend'), color: 'grape.6' }]}
              valueFormatter={(value) => formatCents(Math.round(value * 100), lang)}
              barChartProps={{ accessibilityLayer: false }}
            />
          </div>
        )}
      </Paper>
      {kpis.categories.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <ReportTable
            isEmpty={false}
            empty={{ title: '', body: '', testId: 'maintenance-categories-empty' }}
            caption={t('reports.maintenance.byCategory')}
            columns={translatedColumns(t, 'reports.maintenance', ['category', { key: 'spend', align: 'right' }])}
            testId="maintenance-categories"
            minWidth={260}
          >
            <Table.Tbody>
              {kpis.categories.map((row) => (
                <Table.Tr key={row.category} data-testid="maintenance-category-row">
                  <Table.Th scope="row" fw={400}>
                    {category(row.category)}
                  </Table.Th>
                  <Table.Td ta="right">{money(row.cents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ReportTable>
          <ReportTable
            isEmpty={false}
            empty={{ title: '', body: '', testId: 'maintenance-vendors-empty' }}
            caption={t('reports.maintenance.byVendor')}
            columns={translatedColumns(t, 'reports.maintenance', ['vendor', { key: 'spend', align: 'right' }])}
            testId="maintenance-vendors"
            minWidth={260}
          >
            <Table.Tbody>
              {kpis.vendors.map((row) => (
                <Table.Tr key={row.vendorId ?? 'none'} data-testid="maintenance-vendor-row">
                  <Table.Th scope="row" fw={400}>
                    {row.name ?? t('reports.maintenance.noVendor')}
                  </Table.Th>
                  <Table.Td ta="right">{money(row.cents)}</Table.Td>
                </Table.Tr>
              ))}
              {kpis.otherVendorsCents !== 0 && (
                <Table.Tr>
                  <Table.Th scope="row" fw={400}>
                    {t('reports.maintenance.otherVendors')}
                  </Table.Th>
                  <Table.Td ta="right">{money(kpis.otherVendorsCents)}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </ReportTable>
        </SimpleGrid>
      )}
    </Stack>
  );
}
