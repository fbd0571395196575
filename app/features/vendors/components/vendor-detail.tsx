/**
 * One vendor's staff page (decision 030: /admin/vendors/:id): who it is, its status
 * and whether it can receive work under the insurance rule, the review commands, its account or
 * invitation, its insurance, rating and work orders, and its documents with "Verify" on the
 * certificates of insurance still to be checked. Every section has an empty state; tables scroll
 * sideways on a phone.
 */
import { Alert, Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SuccessAlert } from '~/components/status-alerts';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { BackLink } from '~/components/back-link';
import { formatDateTime, formatIsoDate, formatNumber } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import { VENDOR_STATUS_INTENTS, type VendorAdminActionResult, type VendorAdminIntent, type VendorDetail } from '../vendor-admin.types';
import { VendorCommandButton, VendorReasonForm, VerifyDocumentButton } from './vendor-admin-actions';
import { VendorEligibilityBadge, VendorRating, VendorStatusBadge } from './vendor-badges';
import { VendorDocumentsTable } from './vendor-documents-table';
import { useActionResult } from '~/components/forms/use-action-result';
import { SectionCard } from '~/components/section-card';

/** The success toast of a vendor command (its text is the action's `message`). */
const VENDOR_TOAST = { title: 'vendors.done.title', testId: 'vendors-toast' };

type Props = { detail: VendorDetail; today: string; done: VendorAdminIntent | null; result: VendorAdminActionResult | undefined };

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <SectionCard titleId={`${id}-title`} title={title} data-testid={`vendor-section-${id}`}>
      {children}
    </SectionCard>
  );
}

function ReviewSection({ detail, result }: { detail: VendorDetail; result: VendorAdminActionResult | undefined }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const intents = VENDOR_STATUS_INTENTS[detail.status];
  return (
    <Section id="review" title={t('vendors.detail.review')}>
      <Stack gap="sm">
        <Text size="sm">{t(`vendors.detail.statusExplain.${detail.status}`)}</Text>
        {detail.reviewedAt && (
          <Text size="xs" c="dimmed">
            {t('vendors.detail.reviewedBy', { date: formatDateTime(detail.reviewedAt, lang), name: detail.reviewedByName ?? '—' })}
          </Text>
        )}
        {detail.status === 'rejected' && detail.rejectionReason && (
          <Alert color="gray" title={t('vendors.detail.rejectionReason')} data-testid="vendor-rejection-reason">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {detail.rejectionReason}
            </Text>
          </Alert>
        )}
        {intents.includes('approve') && <VendorCommandButton intent="approve" result={result} />}
        {intents.includes('reinstate') && <VendorCommandButton intent="reinstate" result={result} />}
        {intents.includes('reject') && <VendorReasonForm intent="reject" result={result} />}
        {intents.includes('suspend') && <VendorReasonForm intent="suspend" result={result} />}
      </Stack>
    </Section>
  );
}

function AccountSection({ detail, result }: { detail: VendorDetail; result: VendorAdminActionResult | undefined }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Section id="account" title={t('vendors.detail.account')}>
      <Stack gap="sm">
        {detail.accountEmail ? (
          <Text size="sm" data-testid="vendor-account">
            {t('vendors.detail.accountLinked', { email: detail.accountEmail })}
          </Text>
        ) : detail.invitation ? (
          <Text size="sm" data-testid="vendor-invitation" data-expired={detail.invitation.expired ? 'true' : 'false'}>
            {t(detail.invitation.expired ? 'vendors.detail.invitationExpired' : 'vendors.detail.invitationPending', {
              date: formatDateTime(detail.invitation.expiresAt, lang),
            })}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" data-testid="vendor-account-none">
            {t(detail.status === 'approved' ? 'vendors.detail.invitationQueued' : 'vendors.detail.noAccount')}
          </Text>
        )}
        {detail.status === 'approved' && !detail.accountEmail && (
          <VendorCommandButton intent="resend-invitation" result={result} variant="default" />
        )}
      </Stack>
    </Section>
  );
}

