/**
 * The reports read from the general ledger's accounts (decisions 058–060): the income statement
 * (a chart of income and expenses per month whose figures are also a table, then the accounts with
 * the previous period and the change beside them), the statement of cash flows, the trial balance,
 * and one account's journal lines (the general ledger detail). Client-safe.
 */
import { BarChart } from '@mantine/charts';
import { Alert, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { ColumnHeaders, translatedColumns } from '~/components/lists/list-table';
import { formatCents, formatIsoDate } from '~/lib/format';
import { useTranslation } from '~/lib/i18n';
import { useLanguage } from '~/lib/use-language';
import type { CashFlowLine, CashFlowPair, CashFlowStatement } from '../cash-flow.server';
import type { IncomeStatement, TrialBalanceReport } from '../financial-reports.server';
import type { LedgerDetail } from '../ledger-detail.server';
import type { ReportsPageData } from '../reports.types';
import { formatMonth, accountName, periodLabel, ReportKeysetPager, ReportTable } from './report-table';

export function IncomeStatementView({ statement }: { statement: IncomeStatement }) {
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

export function TrialBalanceView({ report }: { report: TrialBalanceReport }) {
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
 * The general ledger detail: one account's balance before the period, the period's debits and
 * credits and the balance after it, then its journal lines oldest first, a page at a time
 * (keyset links).
 */
export function LedgerView({ page, ledger }: { page: ReportsPageData; ledger: LedgerDetail }) {
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
      <ReportKeysetPager
        page={page}
        current={query.cursor}
        next={ledger.next}
        at={(cursor) => ({ ...query, cursor })}
        label={t('reports.ledger.pager')}
        nextLabel={t('reports.ledger.next')}
        testId="ledger-pager"
      />
    </Stack>
  );
}

/**
 * The statement of cash flows: operating activities (net operating income, then each account's
 * change), owner activities, the net change in cash, and the cash at the start and end of the
 * period; the previous period and the change beside each line. Positive amounts brought cash in.
 */
export function CashFlowView({ statement }: { statement: CashFlowStatement }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (cents: number) => formatCents(cents, lang);
  const cells = (entry: CashFlowPair, bold = false) => (
    <>
      {[entry.currentCents, entry.previousCents, entry.currentCents - entry.previousCents].map((cents, index) => (
        <Table.Td key={index} ta="right" fw={bold ? 700 : undefined}>
          {money(cents)}
        </Table.Td>
      ))}
    </>
  );
  const row = (label: string, entry: CashFlowPair, testId: string, { bold = false, header = false } = {}) => (
    <Table.Tr data-testid={testId}>
      <Table.Th scope="row" fw={header || bold ? 700 : 400}>
        {label}
      </Table.Th>
      {cells(entry, bold)}
    </Table.Tr>
  );
  const accountRows = (lines: readonly CashFlowLine[]) =>
    lines.map((line) =>
      row(t('reports.cashFlow.changeIn', { account: `${line.number} · ${accountName(line, lang)}` }), line, `cash-flow-row-${line.number}`),
    );
  const group = (title: string) => (
    <Table.Tr>
      <Table.Th scope="rowgroup" colSpan={4}>
        {title}
      </Table.Th>
    </Table.Tr>
  );
  return (
    <Stack gap="md" data-testid="cash-flow">
      {statement.checkCents !== 0 && (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="cash-flow-check">
          {t('reports.cashFlow.unbalanced', { amount: money(statement.checkCents) })}
        </Alert>
      )}
      <ReportTable
        isEmpty={false}
        empty={{ title: '', body: '', testId: 'cash-flow-empty' }}
        caption={t('reports.cashFlow.caption', {
          period: periodLabel(statement.period, lang),
          previous: periodLabel(statement.previous, lang),
        })}
        columns={translatedColumns(t, 'reports.income', [
          'account',
          { key: 'current', align: 'right' },
          { key: 'previous', align: 'right' },
          { key: 'change', align: 'right' },
        ])}
        testId="cash-flow-table"
      >
        <Table.Tbody>
          {group(t('reports.cashFlow.operating'))}
          {row(t('reports.cashFlow.netIncome'), statement.operating.netIncome, 'cash-flow-net-income')}
          {accountRows(statement.operating.changes)}
          {row(t('reports.cashFlow.operatingTotal'), statement.operating.total, 'cash-flow-operating', { bold: true })}
        </Table.Tbody>
        <Table.Tbody>
          {group(t('reports.cashFlow.owners'))}
          {accountRows(statement.owners.lines)}
          {row(t('reports.cashFlow.ownersTotal'), statement.owners.total, 'cash-flow-owners', { bold: true })}
        </Table.Tbody>
        <Table.Tfoot>
          {row(t('reports.cashFlow.netChange'), statement.netChange, 'cash-flow-net-change', { bold: true })}
          {row(t('reports.cashFlow.opening'), statement.openingCash, 'cash-flow-opening')}
          {row(t('reports.cashFlow.closing'), statement.closingCash, 'cash-flow-closing', { bold: true })}
        </Table.Tfoot>
      </ReportTable>
    </Stack>
  );
}
