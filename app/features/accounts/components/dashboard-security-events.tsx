/**
 * The dashboard's table of the viewer's recent security events (spec §4): when, what, from which IP.
 */
import { EmptyState, Paper, Table, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { formatDateTime } from '~/lib/format';
import { useTranslation } from '~/lib/i18n';
import { useLanguage } from '~/lib/use-language';
import type { DashboardSummary } from '../dashboard.server';

/** The viewer's recent security events, newest first as the service gives them. */
export function SecurityEvents({ events }: { events: DashboardSummary['events'] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="security-events-title" data-testid="security-events">
      <Title order={2} size="h4" id="security-events-title">
        {t('account.dashboard.events.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('account.dashboard.events.description')}
      </Text>
      {events.length === 0 ? (
        <EmptyState icon={<IconHistory size={28} aria-hidden />} variant="light" size="sm" data-testid="security-events-empty">
          <EmptyState.Title order={3}>{t('account.dashboard.events.emptyTitle')}</EmptyState.Title>
          <EmptyState.Description>{t('account.dashboard.events.emptyBody')}</EmptyState.Description>
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('account.dashboard.events.when')}</Table.Th>
                <Table.Th scope="col">{t('account.dashboard.events.event')}</Table.Th>
                <Table.Th scope="col">{t('account.dashboard.events.ip')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