export function VendorDetailPage({ detail, today, done, result }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  // The toast is the page's: a command's form may be gone once it succeeded (an approved vendor has no "Approve").
  useActionResult(result, { toast: VENDOR_TOAST });
  const list = (values: string[], prefix: string | null) =>
    values.length === 0 ? '—' : values.map((value) => (prefix ? t(`${prefix}.${value}`, { defaultValue: value }) : value)).join(', ');
  const pendingCoi = (doc: VendorDetail['documents'][number]) =>
    doc.kind === 'coi' && doc.expiresOn !== null && doc.expiresOn >= today && !(doc.verifiedAt && detail.insuranceExpiry === doc.expiresOn);
  return (
    <Stack gap="lg" data-testid="vendor-page" data-status={detail.status} data-vendor={detail.id}>
      <BackLink to="/admin/vendors">{t('vendors.detail.back')}</BackLink>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{detail.companyName}</Title>
          <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {[detail.contactName, detail.email, detail.phone].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <Group gap="xs">
          <VendorStatusBadge status={detail.status} />
          <VendorEligibilityBadge eligibility={detail.eligibility} />
        </Group>
      </Group>
      {done && <SuccessAlert data-testid="vendors-done">{t(`vendors.done.${done}`)}</SuccessAlert>}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ReviewSection detail={detail} result={result} />
        <AccountSection detail={detail} result={result} />
      </SimpleGrid>
      <Section id="profile" title={t('vendors.detail.profile')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Fact label={t('vendors.detail.contact')}>{detail.contactName}</Fact>
          <Fact label={t('vendors.detail.email')}>{detail.email}</Fact>
          <Fact label={t('vendors.detail.phone')}>{detail.phone ?? '—'}</Fact>
          <Fact label={t('vendors.detail.website')}>
            {detail.website ? (
              <Anchor href={detail.website} target="_blank" rel="noopener noreferrer nofollow" size="sm">
                {detail.website}
              </Anchor>
            ) : (
              '—'
            )}
          </Fact>
          <Fact label={t('vendors.detail.trades')}>{list(detail.trades, 'forms.vendor.trade')}</Fact>
          <Fact label={t('vendors.detail.countries')}>{list(detail.serviceCountries, 'forms.vendor.country')}</Fact>
          <Fact label={t('vendors.detail.states')}>{list(detail.serviceStates, null)}</Fact>
          <Fact label={t('vendors.detail.applied')}>{formatIsoDate(detail.createdAt, lang)}</Fact>
          <Fact label={t('vendors.detail.language')}>{t(`vendors.detail.languageName.${detail.locale === 'it' ? 'it' : 'en'}`)}</Fact>
        </SimpleGrid>
        {detail.notes && (
          <Stack gap={2} mt="md">
            <Text size="xs" c="dimmed">
              {t('vendors.detail.notes')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {detail.notes}
            </Text>
          </Stack>
        )}
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section id="insurance" title={t('vendors.detail.insurance')}>
          <Stack gap="sm">
            <VendorEligibilityBadge eligibility={detail.eligibility} />
            <Fact label={t('vendors.detail.insuranceExpiry')} testId="vendor-insurance-expiry">
              {detail.insuranceExpiry ? formatIsoDate(detail.insuranceExpiry, lang) : '—'}
            </Fact>
            <Text size="xs" c="dimmed" data-testid="vendor-insurance-verified">
              {detail.insuranceVerifiedAt
                ? t('vendors.detail.insuranceVerifiedBy', {
                    date: formatDateTime(detail.insuranceVerifiedAt, lang),
                    name: detail.insuranceVerifiedByName ?? '—',
                  })
                : t('vendors.detail.insuranceDeclared')}
            </Text>
          </Stack>
        </Section>
        <Section id="work" title={t('vendors.detail.work')}>
          <Stack gap="sm">
            <VendorRating average={detail.ratingAverage} count={detail.ratingCount} />
            <SimpleGrid cols={3} spacing="md">
              <Fact label={t('vendors.detail.workTotal')} testId="vendor-work-total">
                {formatNumber(detail.workOrders.total, lang)}
              </Fact>
              <Fact label={t('vendors.detail.workOpen')}>{formatNumber(detail.workOrders.open, lang)}</Fact>
              <Fact label={t('vendors.detail.workCompleted')}>{formatNumber(detail.workOrders.completed, lang)}</Fact>
            </SimpleGrid>
          </Stack>
        </Section>
      </SimpleGrid>
      <Section id="documents" title={t('vendors.detail.documents')}>
        <VendorDocumentsTable
          documents={detail.documents}
          today={today}
          action={(doc) => (pendingCoi(doc) ? <VerifyDocumentButton documentId={doc.id} result={result} /> : null)}
        />
      </Section>
    </Stack>
  );
}
