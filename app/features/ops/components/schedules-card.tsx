/**
 * /admin/database: the job runner's schedules (decision 014) — rent, autopay, digests, prunes —
 * with their next and last runs and a "Run now" button each (a plain form: works without
 * JavaScript). Running a schedule early is safe: every scheduled job is idempotent.
 */
import { Code, Table, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { useNavigation } from 'react-router';
import { formatDateTime } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import { useActionResult } from '~/components/forms/use-action-result';
import type { ScheduleRow } from '../database.server';
import type { DatabaseActionResult } from '../database.types';
import { ErrorAlert, SuccessAlert } from '~/components/status-alerts';
import { OpsCard, RowActionForm } from './ops-card';
import { ScrollTable } from './scroll-table';

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
  const navigation = useNavigation();
  // The toast's text comes with the answer (decision 037); a plain post shows the alert below instead.
  const { failed } = useActionResult(result, { intent: 'run-schedule', toast: { testId: 'ops-toast' } });
  const busyName =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'run-schedule' ? navigation.formData.get('schedule') : null;
  return (
    <OpsCard
      id="schedules"
      title={t('ops.database.schedules.title')}
      description={t('ops.database.schedules.description')}
      testId="database-schedules"
    >
      {done && !result && <SuccessAlert role="status">{t('ops.database.schedules.ranPlain')}</SuccessAlert>}
      {failed?.errors?.form && <ErrorAlert>{failed.errors.form}</ErrorAlert>}
      {schedules.length === 0 ? (
        <Text c="dimmed">{t('ops.database.schedules.none')}</Text>
      ) : (
        <ScrollTable minWidth={560} labelledBy="schedules-title">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ops.database.schedules.name')}</Table.Th>
                <Table.Th>{t('ops.database.schedules.cron')}</Table.Th>
                <Table.Th>{t('ops.database.schedules.next')}</Table.Th>
                <Table.Th>{t('ops.database.schedules.last')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
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
                      busy={busyName === row.name}
                      icon={<IconPlayerPlay size={14} aria-hidden />}
                      label={t('ops.database.schedules.run')}
                      ariaLabel={t('ops.database.schedules.runLabel', { name: row.name })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </OpsCard>
  );
}
