/** The status and priority badges of work orders and invoices (colours readable in both themes). */
import { Badge, Group, type BadgeProps, type GroupProps } from '@mantine/core';
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

/**
 * The badge component of one kind of status: filled and auto-contrast, its colour from `colors`,
 * its text `<texts>.<status>` translated, `data-testid={testId}` and `data-status`; other props
 * (`size`…) go to Mantine's `Badge`.
 */
function filledStatusBadge<Status extends string>(colors: Record<Status, string>, texts: string, testId: string) {
  return function FilledStatusBadge({ status, ...props }: { status: Status } & BadgeProps) {
    const { t } = useTranslation();
    return (
      <Badge color={colors[status]} variant="filled" autoContrast data-testid={testId} data-status={status} {...props}>
        {t(`${texts}.${status}`)}
      </Badge>
    );
  };
}

export const WorkOrderStatusBadge = filledStatusBadge(STATUS_COLORS, 'workOrders.status', 'work-order-status');
export const InvoiceStatusBadge = filledStatusBadge(INVOICE_COLORS, 'workOrders.invoiceStatus', 'invoice-status');

/** A work order's state (`size`) followed, when it is `overdue`, by the red "overdue" badge; `gap` between them. */
export function WorkOrderStatusBadges({
  status,
  overdue,
  size,
  gap,
}: {
  status: WorkOrderStatusValue;
  overdue: boolean;
  size: BadgeProps['size'];
  gap: GroupProps['gap'];
}) {
  const { t } = useTranslation();
  return (
    <Group gap={gap}>
      <WorkOrderStatusBadge status={status} size={size} />
      {overdue && (
        <Badge color="red.9" variant="filled" size={size} autoContrast>
          {t('workOrders.staff.overdue')}
        </Badge>
      )}
    </Group>
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
