/**
 * The lease's ledger (active, ended or terminated leases): date, kind, description, signed
 * amount and the running balance after each entry, with the balance and overdue amount above.
 */
import { Group, Stack, Table, Text } from '@mantine/core';
import { ScrollTable, translatedColumns } from '~/components/lists/list-table';
import { useTranslation } from '~/lib/i18n';
import { formatCents, formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { LeaseBalance, LedgerEntry } from '~/features/ledger/ledger.server';

export function LeaseLedgerTable({ ledger, balance }: { ledger: LedgerEntry[]; balance: LeaseBalance | null }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const money = (cents: number) => formatCents(cents, lang);
  return (
    <Stack gap="sm">
      {balance && (
        <Group gap="xl" data-testid="lease-balance">
          <Text size="sm">
            {t('leases.ledger.balanceNow')}: <strong>{money(balance.balanceCents)}</strong>
          </Text>
          <Text size="sm">
            {t('leases.ledger.overdue')}: <strong>{money(balance.overdueCents)}</strong>
          </Text>
          {balance.nextDueDate && (
            <Text size="sm">
              {t('leases.ledger.nextDue')}: <strong>{formatIsoDate(balance.nextDueDate, lang)}</strong>
            </Text>
          )}
        </Group>
      )}
      {ledger.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('leases.ledger.empty')}
        </Text>
      ) : (
        <ScrollTable
          minWidth={600}
          striped
          verticalSpacing="xs"
          data-testid="lease-ledger"
          caption={t('leases.ledger.caption')}
          columns={translatedColumns(t, 'leases.ledger', [
            'date',
            'kind',
            'description',
            { key: 'amount', align: 'right' },
            { key: 'balance', align: 'right' },
          ])}
        >
          {ledger.map((entry) => (
            <Table.Tr key={entry.key}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatIsoDate(entry.date, lang)}</Table.Td>
              <Table.Td>{t(`leases.ledger.kinds.${entry.kind}`)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {[entry.description, entry.period, entry.status === 'processing' ? t('leases.ledger.processing') : null]
                  .filter(Boolean)
                  .join(' · ') || '—'}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(entry.amountCents)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(entry.balanceCents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
    </Stack>
  );
}
