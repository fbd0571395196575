/**
 * A project's documents tab: upload a PDF or a photo (checked by its content on the server, up to
 * the size limit; a real multipart form, so it works without JavaScript), and the documents as
 * downloads (never opened in the page) with a delete button each.
 */
import { Alert, Anchor, Button, FileInput, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileUpload, IconFiles, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';
import { formatBytes, formatDateTime } from '~/lib/format';
import { megabytes } from '~/lib/uploads';
import { useLanguage } from '~/lib/use-language';
import { PROJECT_DOCUMENT_ACCEPT, PROJECT_DOCUMENTS_MAX, PROJECT_FILE_MAX_BYTES } from '../projects.schemas';
import type { ProjectDetail } from '../project-queries.server';
import type { ProjectActionResult, ProjectsBase } from '../projects.types';
import { useActionResult } from '~/components/forms/use-action-result';
import { ListTable } from '~/components/lists/list-table';
import { PROJECTS_TOAST } from './projects-toast';

export function DocumentsTab({
  base,
  detail,
  result,
}: {
  base: ProjectsBase;
  detail: ProjectDetail;
  result: ProjectActionResult | undefined;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const upload = useActionResult(result, { intent: 'upload-document', toast: PROJECTS_TOAST });
  const remove = useActionResult(result, { intent: 'delete-document', toast: PROJECTS_TOAST });
  const full = detail.documents.length >= PROJECT_DOCUMENTS_MAX;
  return (
    <Stack gap="md" data-testid="project-documents">
      <Paper withBorder p="md" component="section" aria-labelledby="project-upload-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="project-upload-title">
            {t('projects.documents.uploadTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('projects.documents.uploadHint', {
              max: megabytes(PROJECT_FILE_MAX_BYTES),
              count: PROJECT_DOCUMENTS_MAX,
            })}
          </Text>
          {!full && (
            <Form method="post" encType="multipart/form-data" ref={upload.formRef} key={upload.formKey} data-testid="document-upload-form">
              <input type="hidden" name="intent" value="upload-document" />
              <Group align="flex-end" gap="sm" wrap="wrap">
                <FileInput
                  name="file"
                  label={t('projects.documents.file')}
                  placeholder={t('projects.documents.choose')}
                  accept={PROJECT_DOCUMENT_ACCEPT}
                  withAsterisk
                  clearable
                  leftSection={<IconPaperclip size={16} aria-hidden />}
                  error={upload.errors.file ?? upload.errors.form}
                  style={{ flex: '1 1 260px' }}
                  data-testid="document-file"
                />
                <Button
                  type="submit"
                  leftSection={<IconFileUpload size={16} aria-hidden />}
                  loading={upload.busy}
                  data-testid="document-upload"
                >
                  {t('projects.documents.upload')}
                </Button>
              </Group>
            </Form>
          )}
        </Stack>
      </Paper>
      {remove.errors.form && (
        <Alert color="red" role="alert">
          {remove.errors.form}
        </Alert>
      )}
      <ListTable
        texts="projects.documents"
        columns={['name', 'added', { key: 'size', align: 'right' }, 'actions']}
        icon={IconFiles}
        isEmpty={detail.documents.length === 0}
        minWidth={560}
        highlightOnHover={false}
        testIdPrefix="documents"
      >
        {detail.documents.map((doc) => (
          <Table.Tr key={doc.id} data-testid="document-row" data-document={doc.id}>
            <Table.Td>
              <Anchor
                href={`${base}/${detail.id}/files/${doc.id}`}
                download
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
                data-testid="document-download"
              >
                {doc.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text size="xs">{formatDateTime(doc.createdAt, lang)}</Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
                {formatBytes(doc.sizeBytes, lang)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Form method="post">
                <input type="hidden" name="intent" value="delete-document" />
                <input type="hidden" name="documentId" value={doc.id} />
                <Button
                  type="submit"
                  size="xs"
                  variant="subtle"
                  color="red.9"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  loading={remove.busy}
                  aria-label={t('projects.documents.deleteNamed', {
                    name: doc.name,
                  })}
                >
                  {t('projects.documents.delete')}
                </Button>
              </Form>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
    </Stack>
  );
}
