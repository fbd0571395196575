/**
 * /admin/database: the job runner's schedules (decision 014) — rent, autopay, digests, prunes —
 * with their next and last runs and a "Run now" button each (a plain form: works without
 * JavaScript). Running a schedule early is safe: every scheduled job is idempotent.
 */
import { Code, Table, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { formatDateTime } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { ScheduleRow } from '../database.server';
import type { DatabaseActionResult } from '../database.types';
import { DatabaseCard, RowActionForm } from './ops-card';
import { RowActionOutcome, RowActionTable, useRowAction } from './row-action';

export function SchedulesCard({
  schedules,
  result,
  done,
}: {
  schedules: ScheduleRow[];
  result: DatabaseActionResult | undefined;
  done: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { failed, busyRow } = useRowAction(result, 'run-schedule', 'schedule');
  return (
    <DatabaseCard part="schedules">
      <RowActionOutcome done={done} result={result} failed={failed} doneText={t('ops.database.schedules.ranPlain')} />
      {schedules.length === 0 ? (
        <Text c="dimmed">{t('ops.database.schedules.none')}</Text>
      ) : (
        <RowActionTable
          minWidth={560}
          labelledBy="schedules-title"
          head={
            <>
              {(['name', 'cron', 'next', 'last'] as const).map((column) => (
                <Table.Th key={column}>{t(`ops.database.schedules.${column}`)}</Table.Th>
              ))}
              <Table.Th />
            </>
          }
        >
          {schedules.map((row) => (
            <Table.Tr key={row.name} data-testid="schedule-row" data-name={row.name}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>
                <Code>{row.cron}</Code>
              </Table.Td>
              <Table.Td>{formatDateTime(row.nextRunAt, lang)}</Table.Td>
              <Table.Td>{row.lastRunAt ? formatDateTime(row.lastRunAt, lang) : t('ops.database.schedules.never')}</Table.Td>
              <Table.Td>
                <RowActionForm
                  intent="run-schedule"
                  name="schedule"
                  value={row.name}
                  busy={busyRow === row.name}
                  icon={<IconPlayerPlay size={14} aria-hidden />}
                  label={t('ops.database.schedules.run')}
                  ariaLabel={t('ops.database.schedules.runLabel', { name: row.name })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </RowActionTable>
      )}
    </DatabaseCard>
  );
}
