/**
 * /vendor-portal/profile (decision 030): the vendor's status, insurance and rating,
 * its profile form, and its documents — the upload form and the list (downloads are
 * attachments). A vendor account not linked to a vendor yet gets an empty state pointing to the
 * application and to the invitation e-mail.
 */
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SuccessAlert } from '~/components/status-alerts';
import { useTranslation } from '~/lib/i18n';
import { NoVendorState } from '~/components/no-vendor-state';
import { Link, useSearchParams } from 'react-router';
import type { VendorProfileActionResult, VendorSelfView } from '../vendor-admin.types';
import type { DocumentErrorCode } from '../vendor-document-messages';
import { VendorRating, VendorStatusBadge } from './vendor-badges';
import { VendorDocumentUpload } from './vendor-document-upload';
import { VendorDocumentsTable } from './vendor-documents-table';
import { VendorInsuranceSummary } from './vendor-insurance-summary';
import { VendorProfileForm } from './vendor-profile-form';
import { SectionCard } from '~/components/section-card';

type Props = {
  profile: VendorSelfView | null;
  today: string;
  uploaded: string | null;
  uploadError: DocumentErrorCode | null;
  result: VendorProfileActionResult | undefined;
};

export function VendorProfilePage({ profile, today, uploaded, uploadError, result }: Props) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (!profile) {
    return <NoVendorState texts="vendors.profile" testId="vendor-profile-empty" />;
  }
  return (
    <Stack gap="lg" data-testid="vendor-profile" data-status={profile.status}>
      <Anchor component={Link} to="/vendor-portal" size="sm">
        {t('vendors.profile.back')}
      </Anchor>
      {params.get('done') === 'profile' && <SuccessAlert data-testid="vendor-profile-done">{t('vendors.done.profile')}</SuccessAlert>}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Paper withBorder p="md" component="section" aria-labelledby="vendor-summary-title">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Title order={2} size="h4" id="vendor-summary-title" style={{ overflowWrap: 'anywhere' }}>
                {profile.companyName}
              </Title>
              <VendorStatusBadge status={profile.status} />
            </Group>
            <Text size="sm" c="dimmed">
              {t(`vendors.profile.statusExplain.${profile.status}`)}
            </Text>
            <VendorRating average={profile.ratingAverage} count={profile.ratingCount} />
          </Stack>
        </Paper>
        <VendorInsuranceSummary insuranceExpiry={profile.insuranceExpiry} eligibility={profile.eligibility} />
      </SimpleGrid>
      <VendorProfileForm profile={profile} result={result} />
      <SectionCard
        titleId="vendor-documents-title"
        title={t('vendors.documents.title')}
        titleMb="xs"
        description={t('vendors.documents.intro')}
        id="documents"
      >
        <Stack gap="md">
          <VendorDocumentUpload today={today} uploaded={uploaded} uploadError={uploadError} />
          <VendorDocumentsTable documents={profile.documents} today={today} />
        </Stack>
      </SectionCard>
    </Stack>
  );
}
