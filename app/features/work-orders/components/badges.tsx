/** The status and priority badges of work orders and invoices (colours readable in both themes). */
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import type { InvoiceStatusValue, WorkOrderStatusValue } from '../work-orders.schemas';
import type { RequestPriority } from '../work-orders.types';

const STATUS_COLORS: Record<WorkOrderStatusValue, string> = {
  offered: 'blue.8',
  accepted: 'cyan.9',
  scheduled: 'indigo.7',
  in_progress: 'orange.9',
  completed: 'teal.9',
  declined: 'gray.7',
  cancelled: 'gray.7',
};

const INVOICE_COLORS: Record<InvoiceStatusValue, string> = { submitted: 'blue.8', approved: 'teal.9', rejected: 'red.9', paid: 'green.9' };
const PRIORITY_COLORS: Record<RequestPriority, string> = { emergency: 'red.9', urgent: 'orange.9', routine: 'gray.7' };

export function WorkOrderStatusBadge({ status, ...props }: { status: WorkOrderStatusValue } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="filled" autoContrast data-testid="work-order-status" data-status={status} {...props}>
      {t(`workOrders.status.${status}`)}
    </Badge>
  );
}

export function InvoiceStatusBadge({ status, ...props }: { status: InvoiceStatusValue } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge color={INVOICE_COLORS[status]} variant="filled" autoContrast data-testid="invoice-status" data-status={status} {...props}>
      {t(`workOrders.invoiceStatus.${status}`)}
    </Badge>
  );
}

export function PriorityBadge({ priority, ...props }: { priority: RequestPriority } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge color={PRIORITY_COLORS[priority]} variant="light" autoContrast {...props}>
      {t(`workOrders.priority.${priority}`)}
    </Badge>
  );
}
