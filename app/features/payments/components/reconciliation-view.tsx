/**
 * The reconciliation per day and building (decision 022): a GET form for the range (at
 * most 92 days, UTC days) and the building, the totals, then one row per day and building with
 * collected, refunded, failed (count · amount) and outstanding. Works without JavaScript.
 */
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconCalendarStats, IconFilter } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';
import type { BuildingOption } from '~/features/portfolio/building-options.server';
import { ListBuildingFilter } from '~/components/lists/building-filter';
import { DateRangeFilter } from '~/components/lists/list-toolbar';
import { ListTable } from '~/components/lists/list-table';
import { formatCents, formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { ReconciliationQuery } from '../payments.schemas';
import type { Reconciliation } from '../payments.types';

/** The amounts of a day and building, as the table's right-aligned columns name them. */
const AMOUNT_KEYS = ['collected', 'refunded', 'failed', 'processing', 'outstanding'] as const;

type Props = {
  basePath: string;
  query: ReconciliationQuery;
  reconciliation: Reconciliation | null;
  building: BuildingOption | null;
  errors: Record<string, string>;
};

export function ReconciliationView({ basePath, query, reconciliation, building, errors }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (cents: number) => formatCents(cents, lang);
  return (
    <Stack gap="md" data-testid="payments-reconciliation">
      <Text size="sm" c="dimmed">
        {t('payments.reconciliation.intro')}
      </Text>
      <Form method="get" action={basePath} aria-label={t('payments.reconciliation.title')} key={JSON.stringify(query)}>
        <input type="hidden" name="view" value="reconciliation" />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <DateRangeFilter
            labels={{ from: t('payments.reconciliation.from'), to: t('payments.reconciliation.to') }}
            from={query.from}
            to={query.to}
            errors={errors}
            required
          />
          <ListBuildingFilter
            texts="payments.filters"
            label={t('payments.reconciliation.building')}
            building={building}
            buildingId={query.buildingId}
            error={errors.building}
            testId="reconciliation-filter-building"
          />
          <Button type="submit" variant="default" mt={25} leftSection={<IconFilter size={16} aria-hidden />}>
            {t('payments.reconciliation.apply')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed" mt={4}>
          {t('payments.reconciliation.rangeHint')}
        </Text>
      </Form>
      {reconciliation && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" data-testid="reconciliation-totals">
            {(
              [
                ['collected', money(reconciliation.totals.collectedCents)],
                ['refunded', money(reconciliation.totals.refundedCents)],
                [
                  'failed',
                  t('payments.reconciliation.failedValue', {
                    count: reconciliation.totals.failedCount,
                    amount: money(reconciliation.totals.failedCents),
                  }),
                ],
                [
                  'processing',
                  t('payments.reconciliation.failedValue', {
                    count: reconciliation.totals.processingCount,
                    amount: money(reconciliation.totals.processingCents),
                  }),
                ],
                ['outstanding', money(reconciliation.totals.outstandingCents)],
              ] as const
            ).map(([key, value]) => (
              <Paper key={key} withBorder p="sm" radius="md">
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {key === 'outstanding'
                    ? t('payments.reconciliation.totalOutstanding', { date: formatIsoDate(query.to, lang) })
                    : t(`payments.reconciliation.${key}`)}
                </Text>
                <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {value}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          {reconciliation.truncated && (
            <Alert color="yellow" data-testid="reconciliation-truncated">
              {t('payments.reconciliation.truncated', { count: reconciliation.rows.length })}
            </Alert>
          )}
          <ListTable
            texts="payments.reconciliation"
            columns={['day', 'building', ...AMOUNT_KEYS.map((key) => ({ key, align: 'right' as const }))]}
            icon={IconCalendarStats}
            isEmpty={reconciliation.rows.length === 0}
            minWidth={860}
            verticalSpacing="xs"
            striped
            highlightOnHover={false}
            bodyStyle={{ fontVariantNumeric: 'tabular-nums' }}
            testIdPrefix="reconciliation"
          >
            {reconciliation.rows.map((row) => (
              <Table.Tr key={`${row.day}:${row.buildingId ?? 'none'}`} data-testid="reconciliation-row">
                <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={row.day}>{formatIsoDate(row.day, lang)}</time>
                </Table.Th>
                <Table.Td>{row.buildingName ?? t('payments.reconciliation.noBuilding')}</Table.Td>
                <Table.Td ta="right">{money(row.collectedCents)}</Table.Td>
                <Table.Td ta="right">{money(row.refundedCents)}</Table.Td>
                <Table.Td ta="right">
                  {t('payments.reconciliation.failedValue', { count: row.failedCount, amount: money(row.failedCents) })}
                </Table.Td>
                <Table.Td ta="right" data-testid="reconciliation-processing">
                  {t('payments.reconciliation.failedValue', { count: row.processingCount, amount: money(row.processingCents) })}
                </Table.Td>
                <Table.Td ta="right">{money(row.outstandingCents)}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </>
      )}
    </Stack>
  );
}
