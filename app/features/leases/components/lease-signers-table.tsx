/**
 * The lease's signers: name, e-mail, role, and when they signed with the first 12 hex digits of
 * the SHA-256 of the PDF they signed (the full fingerprint is in the cell's accessible label).
 */
import { Code, Table, Text } from '@mantine/core';
import { ScrollTable, translatedColumns } from '~/components/lists/list-table';
import { useTranslation } from '~/lib/i18n';
import { formatDateTime } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { LeaseSummary } from '../lease-queries.server';

export function LeaseSignersTable({ signers }: { signers: LeaseSummary['signers'] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (signers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('leases.signers.empty')}
      </Text>
    );
  }
  return (
    <ScrollTable
      minWidth={560}
      striped
      verticalSpacing="xs"
      data-testid="lease-signers"
      columns={translatedColumns(t, 'leases.signers', ['name', 'email', 'role', 'signedAt'])}
    >
      {signers.map((signer) => (
        <Table.Tr key={signer.id} data-signed={signer.signedAt ? 'true' : 'false'}>
          <Table.Th scope="row" fw={500}>
            {signer.name}
          </Table.Th>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{signer.email}</Table.Td>
          <Table.Td>{t(`leases.role.${signer.role}`)}</Table.Td>
          <Table.Td>
            {signer.signedAt ? (
              <>
                <Text size="sm">{formatDateTime(signer.signedAt, lang)}</Text>
                {signer.documentSha256 && (
                  <Text
                    size="xs"
                    c="dimmed"
                    aria-label={t('leases.signers.fingerprintLabel', { hash: signer.documentSha256 })}
                    title={signer.documentSha256}
                  >
                    {t('leases.signers.fingerprint', { hash: '' })}
                    <Code>{signer.documentSha256.slice(0, 12)}</Code>
                  </Text>
                )}
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('leases.signers.notSigned')}
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}
