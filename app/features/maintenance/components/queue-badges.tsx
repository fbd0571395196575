/**
 * The staff queue's badges (decision 026): a request's status and priority, a work order's
 * status, and its response target — missed (flagged by the SLA job), due at a time, or met.
 */
import { Badge, Text, type BadgeProps } from '@mantine/core';
import { IconAlarm, IconAlertTriangle } from '@tabler/icons-react';
import { StateBadge } from '~/components/state-badge';
import { TranslatedStateBadge } from '~/components/translated-state-badge';
import { useTranslation } from '~/lib/i18n';
import { formatDateTime } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { QueueItem, QueuePriority, QueueStatus } from '../queue.types';

// Dark shades with white text (amber with dark text): AA contrast in both colour schemes.
const STATUS_COLORS: Record<QueueStatus, string> = {
  submitted: 'blue.9',
  triaged: 'indigo.9',
  scheduled: 'yellow.4',
  in_progress: 'orange.9',
  completed: 'teal.9',
  closed: 'gray.7',
  cancelled: 'gray.7',
};

const PRIORITY_COLORS: Record<QueuePriority, string> = {
  emergency: 'red.9',
  urgent: 'orange.9',
  routine: 'gray.7',
};

type Extra = Omit<BadgeProps, 'color' | 'children'>;

export function RequestStatusBadge({ status, ...props }: { status: QueueStatus } & Extra) {
  return (
    <TranslatedStateBadge status={status} colors={STATUS_COLORS} labelKey="maintenanceQueue.status" testId="request-status" {...props} />
  );
}

export function PriorityBadge({ priority, ...props }: { priority: QueuePriority } & Extra) {
  const { t } = useTranslation();
  return (
    <Badge
      color={PRIORITY_COLORS[priority]}
      variant={priority === 'routine' ? 'outline' : 'filled'}
      autoContrast
      miw="max-content"
      leftSection={priority === 'emergency' ? <IconAlertTriangle size={12} aria-hidden /> : undefined}
      data-testid="request-priority"
      data-priority={priority}
      {...props}
    >
      {t(`maintenanceQueue.priority.${priority}`)}
    </Badge>
  );
}

const WORK_ORDER_COLORS: Record<string, string> = {
  offered: 'blue.9',
  accepted: 'indigo.9',
  scheduled: 'yellow.4',
  in_progress: 'orange.9',
  completed: 'teal.9',
  declined: 'red.9',
  cancelled: 'gray.7',
};

export function WorkOrderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <StateBadge
      color={WORK_ORDER_COLORS[status] ?? 'gray.7'}
      label={t(`maintenanceQueue.workOrders.status.${status}`, { defaultValue: status })}
      status={status}
      testId="work-order-status"
    />
  );
}

/** The response target: "Target missed" (flagged), the due time while unanswered, or when staff responded. */
export function SlaIndicator({ item }: { item: Pick<QueueItem, 'slaBreachedAt' | 'slaDueAt' | 'firstResponseAt' | 'status'> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (item.slaBreachedAt) {
    return (
      <Badge
        color="red.9"
        variant="filled"
        autoContrast
        miw="max-content"
        leftSection={<IconAlarm size={12} aria-hidden />}
        data-testid="sla-breached"
      >
        {t('maintenanceQueue.sla.breached')}
      </Badge>
    );
  }
  if (item.firstResponseAt) {
    return (
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('maintenanceQueue.sla.responded', { time: formatDateTime(item.firstResponseAt, lang) })}
      </Text>
    );
  }
  if (item.status === 'closed' || item.status === 'cancelled' || item.status === 'completed') return null;
  return (
    <Text size="xs" style={{ whiteSpace: 'nowrap' }} data-testid="sla-due">
      {t('maintenanceQueue.sla.due', { time: formatDateTime(item.slaDueAt, lang) })}
    </Text>
  );
}
