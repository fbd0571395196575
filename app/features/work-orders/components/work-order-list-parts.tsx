/**
 * What the staff's and the vendor's work-order lists (decision 029 and 026) share: the status
 * filter, the line of refused filter values, the list's table frame (an empty state that says
 * whether nothing matches or there is nothing yet, or the table with its caption and columns) and
 * the keyset pagination that keeps the filters.
 */
import { Alert, NativeSelect } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { KeysetPager } from '~/components/keyset-pager';
import { optionsWithAll } from '~/components/lists/filter-form';
import { ListTable, type ListColumn } from '~/components/lists/list-table';
import { listHref } from '../work-order-lists.schemas';
import { WORK_ORDER_STATUS_VALUES, type WorkOrderStatusValue } from '../work-orders.schemas';

/** The `status` select: all, then every work order status. */
export function WorkOrderStatusFilter({ value, error }: { value: WorkOrderStatusValue | null; error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      name="status"
      label={t('workOrders.filters.status')}
      defaultValue={value ?? ''}
      data={optionsWithAll(t('workOrders.filters.all'), WORK_ORDER_STATUS_VALUES, (status) => ({
        value: status,
        label: t(`workOrders.status.${status}`),
      }))}
      error={error}
      style={{ flex: '1 1 150px' }}
    />
  );
}

/** The refused filter values' messages in one alert, or nothing. */
export function FilterErrors({ errors }: { errors: Record<string, string> }) {
  if (Object.keys(errors).length === 0) return null;
  return (
    <Alert color="red" role="alert">
      {Object.values(errors).join(' ')}
    </Alert>
  );
}

type TableProps = {
  isEmpty: boolean;
  /** Whether a filter is applied (the empty state then says nothing matches). */
  filtered: boolean;
  /** The empty state's texts when nothing is filtered: `${emptyKey}Title`, `${emptyKey}Body`. */
  emptyKey: string;
  emptyTestId: string;
  emptyTitleOrder: 2 | 3;
  minWidth: number;
  caption: string;
  columns: readonly ListColumn[];
  testId: string;
  children: ReactNode;
};

/** The work orders' table, or the empty state (`workOrders.list.noMatch*` when filtered). */
export function WorkOrderTable({
  isEmpty,
  filtered,
  emptyKey,
  emptyTestId,
  emptyTitleOrder,
  minWidth,
  caption,
  columns,
  testId,
  children,
}: TableProps) {
  const { t } = useTranslation();
  return (
    <ListTable
      isEmpty={isEmpty}
      empty={{
        icon: <IconClipboardList size={30} aria-hidden />,
        title: t(filtered ? 'workOrders.list.noMatchTitle' : `${emptyKey}Title`),
        body: t(filtered ? 'workOrders.list.noMatchBody' : `${emptyKey}Body`),
        testId: emptyTestId,
        titleOrder: emptyTitleOrder,
      }}
      minWidth={minWidth}
      caption={caption}
      columns={columns}
      testId={testId}
    >
      {children}
    </ListTable>
  );
}

/** First/next page links of a work-order list at `base`, keeping the filter `values`. */
export function WorkOrderPager({
  base,
  values,
  firstPage,
  nextCursor,
  testId,
}: {
  base: string;
  values: Record<string, string | number | boolean | null | undefined>;
  firstPage: boolean;
  nextCursor: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <KeysetPager
      label={t('workOrders.list.pagination')}
      firstHref={firstPage ? null : listHref(base, values)}
      firstLabel={t('workOrders.list.first')}
      nextHref={nextCursor ? listHref(base, { ...values, cursor: nextCursor }) : null}
      nextLabel={t('workOrders.list.next')}
      testId={testId}
    />
  );
}
