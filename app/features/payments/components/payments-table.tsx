/**
 * The payments list: one row per payment (date, payer, building and unit, kind and method,
 * amount with what was refunded, status). The payment number opens its page. An empty list says
 * whether nothing matches the filters or nothing exists yet. Pagination is two links (newest,
 * older): the list is keyset-paginated, so every page has its own URL and works without
 * JavaScript.
 */
import { Anchor, Table, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { KeysetPager } from '~/components/keyset-pager';
import { DateTimeCell, ListTable, TwoLineCell } from '~/components/lists/list-table';
import { formatCents } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import { paymentsHref, type PaymentFilters } from '../payments.schemas';
import type { PaymentListItem } from '../payments.types';
import { PaymentStatusBadge } from './payment-badges';

type Props = {
  basePath: string;
  filters: PaymentFilters;
  items: PaymentListItem[];
  nextCursor: string | null;
  firstPage: boolean;
  filtered: boolean;
};

export function PaymentsTable({ basePath, filters, items, nextCursor, firstPage, filtered }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const isEmpty = items.length === 0 && firstPage;
  return (
    <>
      <ListTable
        texts="payments.list"
        columns={['payment', 'date', 'payer', 'building', 'kindMethod', { key: 'amount', align: 'right' }, 'status']}
        icon={IconReceipt}
        filtered={filtered}
        isEmpty={isEmpty}
        minWidth={820}
        testIdPrefix="payments"
      >
        {items.map((row) => (
          <Table.Tr key={row.id} data-testid="payment-row" data-status={row.status}>
            <Table.Td>
              <Anchor
                component={Link}
                to={`${basePath}/${row.id}`}
                fw={600}
                size="sm"
                ff="monospace"
                aria-label={t('payments.list.open', { id: row.id })}
              >
                #{row.id}
              </Anchor>
            </Table.Td>
            <DateTimeCell iso={row.createdAt} />
            <Table.Td>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {row.payerName ?? t('payments.list.unknownPayer')}
              </Text>
              {row.payerEmail && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {row.payerEmail}
                </Text>
              )}
            </Table.Td>
            <TwoLineCell
              main={row.buildingName ?? t('payments.list.noBuilding')}
              detail={row.unitNumber ? t('payments.list.unit', { unit: row.unitNumber }) : null}
            />
            <TwoLineCell
              main={t(`payments.kind.${row.kind}`)}
              detail={
                <>
                  {t(`payments.method.${row.method}`)}
                  {row.cardLast4 ? ` · •••• ${row.cardLast4}` : ''}
                </>
              }
            />
            <Table.Td ta="right">
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatCents(row.amountCents, lang)}
              </Text>
              {row.refundedCents > 0 && (
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {t('payments.list.refundedPart', { amount: formatCents(row.refundedCents, lang) })}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <PaymentStatusBadge status={row.status} size="sm" />
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      {!isEmpty && (
        <KeysetPager
          label={t('payments.list.pagination')}
          firstHref={firstPage ? null : paymentsHref(basePath, filters)}
          firstLabel={t('payments.list.first')}
          nextHref={nextCursor ? paymentsHref(basePath, filters, nextCursor) : null}
          nextLabel={t('payments.list.next')}
          testId="payments-pagination"
        />
      )}
    </>
  );
}
