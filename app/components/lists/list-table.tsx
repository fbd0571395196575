/**
 * Tables of records, in three sizes:
 * - `ColumnHeaders`: the header row (`Table.Thead`) from a list of columns, each a
 *   `scope="col"` cell, right- or end-aligned for amounts and counts;
 * - `ScrollTable`: a table that scrolls sideways below a minimum width, with an optional caption,
 *   those headers and the caller's rows (a ledger, a payment's refunds, a signers list…);
 * - `ListTable`: the table of a back-office list (tenants, vendors, projects, work orders, the
 *   audit log, payments, applications): an empty state when there is nothing to show — its texts
 *   say whether nothing matches the filters or there is nothing yet —, otherwise a `ScrollTable`
 *   that highlights the row under the pointer. Pagination stays the caller's (KeysetPager,
 *   LinkPagination).
 * And `DateTimeCell`, the "when" cell of a list row; `emptyListTexts`, an empty state's texts.
 */
import { EmptyState, Table, Text, type MantineSpacing, type TableProps, type TitleOrder } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { formatDateTime } from '~/lib/format';
import type { TFunction } from '~/lib/i18n';
import { useLanguage } from '~/lib/use-language';

/** One column: its header text (unique within the table) and, for numbers, its alignment. */
export type ListColumn = { label: string; align?: 'right' | 'end' };

/** The header row of a table: one `<th scope="col">` per column, in order. */
export function ColumnHeaders({ columns }: { columns: readonly ListColumn[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column.label} scope="col" ta={column.align}>
            {column.label}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

type ScrollTableProps = Omit<TableProps, 'children' | 'caption'> & {
  /** Below this width (px) the table scrolls sideways. */
  minWidth: number;
  /** Space below the scroll container. */
  mb?: MantineSpacing;
  /** The table's caption (`Table.Caption`), when it has one. */
  caption?: string;
  columns: readonly ListColumn[];
  /** Style of the `Table.Tbody` (e.g. tabular figures). */
  bodyStyle?: CSSProperties;
  /** The rows (`Table.Tr`). */
  children: ReactNode;
};

/**
 * A horizontally scrollable table: caption, `ColumnHeaders` and the caller's rows. Other props
 * (`verticalSpacing`, `striped`, `data-testid`…) go to Mantine's `Table`.
 */
export function ScrollTable({ minWidth, mb, caption, columns, bodyStyle, children, ...tableProps }: ScrollTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth} mb={mb}>
      <Table {...tableProps}>
        {caption !== undefined && <Table.Caption>{caption}</Table.Caption>}
        <ColumnHeaders columns={columns} />
        <Table.Tbody style={bodyStyle}>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type Props = Omit<ScrollTableProps, 'caption'> & {
  /** Show the empty state instead of the table. */
  isEmpty: boolean;
  empty: { icon: ReactNode; title: string; body: string; testId: string; titleOrder?: TitleOrder };
  caption: string;
  testId: string;
};

/**
 * A back-office list's table, or its empty state (see the module's docstring). The table has
 * `verticalSpacing="sm"` and `highlightOnHover` unless told otherwise; other props go to
 * `ScrollTable`.
 */
export function ListTable({ isEmpty, empty, testId, verticalSpacing = 'sm', highlightOnHover = true, ...tableProps }: Props) {
  if (isEmpty) {
    return (
      <EmptyState icon={empty.icon} variant="light" py="xl" data-testid={empty.testId}>
        <EmptyState.Title order={empty.titleOrder ?? 2}>{empty.title}</EmptyState.Title>
        <EmptyState.Description>{empty.body}</EmptyState.Description>
      </EmptyState>
    );
  }
  return <ScrollTable verticalSpacing={verticalSpacing} highlightOnHover={highlightOnHover} data-testid={testId} {...tableProps} />;
}

/** A list row's "when" cell: `iso` (an ISO timestamp) as a date and time in the page's language, on one line. */
export function DateTimeCell({ iso }: { iso: string }) {
  const lang = useLanguage();
  return (
    <Table.Td>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={iso}>{formatDateTime(iso, lang)}</time>
      </Text>
    </Table.Td>
  );
}

/**
 * A list's empty-state texts by the lists' convention, under `list` (`tenants.list`):
 * `<list>.noMatchTitle|noMatchBody` when a filter is applied (`filtered`), else
 * `<list>.emptyTitle|emptyBody` (there is nothing yet).
 */
export function emptyListTexts(t: TFunction, list: string, filtered: boolean): { title: string; body: string } {
  const kind = filtered ? 'noMatch' : 'empty';
  return { title: t(`${list}.${kind}Title`), body: t(`${list}.${kind}Body`) };
}
