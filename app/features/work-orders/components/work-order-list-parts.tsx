/**
 * What the staff's and the vendor's work-order lists (decision 029 and 026) share: the filter
 * form with its status filter; the results (the line of refused filter values, an empty state
 * that says whether nothing matches or there is nothing yet or the table with its caption and
 * columns, and the keyset pagination that keeps the filters); the number and visit cells of a row.
 */
import { Alert, Anchor, NativeSelect, Table, Text } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import { formatDateTime } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import { KeysetPager } from '~/components/keyset-pager';
import { FilterForm, optionsWithAll } from '~/components/lists/filter-form';
import { ListTable, type ListColumn } from '~/components/lists/list-table';
import { listHref } from '../work-order-lists.schemas';
import { WORK_ORDER_STATUS_VALUES, type WorkOrderStatusValue } from '../work-orders.schemas';

/**
 * The list's GET filter form at `action`: the status select, then the caller's filters
 * (`children`); "clear" shows while a filter is applied (`filtered`) or a value was refused.
 */
export function WorkOrderFilters({
  action,
  filters,
  errors,
  filtered,
  testId,
  children,
}: {
  action: string;
  filters: { status: WorkOrderStatusValue | null };
  errors: Record<string, string>;
  filtered: boolean;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FilterForm
      action={action}
      label={t('workOrders.filters.label')}
      formKey={JSON.stringify(filters)}
      testId={testId}
      applyLabel={t('workOrders.filters.apply')}
      clearLabel={t('workOrders.filters.clear')}
      showClear={filtered}
      errors={errors}
      align="start"
    >
      <WorkOrderStatusFilter value={filters.status} error={errors.status} />
      {children}
    </FilterForm>
  );
}

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
function FilterErrors({ errors }: { errors: Record<string, string> }) {
  if (Object.keys(errors).length === 0) return null;
  return (
    <Alert color="red" role="alert">
      {Object.values(errors).join(' ')}
    </Alert>
  );
}

type TableProps = {
  /** The page of rows shown: its `items` (the caller renders them as `children`) and the next page's cursor. */
  list: { items: readonly unknown[]; nextCursor: string | null };
  firstPage: boolean;
  /** The list's URL and the applied filters' values, which the pagination keeps. */
  base: string;
  values: PagerProps['values'];
  pagerTestId: string;
  /** Whether a filter is applied (the empty state then says nothing matches). */
  filtered: boolean;
  /** The refused filter values, shown in one alert above the table. */
  errors: Record<string, string>;
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

/**
 * The work orders' results: the refused filters' alert, then the table (its rows are `children`)
 * or, when the first page has no rows, the empty state (`workOrders.list.noMatch*` when
 * filtered), then the pagination.
 */
export function WorkOrderTable({
  list,
  firstPage,
  base,
  values,
  pagerTestId,
  filtered,
  errors,
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
    <>
      <FilterErrors errors={errors} />
      <ListTable
        isEmpty={list.items.length === 0 && firstPage}
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
      <WorkOrderPager base={base} values={values} firstPage={firstPage} nextCursor={list.nextCursor} testId={pagerTestId} />
    </>
  );
}

/** A row's first cell: the work order's number, a link to it at `href`. */
export function WorkOrderNumberCell({ href, row }: { href: string; row: { id: number; title: string } }) {
  const { t } = useTranslation();
  return (
    <Table.Td>
      <Anchor
        component={Link}
        to={href}
        fw={600}
        size="sm"
        ff="monospace"
        aria-label={t('workOrders.list.open', { id: row.id, title: row.title })}
      >
        #{row.id}
      </Anchor>
    </Table.Td>
  );
}

/** A row's visit cell: when the visit is (or a dash), and the due time under it when there is one. */
export function WorkOrderVisitCell({ row }: { row: { scheduledFor: string | null; dueAt: string | null } }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Table.Td>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {row.scheduledFor ? formatDateTime(row.scheduledFor, lang) : '—'}
      </Text>
      {row.dueAt && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('workOrders.list.dueBy', { date: formatDateTime(row.dueAt, lang) })}
        </Text>
      )}
    </Table.Td>
  );
}

type PagerProps = {
  base: string;
  values: Record<string, string | number | boolean | null | undefined>;
  firstPage: boolean;
  nextCursor: string | null;
  testId: string;
};

/** First/next page links of a work-order list at `base`, keeping the filter `values`. */
function WorkOrderPager({ base, values, firstPage, nextCursor, testId }: PagerProps) {
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
