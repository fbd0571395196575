/**
 * /admin/database: the applied migrations with their timestamps (drizzle records when each was
 * written, not when it ran) and any this build has not applied yet.
 */
import { Alert, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { formatDateTime } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { MigrationStatus } from '~/server/db/migrations-info.server';
import { ScrollTable } from './scroll-table';

export function MigrationsCard({ migrations }: { migrations: MigrationStatus }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="database-migrations-title" data-testid="database-migrations">
      <Group justify="space-between" align="flex-start" mb="sm">
        <Title order={2} size="h3" id="database-migrations-title">
          {t('ops.database.migrations.title')}
        </Title>
        <Group gap={6} wrap="nowrap">
          {migrations.pending.length ? (
            <IconAlertTriangle size={18} color="var(--mantine-color-yellow-8)" aria-hidden />
          ) : (
            <IconCircleCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden />
          )}
          <Text span fw={600} size="sm" data-testid="database-migrations-status">
            {migrations.pending.length
              ? t('ops.database.migrations.pendingBadge', { count: migrations.pending.length })
              : t('ops.database.migrations.upToDate')}
          </Text>
        </Group>
      </Group>
      {migrations.pending.length > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} mb="sm">
          {t('ops.database.migrations.pending', { names: migrations.pending.join(', ') })}
        </Alert>
      )}
      <ScrollTable minWidth={420} labelledBy="database-migrations-title">
        <Table verticalSpacing={4} aria-labelledby="database-migrations-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('ops.database.migrations.name')}</Table.Th>
              <Table.Th scope="col">{t('ops.database.migrations.createdAt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {migrations.applied.map((migration) => (
              <Table.Tr key={migration.hash} data-testid="database-migration">
                <Table.Th scope="row" fw={500} ff="monospace" fz="sm">
                  {migration.tag ?? t('ops.database.migrations.unknownTag', { hash: migration.hash.slice(0, 12) })}
                </Table.Th>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(migration.createdAt, lang)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Text size="xs" c="dimmed" mt="sm">
        {t('ops.database.migrations.note')}
      </Text>
    </Paper>
  );
}
