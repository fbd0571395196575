/**
 * A vendor's documents as a table: what each is (certificate of insurance, W-9) with its file
 * (downloaded as an attachment, never shown inline), the certificate's expiry, when it was
 * uploaded and whether staff verified it. `action` adds a last column (the admin's "Verify").
 */
import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ScrollTable } from '~/components/lists/list-table';
import { useTranslation } from '~/lib/i18n';
import { formatBytes, formatDateTime, formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { VendorDocumentView } from '../vendor-admin.types';

type Props = { documents: VendorDocumentView[]; today: string; action?: (document: VendorDocumentView) => ReactNode };

export function VendorDocumentsTable({ documents, today, action }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (documents.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="vendor-documents-empty">
        {t('vendors.documents.empty')}
      </Text>
    );
  }
  const columns = (['document', 'expires', 'uploaded', 'verification', ...(action ? ['actions' as const] : [])] as const).map((column) => ({
    label: t(`vendors.documents.${column}`),
  }));
  return (
    <ScrollTable minWidth={640} verticalSpacing="xs" data-testid="vendor-documents" columns={columns}>
      {documents.map((doc) => {
        const expired = doc.expiresOn !== null && doc.expiresOn < today;
        return (
          <Table.Tr
            key={doc.id}
            data-testid="vendor-document"
            data-kind={doc.kind}
            data-verified={doc.verifiedAt ? 'true' : 'false'}
            data-document={doc.id}
          >
            <Table.Td>
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {t(`vendors.documents.kind.${doc.kind}`)}
                </Text>
                <Anchor
                  href={doc.downloadUrl}
                  size="xs"
                  download
                  data-testid="vendor-document-download"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  <IconDownload size={12} aria-hidden /> {doc.originalName ?? t('vendors.documents.file')} (
                  {formatBytes(doc.sizeBytes, lang)})
                </Anchor>
              </Stack>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {doc.expiresOn ? (
                <Text size="sm" c={expired ? 'red.8' : undefined}>
                  {formatIsoDate(doc.expiresOn, lang)}
                  {expired && ` · ${t('vendors.documents.expiredTag')}`}
                </Text>
              ) : (
                '—'
              )}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(doc.createdAt, lang)}</Table.Td>
            <Table.Td>
              {doc.kind !== 'coi' ? (
                <Text size="xs" c="dimmed">
                  {t('vendors.documents.onFile')}
                </Text>
              ) : doc.verifiedAt ? (
                <Stack gap={2}>
                  <Badge color="teal.9" variant="filled" autoContrast miw="max-content">
                    {t('vendors.documents.verified')}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {t('vendors.documents.verifiedBy', { date: formatDateTime(doc.verifiedAt, lang), name: doc.verifiedByName ?? '—' })}
                  </Text>
                </Stack>
              ) : (
                <Badge color="yellow.4" variant="filled" autoContrast miw="max-content">
                  {t('vendors.documents.unverified')}
                </Badge>
              )}
            </Table.Td>
            {action && <Table.Td>{action(doc)}</Table.Td>}
          </Table.Tr>
        );
      })}
    </ScrollTable>
  );
}
