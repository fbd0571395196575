/**
 * The financial reports page of /admin/reports and /dashboard/reports (decision 058): the reports
 * as links (each its own URL, so they work without JavaScript), a GET form for the months and the
 * building (the rent roll: its date), then the chosen report — the income statement (a chart of
 * income and expenses per month, whose figures are also a table, then the accounts with the
 * previous period and the change beside them), the trial balance, the rent roll, or the
 * delinquency aging (the totals by age as a chart and a table footer, then the leases that owe,
 * largest debt first), the general ledger detail of one account, the security deposit liability on a date, or the vendor payments of a year
 * with their W-9 status and the 1099-NEC threshold. Tables have captions and column headers for screen readers; amounts are
 * right-aligned.
 */
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconFilter, IconReportMoney } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { KeysetPager } from '~/components/keyset-pager';
import { LinkPagination } from '~/components/lists/link-pagination';
import { ListBuildingFilter } from '~/components/lists/building-filter';
import { ColumnHeaders, translatedColumns, type ListColumn } from '~/components/lists/list-table';
import { FilterErrorsAlert } from '~/components/lists/list-toolbar';
import { formatCents, formatIsoDate } from '~/lib/format';
import { useTranslation } from '~/lib/i18n';
import type { Language } from '~/lib/constants';
import { useLanguage } from '~/lib/use-language';
import type { DelinquencyAging, IncomeStatement, RentRoll, TrialBalanceReport } from '../financial-reports.server';
import type { LedgerDetail } from '../ledger-detail.server';
import type { MaintenanceKpis } from '../maintenance-kpis.server';
import type { DepositLiability, VendorPayments, W9Status } from '../liability-reports.server';
import { AGING_BUCKETS, REPORT_KINDS, REPORT_MAX_YEAR, REPORT_MIN_YEAR, reportHref, type ReportQuery } from '../reports.schemas';
import type { ReportsPageData } from '../reports.types';

/** A month (`YYYY-MM`) as e.g. "Nov 2026" / "nov 2026" (here, not in ~/lib/format: the public pages' bundle stays within its budget). */
function formatMonth(month: string, lang: Language): string {
  return new Intl.DateTimeFormat(lang === 'it' ? 'it-IT' : 'en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month.slice(0, 7)}-01T00:00:00Z`),
  );
}

/** An account's name in the page's language (the Italian name when there is one). */
function accountName(row: { name: string; nameIt: string | null }, lang: Language): string {
  return lang === 'it' && row.nameIt ? row.nameIt : row.name;
}

function periodLabel(period: { from: string; to: string }, lang: Language): string {
  return period.from === period.to ? formatMonth(period.from, lang) : `${formatMonth(period.from, lang)} – ${formatMonth(period.to, lang)}`;
}

/**
 * A report's table: its caption and column headers, then the caller's bodies and footer (a report
 * has sections and totals, which a list's single body cannot hold); an empty state instead when
 * there is nothing to show.
 */
