/** /admin/database: every table of the public schema with its rows and size on disk. */
import { Paper, Table, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { formatBytes, formatNumber } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { TableRows } from '../database.server';
import { ScrollTable } from './scroll-table';

export function TableRowsCard({ tables }: { tables: TableRows[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const sized = tables.some((table) => table.bytes !== null);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="database-tables-title" data-testid="database-tables">
      <Title order={2} size="h3" id="database-tables-title">
        {t('ops.database.tables.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ops.database.tables.total', { count: tables.length })}
      </Text>
      <ScrollTable minWidth={320} labelledBy="database-tables-title">
        <Table striped verticalSpacing={4} aria-labelledby="database-tables-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('ops.database.tables.table')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('ops.database.tables.rows')}
              </Table.Th>
              {sized && (
                <Table.Th scope="col" ta="right">
                  {t('ops.database.tables.size')}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tables.map((table) => (
              <Table.Tr key={table.name} data-testid="database-table-row" data-table={table.name}>
                <Table.Th scope="row" fw={500} ff="monospace" fz="sm">
                  {table.name}
                </Table.Th>
                <Table.Td ta="right" data-testid="database-table-count">
                  {table.estimated ? (
                    <Tooltip label={t('ops.database.tables.estimatedHint')}>
                      <span tabIndex={0}>{t('ops.database.tables.estimated', { rows: formatNumber(table.rows, lang) })}</span>
                    </Tooltip>
                  ) : (
                    formatNumber(table.rows, lang)
                  )}
                </Table.Td>
                {sized && <Table.Td ta="right">{table.bytes === null ? '—' : formatBytes(table.bytes, lang)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Paper>
  );
}
