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
 * A `ListTable`'s texts and test ids are given one by one, or follow the lists' convention
 * under one translation prefix (`texts`).
 *
 * And the cells of a list row: `NoWrapCell`, one line that does not wrap; `DateTimeCell`, the
 * "when"; `TwoLineCell`, a value with a dimmed detail under it. Helpers: `emptyListTexts`, an
 * empty state's texts; `translatedColumns`, columns whose headers share a translation prefix.
 */
import { EmptyState, Table, Text, type MantineSpacing, type TableProps, type TitleOrder } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { formatDateTime } from '~/lib/format';
import { useTranslation, type TFunction } from '~/lib/i18n';
import { useLanguage } from '~/lib/use-language';

/** One column: its header text (unique within the table) and, for numbers, its alignment. */
export type ListColumn = { label: string; align?: 'right' | 'end' };

/**
 * A column named by its key under a translation prefix (`balance` under `tenants.list` is headed
 * `tenants.list.balance`), with its alignment when it holds numbers.
 */
export type ListColumnKey = string | { key: string; align: 'right' | 'end' };

/** The columns `keys`, each headed by the text at `<texts>.<key>` (`t` is the page's lookup). */
export function translatedColumns(t: TFunction, texts: string, keys: readonly ListColumnKey[]): ListColumn[] {
  return keys.map((column) =>
    typeof column === 'string' ? { label: t(`${texts}.${column}`) } : { label: t(`${texts}.${column.key}`), align: column.align },
  );
}

/** The header row of a table: one `<th scope="col">` per column, in order. */
export function ColumnHeaders({ columns }: { columns: readonly ListColumn[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, index) => (
          // Two columns may share a label (a payment's allocations: "Charge" twice in English).
          <Table.Th key={`${index}:${column.label}`} scope="col" ta={column.align}>
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

/** The table's texts and test ids, given one by one. */
type ExplicitTexts = {
  caption: string;
  columns: readonly ListColumn[];
  empty: { icon: ReactNode; title: string; body: string; testId: string; titleOrder?: TitleOrder };
  testId: string;
};

/**
 * The table's texts and test ids by the lists' convention, under `texts` (`tenants.list`): the
 * caption `<texts>.caption`, each column's header `<texts>.<key>`, the empty state's title and body
 * as `emptyListTexts` names them (unless `empty` gives them); test ids `<testIdPrefix>-table` on
 * the table and `<testIdPrefix>-empty` on the empty state.
 */
type ConventionTexts = {
  texts: string;
  columns: readonly ListColumnKey[];
  /** The empty state's icon, drawn at 30 px. */
  icon: Icon;
  /** Whether a filter is applied: the empty state then says nothing matches. */
  filtered?: boolean;
  /** The empty state's texts where they differ from the convention, and its heading level (2). */
  empty?: { title?: string; body?: string; titleOrder?: TitleOrder };
  testIdPrefix: string;
};

type TableOptions = Omit<ScrollTableProps, 'caption' | 'columns'> & {
  /** Show the empty state instead of the table. */
  isEmpty: boolean;
};

type Props = TableOptions & (ExplicitTexts | ConventionTexts);

/**
 * A back-office list's table, or its empty state (see the module's docstring). The table has
 * `verticalSpacing="sm"` and `highlightOnHover` unless told otherwise; other props go to
 * `ScrollTable`.
 */
export function ListTable(props: Props) {
  const { isEmpty, empty, testId, verticalSpacing = 'sm', highlightOnHover = true, ...tableProps } = useExplicitTexts(props);
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

/** `props` with the conventional texts and test ids (`ConventionTexts`) turned into explicit ones. */
function useExplicitTexts(props: Props): TableOptions & ExplicitTexts {
  const { t } = useTranslation();
  if (!('texts' in props)) return props;
  const { texts, columns, icon: EmptyIcon, filtered = false, empty, testIdPrefix, ...tableProps } = props;
  const conventional = emptyListTexts(t, texts, filtered);
  return {
    ...tableProps,
    caption: t(`${texts}.caption`),
    columns: translatedColumns(t, texts, columns),
    empty: {
      icon: <EmptyIcon size={30} aria-hidden />,
      title: empty?.title ?? conventional.title,
      body: empty?.body ?? conventional.body,
      testId: `${testIdPrefix}-empty`,
      titleOrder: empty?.titleOrder,
    },
    testId: `${testIdPrefix}-table`,
  };
}

/** A list row's cell of one line that does not wrap (a date, an amount), in the body's size; `ta` aligns it. */
export function NoWrapCell({ ta, children }: { ta?: 'right'; children: ReactNode }) {
  return (
    <Table.Td ta={ta}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {children}
      </Text>
    </Table.Td>
  );
}

/** A list row's "when" cell: `iso` (an ISO timestamp) as a date and time in the page's language, on one line. */
export function DateTimeCell({ iso }: { iso: string }) {
  const lang = useLanguage();
  return (
    <NoWrapCell>
      <time dateTime={iso}>{formatDateTime(iso, lang)}</time>
    </NoWrapCell>
  );
}

/**
 * A list row's cell of two lines: `main` in the body's size and, under it, `detail` small and
 * dimmed (left out when null or undefined).
 */
export function TwoLineCell({ main, detail }: { main: ReactNode; detail?: ReactNode }) {
  return (
    <Table.Td>
      <Text size="sm">{main}</Text>
      {detail != null && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
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
