/**
 * The sent broadcasts of /admin/notifications, newest first: when, to whom, title, type, how
 * many received it and who sent it.
 */
import { Badge, Table, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { DateTimeCell, ListTable } from '~/components/lists/list-table';
import { useTranslation } from '~/lib/i18n';
import { formatNumber } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { BroadcastRow } from '../notifications.server';
import { TYPE_COLORS, TYPE_ICONS } from './notification-type';

/** The history table, or an empty state when nothing was sent. */
export function BroadcastTable({ items }: { items: BroadcastRow[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const audienceOf = (row: BroadcastRow) =>
    row.audience === 'all'
      ? t('notifications.admin.history.everyone')
      : row.audience === 'role'
        ? t('notifications.admin.history.role', { role: row.targetRole ? t(`account.roles.${row.targetRole}`) : '—' })
        : (row.targetEmail ?? t('notifications.admin.history.deletedAccount'));
  return (
    <ListTable
      texts="notifications.admin.history"
      columns={['date', 'audience', 'subject', 'type', { key: 'recipients', align: 'end' }, 'sender']}
      icon={IconSend}
      empty={{ titleOrder: 3 }}
      isEmpty={items.length === 0}
      minWidth={720}
      highlightOnHover={false}
      testIdPrefix="broadcasts"
    >
      {items.map((row) => {
        const TypeIcon = TYPE_ICONS[row.type];
        return (
          <Table.Tr key={row.id} data-testid="broadcast-row">
            <DateTimeCell iso={row.createdAt} />
            <Table.Td>
              <Text size="sm" style={{ overflowWrap: 'break-word' }} data-testid="broadcast-audience">
                {audienceOf(row)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={600} miw={140} style={{ overflowWrap: 'break-word' }} data-testid="broadcast-title">
                {row.title}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={TYPE_COLORS[row.type]} leftSection={<TypeIcon size={12} aria-hidden />} miw="max-content">
                {t(`notifications.types.${row.type}`)}
              </Badge>
            </Table.Td>
            <Table.Td ta="end">
              <Text size="sm" data-testid="broadcast-recipients">
                {formatNumber(row.recipients, lang)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {row.senderEmail ?? t('notifications.admin.history.deletedAccount')}
              </Text>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
