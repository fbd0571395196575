/**
 * The vendor's invoices (`/vendor-portal/invoices`): newest first, each with its lines, totals,
 * status (submitted, approved, rejected with the reason, paid with the payout) and PDF; a button
 * to write a new one; keyset pagination. Follows decisions live.
 */
import { Alert, Group, Stack } from '@mantine/core';
import { IconFileInvoice, IconPlus } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { IconEmptyState } from '~/components/icon-empty-state';
import { LinkButton } from '~/components/icon-button';
import { KeysetPager } from '~/components/keyset-pager';
import type { InvoiceDetail } from '../work-orders.types';
import { InvoiceCard } from './invoice-card';
import { useLiveWorkOrders } from './use-live-work-orders';

type Props = { items: InvoiceDetail[]; nextCursor: string | null; firstPage: boolean; submitted: boolean };

export function VendorInvoices({ items, nextCursor, firstPage, submitted }: Props) {
  const { t } = useTranslation();
  useLiveWorkOrders();
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <LinkButton to="/vendor-portal/invoices/new" icon={IconPlus} testId="new-invoice">
          {t('workOrders.invoice.new')}
        </LinkButton>
      </Group>
      {submitted && (
        <Alert color="teal" data-testid="invoice-submitted">
          {t('workOrders.done.invoice')}
        </Alert>
      )}
      {items.length === 0 && firstPage ? (
        <IconEmptyState
          icon={IconFileInvoice}
          title={t('workOrders.invoice.emptyTitle')}
          body={t('workOrders.invoice.emptyBody')}
          testId="vendor-invoices-empty"
        />
      ) : (
        items.map((invoice) => (
          <InvoiceCard
            key={invoice.id}
            invoice={invoice}
            pdfHref={`/vendor-portal/invoices/${invoice.id}/pdf`}
            workOrderHref={`/vendor-portal/work-orders/${invoice.workOrderId}`}
          />
        ))
      )}
      <KeysetPager
        label={t('workOrders.list.pagination')}
        firstHref={firstPage ? null : '/vendor-portal/invoices'}
        firstLabel={t('workOrders.list.first')}
        nextHref={nextCursor ? `/vendor-portal/invoices?cursor=${encodeURIComponent(nextCursor)}` : null}
        nextLabel={t('workOrders.list.next')}
        testId="vendor-invoices-pagination"
      />
    </Stack>
  );
}
