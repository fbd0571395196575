/**
 * The payments page of /admin/payments and /dashboard/payments: two views as links (the list, the
 * reconciliation; each its own URL, so they work without JavaScript), then the chosen view. The
 * list has its filters, the CSV export of what is filtered (when `csvPath` is given) and keyset
 * pagination.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
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
          {Object.keys(page.errors).length > 0 && (
            <Alert color="red" role="alert" data-testid="payments-filter-errors">
              {Object.values(page.errors).join(' ')}
            </Alert>
          )}
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('payments.list.pageSize', { count: page.list.items.length })}
            </Text>
            {csvPath && Object.keys(page.errors).length === 0 && (
              <Button
                component="a"
                href={paymentsHref(csvPath, page.filters)}
                download
                variant="default"
                size="sm"
                leftSection={<IconDownload size={16} aria-hidden />}
                title={t('payments.list.exportHint')}
                data-testid="payments-export"
              >
                {t('payments.list.exportCsv')}
              </Button>
            )}
          </Group>
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
