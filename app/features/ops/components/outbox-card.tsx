/**
 * /admin/database: the job runner's outbox (decision 014) — how many jobs are pending, being
 * retried, given up or done — and the failed jobs with their last error and a "Retry now"
 * button each (a plain form: works without JavaScript). Payloads are never shown.
 */
import { Badge, Code, Group, Paper, SimpleGrid, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { formatDateTime, formatNumber } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { OutboxSummary } from '../database.server';
import type { DatabaseActionResult } from '../database.types';
import { DatabaseCard, RowActionForm } from './ops-card';
import { RowActionOutcome, RowActionTable, useRowAction } from './row-action';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700} data-testid={`${testId}-value`}>
        {value}
      </Text>
    </Paper>
  );
}

export function OutboxCard({ outbox, result, done }: { outbox: OutboxSummary; result: DatabaseActionResult | undefined; done: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { failed, busyRow } = useRowAction(result, 'retry', 'jobId');
  const n = (value: number) => formatNumber(value, lang);
  return (
    <DatabaseCard part="outbox" values={{ max: outbox.maxAttempts }}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label={t('ops.database.outbox.pending')} value={n(outbox.pending)} testId="outbox-pending" />
        <Figure label={t('ops.database.outbox.failing')} value={n(outbox.failing)} testId="outbox-failing" />
        <Figure label={t('ops.database.outbox.givenUp')} value={n(outbox.givenUp)} testId="outbox-given-up" />
        <Figure label={t('ops.database.outbox.processed')} value={n(outbox.processed)} testId="outbox-processed" />
      </SimpleGrid>
      <RowActionOutcome done={done} result={result} failed={failed} doneText={t('ops.database.outbox.retriedPlain')} />
      <Title order={3} size="h4" id="outbox-failed-title">
        {t('ops.database.outbox.failed')}
      </Title>
      {outbox.failed.length === 0 ? (
        <Text c="dimmed" data-testid="outbox-none">
          {t('ops.database.outbox.none')}
        </Text>
      ) : (
        <RowActionTable
          minWidth={640}
          labelledBy="outbox-failed-title"
          verticalSpacing="xs"
          aria-labelledby="outbox-failed-title"
          head={
            <>
              {(['topic', 'attempts', 'lastError', 'nextAttempt'] as const).map((column) => (
                <Table.Th key={column} scope="col">
                  {t(`ops.database.outbox.${column}`)}
                </Table.Th>
              ))}
              <Table.Th scope="col">
                <VisuallyHidden>{t('ops.database.outbox.actions')}</VisuallyHidden>
              </Table.Th>
            </>
          }
        >
          {outbox.failed.map((job) => (
            <Table.Tr key={job.id} data-testid="outbox-job" data-job-id={job.id}>
              <Table.Th scope="row" fw={500}>
                <Code>{job.topic}</Code>
                <Text size="xs" c="dimmed">
                  #{job.id} · {t('ops.database.outbox.created', { when: formatDateTime(job.createdAt, lang) })}
                </Text>
              </Table.Th>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <span>{t('ops.database.outbox.attemptsValue', { attempts: job.attempts, max: outbox.maxAttempts })}</span>
                  <Badge color={job.givenUp ? 'red' : 'orange'} variant="dot" data-testid="outbox-job-state">
                    {job.givenUp ? t('ops.database.outbox.givenUpBadge') : t('ops.database.outbox.failingBadge')}
                  </Badge>
                </Group>
              </Table.Td>
              <Table.Td maw={320} style={{ overflowWrap: 'anywhere' }} data-testid="outbox-job-error">
                {job.lastError}
              </Table.Td>
              <Table.Td>{job.givenUp ? '—' : formatDateTime(job.availableAt, lang)}</Table.Td>
              <Table.Td>
                <RowActionForm
                  intent="retry"
                  name="jobId"
                  value={job.id}
                  busy={busyRow === String(job.id)}
                  icon={<IconRefresh size={14} aria-hidden />}
                  label={t('ops.database.outbox.retry')}
                  ariaLabel={t('ops.database.outbox.retryLabel', { id: job.id, topic: job.topic })}
                  testId="outbox-retry"
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </RowActionTable>
      )}
    </DatabaseCard>
  );
}
