/**
 * The table of a back-office list (tenants, vendors, projects, work orders, the audit log): an
 * empty state when there is nothing to show — its texts say whether nothing matches the filters
 * or there is nothing yet —, otherwise a horizontally scrollable table with a caption and column
 * headers (`scope="col"`) around the caller's rows. Pagination stays the caller's (KeysetPager,
 * LinkPagination).
 */
import { EmptyState, Table, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

export type ListColumn = { label: string; align?: 'right' };

type Props = {
  /** Show the empty state instead of the table. */
  isEmpty: boolean;
  empty: { icon: ReactNode; title: string; body: string; testId: string; titleOrder?: TitleOrder };
  /** Below this width (px) the table scrolls sideways. */
  minWidth: number;
  caption: string;
  columns: readonly ListColumn[];
  testId: string;
  /** The rows (`Table.Tr`). */
  children: ReactNode;
};

export function ListTable({ isEmpty, empty, minWidth, caption, columns, testId, children }: Props) {
  if (isEmpty) {
    return (
      <EmptyState icon={empty.icon} variant="light" py="xl" data-testid={empty.testId}>
        <EmptyState.Title order={empty.titleOrder ?? 2}>{empty.title}</EmptyState.Title>
        <EmptyState.Description>{empty.body}</EmptyState.Description>
      </EmptyState>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" highlightOnHover data-testid={testId}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} scope="col" ta={column.align}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
