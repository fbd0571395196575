/**
 * The per-row commands of /admin/database's tables ("Retry now" on a failed job, "Run now" on a
 * schedule; decision 014): the answer of the page's action for one intent and which row is
 * posting (`useRowAction`), the outcome alerts above the table (`RowActionOutcome`), and the
 * table itself with its header row (`RowActionTable`).
 */
import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { useActionResult } from '~/components/forms/use-action-result';
import { ErrorAlert, SuccessAlert } from '~/components/status-alerts';
import type { DatabaseActionResult, DatabaseIntent } from '../database.types';
import { ScrollTable } from './scroll-table';

/**
 * The answer of `intent` (its toast comes with the answer, decision 037) and the key of the row
 * whose post is under way (the form field `rowField`, e.g. `jobId`), else null.
 */
export function useRowAction(result: DatabaseActionResult | undefined, intent: DatabaseIntent, rowField: string) {
  const navigation = useNavigation();
  const { failed } = useActionResult(result, { intent, toast: { testId: 'ops-toast' } });
  const busyRow =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === intent ? navigation.formData.get(rowField) : null;
  return { failed, busyRow };
}

/**
 * What a row command did: after a plain post (`done`, no answer) the success alert `doneText`
 * (the toast shows it otherwise), and a refusal's form error.
 */
export function RowActionOutcome({
  done,
  result,
  failed,
  doneText,
}: {
  done: boolean;
  result: DatabaseActionResult | undefined;
  failed: ReturnType<typeof useRowAction>['failed'];
  doneText: string;
}) {
  return (
    <>
      {done && !result && <SuccessAlert role="status">{doneText}</SuccessAlert>}
      {failed?.errors?.form && <ErrorAlert>{failed.errors.form}</ErrorAlert>}
    </>
  );
}

/**
 * A table of rows with commands: scrolls sideways below `minWidth` (px) in a region named by
 * `labelledBy`; `head` is the header row's cells, `children` the rows. Other props go to
 * Mantine's `Table`.
 */
export function RowActionTable({
  minWidth,
  labelledBy,
  head,
  children,
  ...tableProps
}: Omit<TableProps, 'children'> & { minWidth: number; labelledBy: string; head: ReactNode; children: ReactNode }) {
  return (
    <ScrollTable minWidth={minWidth} labelledBy={labelledBy}>
      <Table {...tableProps}>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
