/** A maintenance request's status and priority as badges (filled, dark shades: readable in both themes). */
import { Badge } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';

const STATUS_COLORS: Record<string, string> = {
  submitted: 'blue.8',
  triaged: 'indigo.8',
  scheduled: 'violet.8',
  in_progress: 'cyan.9',
  completed: 'teal.9',
  closed: 'gray.7',
  cancelled: 'red.9',
};

// Urgent is a light yellow with dark text (autoContrast): orange shades fail AA behind white text.
const PRIORITY_COLORS: Record<string, string> = { emergency: 'red.9', urgent: 'yellow.4', routine: 'gray.7' };

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray.7'} autoContrast data-testid="request-status" data-status={status}>
      {t(`maintenance.status.${status}`)}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={PRIORITY_COLORS[priority] ?? 'gray.7'} autoContrast data-priority={priority}>
      {t(`maintenance.priority.${priority}`)}
    </Badge>
  );
}
