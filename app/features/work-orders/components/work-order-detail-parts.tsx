/**
 * The parts one work order's page shows to its vendor and to staff alike (decision 029): the
 * notice of the command just done, the work order's invoices under their heading, and what the
 * work order is about beside its history.
 */
import { Alert, SimpleGrid, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import type { VendorWorkOrderDetail } from '../work-orders.types';
import { WorkOrderFacts } from './work-order-facts';
import { WorkOrderHistory } from './work-order-history';

/** The teal notice of the command a plain post just did (`done`: its intent, from `?done=`); nothing without one. */
export function DoneNotice({ done, testId }: { done: string | null; testId: string }) {
  const { t } = useTranslation();
  if (!done) return null;
  return (
    <Alert color="teal" data-testid={testId}>
      {t(`workOrders.done.${done}`)}
    </Alert>
  );
}

/**
 * The work order's `invoices` in a section headed by the heading `titleId` names, each drawn by
 * `children`; nothing when there are none.
 */
export function WorkOrderInvoices<Invoice extends { id: number }>({
  titleId,
  invoices,
  children,
}: {
  titleId: string;
  invoices: Invoice[];
  children: (invoice: Invoice) => ReactNode;
}) {
  const { t } = useTranslation();
  if (invoices.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('workOrders.invoice.listTitle')}
      </Title>
      {invoices.map(children)}
    </Stack>
  );
}

/** What the work order is about (`WorkOrderFacts`) beside its history, stacked on narrow screens. */
export function FactsAndHistory({ detail }: { detail: Omit<VendorWorkOrderDetail, 'invoices' | 'invoiceable'> }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <WorkOrderFacts detail={detail} />
      <WorkOrderHistory history={detail.history} />
    </SimpleGrid>
  );
}
