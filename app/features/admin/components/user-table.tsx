/**
 * The /admin/users list: one row per account (name, e-mail, role, state, created); the name
 * links to the account's panel (`?user=<id>`, a plain link).
 */
import { Anchor, Group, Table, Text } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import { DateTimeCell, ListTable } from '~/components/lists/list-table';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import type { UserSummary } from '../admin-users.types';
import { RoleBadge } from '~/components/role-badge';
import { UserStatusBadges } from './user-status';

type Props = {
  users: UserSummary[];
  q: string;
  selectedId: string | null;
  viewerId: string;
  manageHref: (userId: string) => string;
};

export function UserTable({ users, q, selectedId, viewerId, manageHref }: Props) {
  const { t } = useTranslation();
  return (
    <ListTable
      texts="admin.users.table"
      columns={['user', 'role', 'status', 'created']}
      icon={IconUserSearch}
      empty={{ title: t('admin.users.emptyTitle'), body: t('admin.users.emptyBody', { q }) }}
      isEmpty={users.length === 0}
      minWidth={640}
      testIdPrefix="users"
    >
      {users.map((row) => (
        <Table.Tr
          key={row.id}
          data-testid="user-row"
          data-email={row.email}
          bg={row.id === selectedId ? 'var(--mantine-primary-color-light)' : undefined}
        >
          <Table.Td>
            <Group gap={6} wrap="nowrap">
              <Anchor
                component={Link}
                to={manageHref(row.id)}
                fw={600}
                size="sm"
                aria-label={t('admin.users.table.manageLabel', { name: row.name })}
                aria-current={row.id === selectedId ? 'true' : undefined}
                data-testid="user-manage-link"
              >
                {row.name}
              </Anchor>
              {row.id === viewerId && (
                <Text size="xs" c="dimmed">
                  ({t('admin.users.table.you')})
                </Text>
              )}
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {row.email}
            </Text>
          </Table.Td>
          <Table.Td>
            <RoleBadge role={row.role} size="sm" miw="max-content" />
          </Table.Td>
          <Table.Td>
            <UserStatusBadges emailVerified={row.emailVerified} banned={row.banned} />
          </Table.Td>
          <DateTimeCell iso={row.createdAt} />
        </Table.Tr>
      ))}
    </ListTable>
  );
}
