/**
 * The financial reports page of /admin/reports and /dashboard/reports (decisions 058–060): the
 * reports as links (each its own URL, so they work without JavaScript), a GET form for the
 * report's filters (months, a date, a year or an account, and the building), the CSV export, then
 * the chosen report's view: the general ledger's reports (`ledger-views.tsx`), those of units and
 * leases (`tenant-views.tsx`) and those of vendors and repairs (`vendor-views.tsx`). Tables have
 * captions and column headers for screen readers; amounts are right-aligned.
 */
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconFilter } from '@tabler/icons-react';
import { Form, Link } from 'react-router';
import { ListBuildingFilter } from '~/components/lists/building-filter';
import { FilterErrorsAlert } from '~/components/lists/list-toolbar';
import { useTranslation } from '~/lib/i18n';
import { useLanguage } from '~/lib/use-language';
import {
  addMonths,
  OCCUPANCY_DEFAULT_MONTHS,
  REPORT_KINDS,
  REPORT_MAX_YEAR,
  REPORT_MIN_YEAR,
  reportHref,
  type ReportQuery,
} from '../reports.schemas';
import type { ReportsPageData } from '../reports.types';
import { CashFlowView, IncomeStatementView, TrialBalanceView, LedgerView } from './ledger-views';
import { RentRollView, AgingView, DepositsView, OccupancyView } from './tenant-views';
import { VendorPaymentsView, MaintenanceView } from './vendor-views';
import { accountName } from './report-table';

/** The query a report's tab opens: the same filters; for occupancy over one month, the twelve months to it instead. */
function tabQuery(query: ReportQuery, report: ReportQuery['report']): ReportQuery {
  if (report === 'occupancy' && query.from === query.to)
    return { ...query, report, from: addMonths(query.to, -(OCCUPANCY_DEFAULT_MONTHS - 1)) };
  return { ...query, report };
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
              // Another report starts on its first page (a rent roll's cursor or the aging's page
              // number means nothing to the others).
              to={reportHref(page.basePath, { ...tabQuery(query, report), after: null, cursor: null, page: 1 })}
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
      {page.cashFlow && <CashFlowView statement={page.cashFlow} />}
      {page.trialBalance && <TrialBalanceView report={page.trialBalance} />}
      {page.rentRoll && <RentRollView page={page} rentRoll={page.rentRoll} />}
      {page.aging && <AgingView page={page} aging={page.aging} />}
      {page.deposits && <DepositsView page={page} deposits={page.deposits} />}
      {page.vendorPayments && <VendorPaymentsView page={page} report={page.vendorPayments} />}
      {page.ledger && <LedgerView page={page} ledger={page.ledger} />}
      {page.maintenance && <MaintenanceView kpis={page.maintenance} />}
      {page.occupancy && <OccupancyView report={page.occupancy} />}
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
      {(query.report === 'income' || query.report === 'cash-flow' || query.report === 'trial-balance') && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('reports.filters.monthsHint')}
        </Text>
      )}
      {(query.report === 'aging' ||
        query.report === 'occupancy' ||
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
