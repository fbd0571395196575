/**
 * The payments page of /admin/payments and /dashboard/payments: two views as links (the list, the
 * reconciliation; each its own URL, so they work without JavaScript), then the chosen view. The
 * list has its filters, the CSV export of what is filtered (when `csvPath` is given) and keyset
 * pagination.
 */
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { FilterErrorsAlert, ListExportBar } from '~/components/lists/list-toolbar';
import { hasPaymentFilters, paymentsHref } from '../payments.schemas';
import type { PaymentsPageData } from '../payments.types';
import { PaymentFilterForm } from './payment-filters';
import { PaymentsTable } from './payments-table';
import { ReconciliationView } from './reconciliation-view';

export function PaymentsPage({ page, csvPath }: { page: PaymentsPageData; csvPath?: string }) {
  const { t } = useTranslation();
  const tabs = [
    { view: 'list', to: page.basePath, label: t('payments.tabs.list') },
    { view: 'reconciliation', to: `${page.basePath}?view=reconciliation`, label: t('payments.tabs.reconciliation') },
  ] as const;
  return (
    <Stack gap="md" data-testid="payments-page" data-view={page.view}>
      <Group component="nav" aria-label={t('payments.tabs.label')} gap="xs">
        {tabs.map((tab) => (
          <Button
            key={tab.view}
            component={Link}
            to={tab.to}
            variant={page.view === tab.view ? 'filled' : 'default'}
            aria-current={page.view === tab.view ? 'page' : undefined}
            size="sm"
          >
            {tab.label}
          </Button>
        ))}
      </Group>
      {page.view === 'list' ? (
        <>
          <PaymentFilterForm basePath={page.basePath} filters={page.filters} building={page.building} errors={page.errors} />
          <FilterErrorsAlert errors={page.errors} testId="payments-filter-errors" />
          <ListExportBar
            summary={t('payments.list.pageSize', { count: page.list.items.length })}
            exportHref={csvPath && Object.keys(page.errors).length === 0 ? paymentsHref(csvPath, page.filters) : null}
            exportLabel={t('payments.list.exportCsv')}
            exportHint={t('payments.list.exportHint')}
            exportTestId="payments-export"
          />
          <PaymentsTable
            basePath={page.basePath}
            filters={page.filters}
            items={page.list.items}
            nextCursor={page.list.nextCursor}
            firstPage={page.firstPage}
            filtered={hasPaymentFilters(page.filters)}
          />
        </>
      ) : (
        <ReconciliationView
          basePath={page.basePath}
          query={page.query}
          reconciliation={page.reconciliation}
          building={page.building}
          errors={page.errors}
        />
      )}
    </Stack>
  );
}
