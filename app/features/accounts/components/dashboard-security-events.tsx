/**
 * The dashboard's table of the viewer's recent security events (spec §4): when, what, from which IP.
 */
import { EmptyState, Table, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { ScrollTable } from '~/components/lists/list-table';
import { SectionCard } from '~/components/section-card';
import { formatDateTime } from '~/lib/format';
import { useTranslation } from '~/lib/i18n';
import { useLanguage } from '~/lib/use-language';
import type { DashboardSummary } from '../dashboard.server';

/** The viewer's recent security events, newest first as the service gives them. */
export function SecurityEvents({ events }: { events: DashboardSummary['events'] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <SectionCard
      titleId="security-events-title"
      title={t('account.dashboard.events.title')}
      titleSize="h4"
      titleMb={null}
      description={t('account.dashboard.events.description')}
      data-testid="security-events"
    >
      {events.length === 0 ? (
        <EmptyState icon={<IconHistory size={28} aria-hidden />} variant="light" size="sm" data-testid="security-events-empty">
          <EmptyState.Title order={3}>{t('account.dashboard.events.emptyTitle')}</EmptyState.Title>
          <EmptyState.Description>{t('account.dashboard.events.emptyBody')}</EmptyState.Description>
        </EmptyState>
      ) : (
        <ScrollTable
          minWidth={300}
          verticalSpacing="xs"
          columns={(['when', 'event', 'ip'] as const).map((column) => ({ label: t(`account.dashboard.events.${column}`) }))}
        >
          {events.map((event) => (
            <Table.Tr key={event.id} data-testid="security-event" data-action={event.action}>
              <Table.Td>
                <time dateTime={event.createdAt}>{formatDateTime(event.createdAt, lang)}</time>
              </Table.Td>
              <Table.Td>{t(`account.audit.${event.action}`, { defaultValue: event.action })}</Table.Td>
              <Table.Td>
                <Text span size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {event.ipAddress ?? t('account.dashboard.events.unknownIp')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
    </SectionCard>
  );
}
