/**
 * The vendor's document upload (decision 030): a certificate of insurance with its
 * expiry date, or a W-9, as a PDF or a photo of the paper (10 MB at most). A plain multipart form
 * posted to `/api/vendor-documents/upload` — the server checks the file's real type and answers
 * with a redirect back here, so it works the same with or without JavaScript. The expiry field
 * is only required for a certificate (the server says so too).
 */
import { Group, Input, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { ErrorAlert, SuccessAlert } from '~/components/status-alerts';
import { useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { SubmitButton } from '~/components/icon-button';
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_FILE_BYTES, VENDOR_DOCUMENT_UPLOAD_URL } from '~/lib/document-uploads';
import { megabytes } from '~/lib/uploads';
import { VENDOR_DOCUMENT_KINDS, type VendorDocumentKind } from '../vendor-admin.types';
import { documentErrorMessage, type DocumentErrorCode } from '../vendor-document-messages';
import { SectionCard } from '~/components/section-card';

type Props = { today: string; uploaded: string | null; uploadError: DocumentErrorCode | null };

export function VendorDocumentUpload({ today, uploaded, uploadError }: Props) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<VendorDocumentKind>('coi');
  const [sending, setSending] = useState(false);
  return (
    <SectionCard titleId="vendor-upload-title" title={t('vendors.documents.uploadTitle')} order={3} titleSize="h4" titleMb="xs" p="md">
      <Text size="sm" c="dimmed" mb="sm">
        {t('vendors.documents.uploadHint', { max: megabytes(DOCUMENT_MAX_FILE_BYTES) })}
      </Text>
      {uploaded && (
        <SuccessAlert mb="sm" data-testid="vendor-upload-done">
          {t(`vendors.documents.done.${uploaded}`)}
        </SuccessAlert>
      )}
      {uploadError && (
        <ErrorAlert mb="sm" data-testid="vendor-upload-error">
          {documentErrorMessage(t, uploadError)}
        </ErrorAlert>
      )}
      <form
        method="post"
        action={VENDOR_DOCUMENT_UPLOAD_URL}
        encType="multipart/form-data"
        onSubmit={() => setSending(true)}
        data-testid="vendor-upload-form"
      >
        <Stack gap="sm">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <NativeSelect
              name="kind"
              label={t('vendors.documents.kindLabel')}
              value={kind}
              onChange={(event) => setKind(event.currentTarget.value as VendorDocumentKind)}
              data={VENDOR_DOCUMENT_KINDS.map((value) => ({ value, label: t(`vendors.documents.kind.${value}`) }))}
              style={{ flex: '1 1 220px' }}
              data-testid="vendor-upload-kind"
            />
            <TextInput
              name="expiresOn"
              type="date"
              label={t('vendors.documents.expiresLabel')}
              description={t('vendors.documents.expiresHint')}
              min={today}
              required={kind === 'coi'}
              disabled={kind !== 'coi'}
              style={{ flex: '1 1 200px' }}
              data-testid="vendor-upload-expires"
            />
          </Group>
          {/* A native file input: it opens and posts with or without JavaScript. */}
          <Input.Wrapper
            label={t('vendors.documents.fileLabel')}
            description={t('vendors.documents.fileHint')}
            id="vendor-upload-file"
            required
          >
            <input
              id="vendor-upload-file"
              type="file"
              name="file"
              accept={DOCUMENT_ACCEPT}
              required
              style={{ display: 'block', marginTop: 4, maxWidth: '100%' }}
              data-testid="vendor-upload-file"
            />
          </Input.Wrapper>
          <SubmitButton loading={sending} icon={IconUpload} style={{ alignSelf: 'flex-start' }} testId="vendor-upload-submit">
            {t('vendors.documents.upload')}
          </SubmitButton>
        </Stack>
      </form>
    </SectionCard>
  );
}
