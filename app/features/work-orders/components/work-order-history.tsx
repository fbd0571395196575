/** A work order's history, oldest first: each status change, note and reassignment, with who acted and the photos taken (before/after). */
import { Badge, Paper, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { formatDateTime } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { WorkOrderHistoryEntry } from '../work-orders.types';
import { PhotoStrip } from './work-order-facts';

export function WorkOrderHistory({ history }: { history: WorkOrderHistoryEntry[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="history-title">
      <Title order={2} size="h4" id="history-title" mb="md">
        {t('workOrders.history.title')}
      </Title>
      <Timeline active={history.length - 1} bulletSize={14} lineWidth={2} data-testid="work-order-history">
        {history.map((entry) => {
          const what =
            entry.kind === 'status' && entry.toStatus
              ? t('workOrders.history.status', { status: t(`workOrders.status.${entry.toStatus}`) })
              : t(`workOrders.history.kind.${entry.kind}`, { defaultValue: entry.kind });
          return (
            <Timeline.Item key={entry.id} title={what} data-testid="history-entry" data-kind={entry.kind}>
              <Text size="xs" c="dimmed">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, lang)}</time>
                {entry.actorName ? ` · ${entry.actorName}` : ''}
              </Text>
              {entry.note && (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {entry.note}
                </Text>
              )}
              {entry.photoUrls.length > 0 && (
                <>
                  {entry.photoPhase && (
                    <Badge size="xs" variant="light" color="gray.7" mt={6} mb={4}>
                      {t(`workOrders.phase.${entry.photoPhase}`)}
                    </Badge>
                  )}
                  <PhotoStrip urls={entry.photoUrls} label={t(`workOrders.phase.${entry.photoPhase ?? 'before'}`)} />
                </>
              )}
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Paper>
  );
}
