/**
 * An owner's monthly statements (decision 061): month, the PDF's SHA-256 fingerprint and the
 * download link (`hrefOf`), newest first; on the admin's page each row also has a "Regenerate"
 * form (`regenerate`), whose answer says whether the fingerprint stayed the same.
 */
import { Anchor, Button, Code, Table } from '@mantine/core';
import { IconFileTypePdf, IconRefresh } from '@tabler/icons-react';
import { Form } from 'react-router';
import { ListTable, NoWrapCell } from '~/components/lists/list-table';
import { useTranslation } from '~/lib/i18n';
import type { StatementRow } from '../owner-statements.server';

type Props = {
  statements: StatementRow[];
  hrefOf: (statement: StatementRow) => string;
  /** Show the "Regenerate" form on each row (admins). */
  regenerate?: boolean;
  testIdPrefix: string;
};

export function StatementsTable({ statements, hrefOf, regenerate = false, testIdPrefix }: Props) {
  const { t } = useTranslation();
  return (
    <ListTable
      texts="owners.statement.list"
      columns={regenerate ? ['month', 'fingerprint', 'download', 'regenerate'] : ['month', 'fingerprint', 'download']}
      icon={IconFileTypePdf}
      isEmpty={statements.length === 0}
      testIdPrefix={testIdPrefix}
      minWidth={regenerate ? 640 : 480}
    >
      {statements.map((statement) => (
        <Table.Tr key={statement.id} data-testid="statement-row">
          <Table.Th scope="row">{statement.month}</Table.Th>
          <Table.Td>
            <Code style={{ wordBreak: 'break-all' }} data-testid="statement-sha256">
              {statement.sha256}
            </Code>
          </Table.Td>
          <NoWrapCell>
            <Anchor
              href={hrefOf(statement)}
              target="_blank"
              rel="noopener"
              aria-label={t('owners.statement.list.downloadLabel', { month: statement.month })}
              data-testid="statement-download"
            >
              {t('owners.statement.list.download')}
            </Anchor>
          </NoWrapCell>
          {regenerate && (
            <Table.Td>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="regenerate-statement" />
                <input type="hidden" name="month" value={statement.month} />
                <Button
                  type="submit"
                  size="xs"
                  variant="subtle"
                  leftSection={<IconRefresh size={14} aria-hidden />}
                  data-testid="statement-regenerate"
                >
                  {t('owners.statement.list.regenerate')}
                </Button>
              </Form>
            </Table.Td>
          )}
        </Table.Tr>
      ))}
    </ListTable>
  );
}