function ReportTable({
  isEmpty,
  empty,
  caption,
  columns,
  testId,
  minWidth = 560,
  children,
}: {
  isEmpty: boolean;
  empty: { title: string; body: string; testId: string };
  caption: string;
  columns: readonly ListColumn[];
  testId: string;
  /** Below this width (px) the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  children: ReactNode;
}) {
  if (isEmpty)
    return (
      <EmptyState icon={<IconReportMoney size={30} />} variant="light" py="xl" data-testid={empty.testId}>
        <EmptyState.Title order={2}>{empty.title}</EmptyState.Title>
        <EmptyState.Description>{empty.body}</EmptyState.Description>
      </EmptyState>
    );
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Table.Caption>{caption}</Table.Caption>
        <ColumnHeaders columns={columns} />
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}

export function ReportsPage({ page }: { page: ReportsPageData }) {
  const { t } = useTranslation();
  const { query } = page;
  return (
    <Stack gap="md" data-testid="reports-page" data-report={query.report}>
      <Group justify="space-between" gap="sm">
        <Group component="nav" aria-label={t('reports.tabs.label')} gap="xs">
          {REPORT_KINDS.map((report) => (
            <Button
              key={report}
              component={Link}
              to={reportHref(page.basePath, { ...query, report })}
              variant={query.report === report ? 'filled' : 'default'}
              aria-current={query.report === report ? 'page' : undefined}
              size="sm"
            >
              {t(`reports.tabs.${report}`)}
            </Button>
          ))}
        </Group>
        {Object.keys(page.errors).length === 0 && (
          <Button
            component="a"
            href={reportHref(`${page.basePath}.csv`, query)}
            download
            variant="default"
            size="sm"
            leftSection={<IconDownload size={16} aria-hidden />}
            data-testid="reports-export"
          >
            {t('reports.export')}
          </Button>
        )}
      </Group>
      <ReportFilters page={page} />
      <FilterErrorsAlert errors={page.errors} testId="reports-errors" />
      {page.income && <IncomeStatementView statement={page.income} />}
      {page.trialBalance && <TrialBalanceView report={page.trialBalance} />}
      {page.rentRoll && <RentRollView page={page} rentRoll={page.rentRoll} />}
      {page.aging && <AgingView page={page} aging={page.aging} />}
      {page.deposits && <DepositsView page={page} deposits={page.deposits} />}
      {page.vendorPayments && <VendorPaymentsView page={page} report={page.vendorPayments} />}
      {page.ledger && <LedgerView page={page} ledger={page.ledger} />}
      {page.maintenance && <MaintenanceView kpis={page.maintenance} />}
    </Stack>
  );
}

function ReportFilters({ page }: { page: ReportsPageData }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { query, errors } = page;
  return (
    <Form method="get" action={page.basePath} aria-label={t('reports.title')} key={JSON.stringify(query)}>
      <input type="hidden" name="report" value={query.report} />
      <Group align="flex-start" gap="sm" wrap="wrap">
        {query.report === 'vendor-payments' ? (
          <TextInput
            type="number"
            name="year"
            label={t('reports.vendorPayments.year')}
            defaultValue={String(query.year)}
            min={REPORT_MIN_YEAR}
            max={REPORT_MAX_YEAR}
            error={errors.year}
            style={{ flex: '0 1 120px' }}
            data-testid="reports-filter-year"
          />
        ) : query.report === 'rent-roll' || query.report === 'deposits' ? (
          <TextInput
            type="date"
            name="asOf"
            label={t('reports.rentRoll.asOf')}
            defaultValue={query.asOf}
            error={errors.asOf}
            style={{ flex: '0 1 170px' }}
            data-testid="reports-filter-asOf"
          />
        ) : query.report === 'aging' ? null : (
          <>
            {query.report === 'ledger' && !page.ledger && (
              <TextInput
                name="account"
                label={t('reports.ledger.account')}
                defaultValue={query.account ?? ''}
                error={errors.account}
                style={{ flex: '0 1 170px' }}
                data-testid="reports-filter-account"
              />
            )}
            {query.report === 'ledger' && page.ledger && (
              <NativeSelect
                name="account"
                label={t('reports.ledger.account')}
                defaultValue={page.ledger.account.number}
                error={errors.account}
                data={page.ledger.accounts.map((account) => ({
                  value: account.number,
                  label: `${account.number} · ${accountName(account, lang)}`,
                }))}
                style={{ flex: '0 1 280px' }}
                data-testid="reports-filter-account"
              />
            )}
            <MonthField name="from" label={t('reports.filters.from')} value={query.from} error={errors.from} />
            <MonthField name="to" label={t('reports.filters.to')} value={query.to} error={errors.to} />
          </>
        )}
        <ListBuildingFilter
          texts="reports.filters"
          building={page.building}
          buildingId={query.buildingId}
          error={errors.building}
          testId="reports-filter-building"
        />
        <Button type="submit" variant="default" mt={25} leftSection={<IconFilter size={16} aria-hidden />}>
          {t('reports.filters.apply')}
        </Button>
      </Group>
      {(query.report === 'income' || query.report === 'trial-balance') && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('reports.filters.monthsHint')}
        </Text>
      )}
      {(query.report === 'aging' ||
        query.report === 'deposits' ||
        query.report === 'vendor-payments' ||
        query.report === 'maintenance') && (
        <Text size="xs" c="dimmed" mt={4}>
          {t(`reports.${query.report === 'vendor-payments' ? 'vendorPayments' : query.report}.hint`)}
        </Text>
      )}
    </Form>
  );
}

/** A month as the browser's month picker (`YYYY-MM`); a browser without one takes the text. */
function MonthField({ name, label, value, error }: { name: keyof ReportQuery; label: string; value: string; error?: string | undefined }) {
  return (
    <TextInput
      type="month"
      name={name}
      label={label}
      defaultValue={value}
      error={error}
      pattern="\d{4}-\d{2}"
      placeholder="YYYY-MM"
      style={{ flex: '0 1 170px' }}
      data-testid={`reports-filter-${name}`}
    />
  );
}

function IncomeStatementView({ statement }: { statement: IncomeStatement }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (cents: number) => formatCents(cents, lang);
  const columns = translatedColumns(t, 'reports.income', [
    'account',
    { key: 'current', align: 'right' },
    { key: 'previous', align: 'right' },
    { key: 'change', align: 'right' },
  ]);
  const section = (type: 'income' | 'expense') => statement.rows.filter((row) => row.type === type);
  const totalRow = (label: string, current: number, previous: number, testId: string) => (
    <Table.Tr data-testid={testId}>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td ta="right" fw={700}>
        {money(current)}
      </Table.Td>
      <Table.Td ta="right" fw={700}>
        {money(previous)}
      </Table.Td>
      <Table.Td ta="right" fw={700}>
        {money(current - previous)}
      </Table.Td>
    </Table.Tr>
  );
  const { totals } = statement;
  return (
    <Stack gap="md" data-testid="income-statement">
      <Paper withBorder p="md" component="section" aria-labelledby="income-chart-title">
        <Title order={2} size="h5" id="income-chart-title">
          {t('reports.income.chartTitle')}
        </Title>
        {/* The figures are in the table under the drawing; the drawing is hidden from assistive
            technology and kept out of the tab order. */}
        <div aria-hidden>
          <BarChart
            h={220}
            mt="sm"
            data={statement.months.map((month) => ({
              month: formatMonth(month.month, lang),
              income: month.incomeCents / 100,
              expenses: month.expenseCents / 100,
            }))}
            dataKey="month"
            series={[
              { name: 'income', label: t('reports.income.chartIncome'), color: 'teal.6' },
              { name: 'expenses', label: t('reports.income.chartExpenses'), color: 'red.6' },
            ]}
            valueFormatter={(value) => formatCents(Math.round(value * 100), lang)}
            withLegend
            barChartProps={{ accessibilityLayer: false }}
          />
        </div>
        <details>
          <summary>
            <Text span size="xs">
              {t('reports.income.chartTitle')}
            </Text>
          </summary>
          <Table fz="xs" verticalSpacing={2} data-testid="income-chart-figures">
            <ColumnHeaders
              columns={[
                { label: t('reports.filters.from') },
                { label: t('reports.income.chartIncome'), align: 'right' },
                { label: t('reports.income.chartExpenses'), align: 'right' },
              ]}
            />
            <Table.Tbody>
              {statement.months.map((month) => (
                <Table.Tr key={month.month}>
                  <Table.Th scope="row">{formatMonth(month.month, lang)}</Table.Th>
                  <Table.Td ta="right">{money(month.incomeCents)}</Table.Td>
                  <Table.Td ta="right">{money(month.expenseCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </details>
      </Paper>
      <ReportTable
        isEmpty={statement.rows.length === 0}
        empty={{
          title: t('reports.income.emptyTitle'),
          body: t('reports.income.emptyBody'),
          testId: 'income-statement-empty',
        }}
        caption={t('reports.income.caption', {
          period: periodLabel(statement.period, lang),
          previous: periodLabel(statement.previous, lang),
        })}
        columns={columns}
        testId="income-statement-table"
      >
        {(['income', 'expense'] as const).map((type) => (
          <Table.Tbody key={type}>
            <Table.Tr>
              <Table.Th scope="rowgroup" colSpan={4}>
                {t(type === 'income' ? 'reports.income.income' : 'reports.income.expenses')}
              </Table.Th>
            </Table.Tr>
            {section(type).map((row) => (
              <Table.Tr key={row.accountId} data-testid={`income-row-${row.number}`}>
                <Table.Th scope="row" fw={400}>
                  {row.number} · {accountName(row, lang)}
                </Table.Th>
                <Table.Td ta="right">{money(row.currentCents)}</Table.Td>
                <Table.Td ta="right">{money(row.previousCents)}</Table.Td>
                <Table.Td ta="right">{money(row.currentCents - row.previousCents)}</Table.Td>
              </Table.Tr>
            ))}
            {type === 'income'
              ? totalRow(t('reports.income.totalIncome'), totals.incomeCents, totals.previousIncomeCents, 'income-total')
              : totalRow(t('reports.income.totalExpenses'), totals.expenseCents, totals.previousExpenseCents, 'expense-total')}
          </Table.Tbody>
        ))}
        <Table.Tfoot>{totalRow(t('reports.income.net'), totals.netCents, totals.previousNetCents, 'net-income')}</Table.Tfoot>
      </ReportTable>
    </Stack>
  );
}

function TrialBalanceView({ report }: { report: TrialBalanceReport }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (cents: number) => formatCents(cents, lang);
  const balanced = report.debitCents === report.creditCents;
  return (
    <Stack gap="md" data-testid="trial-balance">
      {report.rows.length > 0 && (
        <Alert
          color={balanced ? 'teal' : 'red'}
          icon={balanced ? <IconCircleCheck size={18} aria-hidden /> : <IconAlertTriangle size={18} aria-hidden />}
          data-testid="trial-balance-status"
        >
          {t(balanced ? 'reports.trialBalance.balanced' : 'reports.trialBalance.unbalanced')}
        </Alert>
      )}
      <ReportTable
        isEmpty={report.rows.length === 0}
        empty={{
          title: t('reports.trialBalance.emptyTitle'),
          body: t('reports.trialBalance.emptyBody'),
          testId: 'trial-balance-empty',
        }}
        caption={t('reports.trialBalance.caption', { date: formatIsoDate(report.through, lang) })}
        columns={translatedColumns(t, 'reports.trialBalance', [
          'account',
          'type',
          { key: 'debit', align: 'right' },
          { key: 'credit', align: 'right' },
        ])}
        testId="trial-balance-table"
      >
        <Table.Tbody>
          {report.rows.map((row) => (
            <Table.Tr key={row.accountId} data-testid={`trial-row-${row.number}`}>
              <Table.Th scope="row" fw={400}>
                {row.number} · {accountName(row, lang)}
              </Table.Th>
              <Table.Td>{t(`reports.types.${row.type}`)}</Table.Td>
              <Table.Td ta="right">{row.debitCents > 0 ? money(row.debitCents) : ''}</Table.Td>
              <Table.Td ta="right">{row.creditCents > 0 ? money(row.creditCents) : ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="trial-balance-total">
            <Table.Th scope="row">{t('reports.trialBalance.total')}</Table.Th>
            <Table.Td />
            <Table.Td ta="right" fw={700}>
              {money(report.debitCents)}
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {money(report.creditCents)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </ReportTable>
    </Stack>
  );
}

/**
 * The rent roll: every unit of the selection on its date, vacant ones included, with the lease in
 * force, its tenant (a link to their page), rent, deposit held and balance; a page of units at a
 * time (keyset links, so it works without JavaScript).
 */
function RentRollView({ page, rentRoll }: { page: ReportsPageData; rentRoll: RentRoll }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (cents: number) => formatCents(cents, lang);
  const tenantsPath = page.basePath.replace(/\/reports$/, '/tenants');
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
                    {row.lease.tenantId ? (
                      <Anchor component={Link} to={`${tenantsPath}/${row.lease.tenantId}`} size="sm">
                        {row.lease.tenantName}
                      </Anchor>
                    ) : (
                      row.lease.tenantName
                    )}
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
      <KeysetPager
        label={t('reports.rentRoll.pager')}
        firstHref={query.after ? reportHref(page.basePath, { ...query, after: null }) : null}
        firstLabel={t('reports.rentRoll.first')}
        nextHref={rentRoll.next ? reportHref(page.basePath, { ...query, after: rentRoll.next }) : null}
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
function AgingView({ page, aging }: { page: ReportsPageData; aging: DelinquencyAging }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (cents: number) => formatCents(cents, lang);
  const tenantsPath = page.basePath.replace(/\/reports$/, '/tenants');
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
                {row.tenantId ? (
                  <Anchor component={Link} to={`${tenantsPath}/${row.tenantId}`} size="sm">
                    {row.tenantName}
                  </Anchor>
                ) : (
                  (row.tenantName ?? t('reports.aging.noTenant'))
                )}
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
function DepositsView({ page, deposits }: { page: ReportsPageData; deposits: DepositLiability }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (cents: number) => formatCents(cents, lang);
  const tenantsPath = page.basePath.replace(/\/reports$/, '/tenants');
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
                {row.tenantId ? (
                  <Anchor component={Link} to={`${tenantsPath}/${row.tenantId}`} size="sm">
                    {row.tenantName}
                  </Anchor>
                ) : (
                  (row.tenantName ?? t('reports.aging.noTenant'))
                )}
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
      <KeysetPager
        label={t('reports.deposits.pager')}
        firstHref={query.after ? reportHref(page.basePath, { ...query, after: null }) : null}
        firstLabel={t('reports.rentRoll.first')}
        nextHref={deposits.next ? reportHref(page.basePath, { ...query, after: deposits.next }) : null}
        nextLabel={t('reports.rentRoll.next')}
        testId="deposits-pager"
      />
    </Stack>
  );
}

const W9_COLORS: Record<W9Status, string> = { verified: 'teal', unverified: 'yellow', missing: 'red' };

/**
 * The vendor payments of a year: every vendor paid, largest first, with the payments' count and
 * last date, the W-9 status and whether a 1099-NEC is due (paid at least the year's threshold);
 * the totals above the table, numbered pages. An admin's vendor names link to the vendor's page.
 */
function VendorPaymentsView({ page, report }: { page: ReportsPageData; report: VendorPayments }) {
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

/**
 * The general ledger detail: one account's balance before the period, the period's debits and
 * credits and the balance after it, then its journal lines oldest first, a page at a time
 * (keyset links).
 */
function LedgerView({ page, ledger }: { page: ReportsPageData; ledger: LedgerDetail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (cents: number) => formatCents(cents, lang);
  const query = page.query;
  const figures = [
    ['opening', ledger.openingCents],
    ['debits', ledger.debitCents],
    ['credits', ledger.creditCents],
    ['closing', ledger.closingCents],
  ] as const;
  return (
    <Stack gap="md" data-testid="ledger">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {figures.map(([key, cents]) => (
          <Paper key={key} withBorder p="sm" data-testid={`ledger-${key}`}>
            <Text size="xs" c="dimmed">
              {t(`reports.ledger.${key}`)}
            </Text>
            <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {money(cents)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <ReportTable
        isEmpty={ledger.lines.length === 0}
        empty={{ title: t('reports.ledger.emptyTitle'), body: t('reports.ledger.emptyBody'), testId: 'ledger-empty' }}
        caption={t('reports.ledger.caption', {
          account: `${ledger.account.number} · ${accountName(ledger.account, lang)}`,
          period: periodLabel(ledger.period, lang),
        })}
        columns={translatedColumns(t, 'reports.ledger', [
          'date',
          'entry',
          'description',
          'where',
          { key: 'debit', align: 'right' },
          { key: 'credit', align: 'right' },
        ])}
        testId="ledger-table"
      >
        <Table.Tbody>
          {ledger.lines.map((line) => (
            <Table.Tr key={line.id} data-testid="ledger-row" data-line={line.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatIsoDate(line.date, lang)}</Table.Td>
              <Table.Th scope="row" fw={400}>
                #{line.entryId}
              </Table.Th>
              <Table.Td>
                {t(`reports.ledger.sources.${line.source}`)}
                {line.memo ? (
                  <Text size="xs" c="dimmed">
                    {line.memo}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{[line.buildingName, line.unitNumber].filter(Boolean).join(' · ')}</Table.Td>
              <Table.Td ta="right">{line.debitCents > 0 ? money(line.debitCents) : ''}</Table.Td>
              <Table.Td ta="right">{line.creditCents > 0 ? money(line.creditCents) : ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ReportTable>
      <KeysetPager
        label={t('reports.ledger.pager')}
        firstHref={query.cursor ? reportHref(page.basePath, { ...query, cursor: null }) : null}
        firstLabel={t('reports.rentRoll.first')}
        nextHref={ledger.next ? reportHref(page.basePath, { ...query, cursor: ledger.next }) : null}
        nextLabel={t('reports.ledger.next')}
        testId="ledger-pager"
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
function MaintenanceView({ kpis }: { kpis: MaintenanceKpis }) {
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
