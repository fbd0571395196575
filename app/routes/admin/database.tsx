/**
 * /admin/database (spec §2 admin only; decision 019): the database's health, rows per
 * table, applied migrations, the job runner's outbox with "Retry now" for failed jobs, and
 * the schedules with "Run now", and backups (a download, and the terminal commands). Loader and action:
 * `features/ops/database.page.server.ts`.
 */
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { SignedInPageHeader } from '~/components/page-header';
import { BackupsCard } from '~/features/ops/components/backups-card';
import { DatabaseHealthCard } from '~/features/ops/components/database-health';
import { MigrationsCard } from '~/features/ops/components/migrations-card';
import { OutboxCard } from '~/features/ops/components/outbox-card';
import { SchedulesCard } from '~/features/ops/components/schedules-card';
import { TableRowsCard } from '~/features/ops/components/table-rows';
import { handleDatabaseAction, loadDatabasePage } from '~/features/ops/database.page.server';
import type { DatabaseActionResult } from '~/features/ops/database.types';
import { formatDateTime } from '~/lib/format';
import { loaderMeta } from '~/lib/loader-meta';
import { useLanguage } from '~/lib/use-language';
import { withRole } from '~/server/http/role-page.server';
import type { Route } from './+types/database';

export const loader = withRole('admin', loadDatabasePage);

export const action = withRole('admin', handleDatabaseAction);

export const meta = loaderMeta;

export default function AdminDatabase({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <>
      <SignedInPageHeader title={t('ops.database.title')} subtitle={t('ops.database.subtitle')} />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <DatabaseHealthCard health={loaderData.health} />
          <BackupsCard failed={loaderData.backupFailed} />
        </SimpleGrid>
        <OutboxCard outbox={loaderData.outbox} result={actionData as DatabaseActionResult | undefined} done={loaderData.done === 'retry'} />
        <SchedulesCard
          schedules={loaderData.schedules}
          result={actionData as DatabaseActionResult | undefined}
          done={loaderData.done === 'run-schedule'}
        />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <TableRowsCard tables={loaderData.tables} />
          <MigrationsCard migrations={loaderData.migrations} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('ops.database.generatedAt', { when: formatDateTime(loaderData.generatedAt, lang) })}
        </Text>
      </Stack>
    </>
  );
}
