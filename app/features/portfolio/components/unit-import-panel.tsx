/**
 * "Import units from a CSV file" (decision 015): choose a file → "Check the file"
 * (dry run: every row's problems listed, nothing written) → "Import N rows" once the file is
 * clean (the server writes exactly the file it checked, once). Both steps are real form posts.
 */
import { Alert, Anchor, Badge, Button, FileInput, Group, List, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFileImport, IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';
import type { PortfolioActionResult } from '../portfolio.page.server';
import { useActionResult } from '~/components/forms/use-action-result';
import { PORTFOLIO_TOAST } from './portfolio-toast';

/** Rows listed in the preview: every row with a problem, then up to this many clean ones. */
const PREVIEW_CLEAN_ROWS = 20;

export function UnitImportPanel({ result, exportHref }: { result: PortfolioActionResult | undefined; exportHref: string }) {
  const { t } = useTranslation();
  const preview = useActionResult(result, { intent: 'import-preview', toast: PORTFOLIO_TOAST });
  const commit = useActionResult(result, { intent: 'import-commit', toast: PORTFOLIO_TOAST });
  const checked = result && result.ok && 'preview' in result ? result.preview : null;
  const withProblems = checked ? checked.rows.filter((row) => Object.keys(row.errors).length > 0) : [];
  const clean = checked ? checked.rows.filter((row) => Object.keys(row.errors).length === 0) : [];
  const shown = [...withProblems, ...clean.slice(0, withProblems.length > 0 ? 0 : PREVIEW_CLEAN_ROWS)];
  const hidden = checked ? checked.rows.length - shown.length : 0;
  return (
    <Stack gap="md" data-testid="unit-import">
      <Text size="sm">{t('portfolio.import.intro')}</Text>
      <Anchor href={exportHref} size="sm" download>
        <Group gap={4}>
          <IconFileSpreadsheet size={16} aria-hidden />
          {t('portfolio.import.template')}
        </Group>
      </Anchor>
      <Form method="post" encType="multipart/form-data" ref={preview.formRef} data-testid="import-preview-form">
        <input type="hidden" name="intent" value="import-preview" />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileInput
            name="file"
            label={t('portfolio.import.file')}
            accept=".csv,text/csv"
            clearable
            error={preview.failed?.errors.file}
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            style={{ flex: '1 1 260px' }}
            data-testid="import-file"
          />
          <Button type="submit" variant="default" loading={preview.busy} data-testid="import-check">
            {t('portfolio.import.preview')}
          </Button>
        </Group>
      </Form>
      {commit.failed?.errors.form && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {commit.failed.errors.form}
        </Alert>
      )}
      {checked && (
        <Stack gap="sm" data-testid="import-preview" aria-live="polite">
          {checked.fileErrors.length > 0 ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="import-file-errors">
              <List size="sm">
                {checked.fileErrors.map((key) => (
                  <List.Item key={key}>{t(key)}</List.Item>
                ))}
              </List>
            </Alert>
          ) : (
            <>
              <Text size="sm" fw={600}>
                {checked.fileName}: {t('portfolio.import.summary', checked.counts)} {t('portfolio.import.nothingWritten')}
              </Text>
              {checked.counts.invalid > 0 ? (
                <Alert color="red" icon={<IconAlertCircle aria-hidden />} data-testid="import-invalid">
                  {t('portfolio.import.invalid', { count: checked.counts.invalid })}
                </Alert>
              ) : (
                <Alert color="teal" icon={<IconCircleCheck aria-hidden />} data-testid="import-clean">
                  {t('portfolio.import.clean')}
                </Alert>
              )}
              <Table.ScrollContainer minWidth={520}>
                <Table verticalSpacing={4} data-testid="import-rows">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('portfolio.import.columns.line')}</Table.Th>
                      <Table.Th scope="col">{t('portfolio.import.columns.unit')}</Table.Th>
                      <Table.Th scope="col">{t('portfolio.import.columns.action')}</Table.Th>
                      <Table.Th scope="col">{t('portfolio.import.columns.problems')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map((row) => (
                      <Table.Tr key={row.line} data-testid="import-row" data-line={row.line}>
                        <Table.Td>{row.line}</Table.Td>
                        <Table.Td>{row.unitNumber || '—'}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={row.action === 'create' ? 'blue' : 'gray'}>
                            {t(`portfolio.import.action.${row.action}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          {Object.keys(row.errors).length === 0 ? (
                            '—'
                          ) : (
                            <List size="xs" c="red.8">
                              {Object.entries(row.errors).map(([field, key]) => (
                                <List.Item key={field}>
                                  <Text span size="xs" ff="monospace">
                                    {field}
                                  </Text>
                                  : {t(key)}
                                </List.Item>
                              ))}
                            </List>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {hidden > 0 && (
                <Text size="sm" c="dimmed">
                  {t('portfolio.import.moreRows', { count: hidden })}
                </Text>
              )}
              {checked.importId && (
                <Form method="post" ref={commit.formRef} data-testid="import-commit-form">
                  <input type="hidden" name="intent" value="import-commit" />
                  <input type="hidden" name="importId" value={checked.importId} />
                  <Button
                    type="submit"
                    loading={commit.busy}
                    leftSection={<IconFileImport size={16} aria-hidden />}
                    data-testid="import-commit"
                  >
                    {t('portfolio.import.commit', { count: checked.counts.rows })}
                  </Button>
                </Form>
              )}
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}
