/**
 * The staff lease page (decision 022), for admins (`/admin/leases/:id`) and the
 * building's manager (`/dashboard/leases/:id`): a header with the status, the unit, term, rent,
 * deposit and amount due at signing, the PDF download; the signers with their signature
 * fingerprints; the steps the status allows; the ledger once the lease is active; and the lease
 * text as the PDF prints it. Outcomes show as alerts (refusals in red, done in teal).
 */
import { Alert, Anchor, Button, DataList, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconFileTypePdf } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { SignedInPageHeader } from '~/components/page-header';
import { BackLink } from '~/components/back-link';
import { formatCents, formatDateTime, formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { LeaseStaffActionResult, LeaseStaffPageData } from '../lease-staff.page.server';
import { LeaseDocumentView } from './lease-document-view';
import { LeaseLedgerTable } from './lease-ledger-table';
import { LeaseSignersTable } from './lease-signers-table';
import { LeaseStaffActions } from './lease-staff-actions';
import { LeaseStatusBadge } from './lease-status-badge';
import { SectionCard } from '~/components/section-card';

type Props = { page: LeaseStaffPageData; result: LeaseStaffActionResult | undefined };

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <SectionCard titleId={`${id}-title`} title={title} titleSize="h4" titleMb="md" p={{ base: 'md', sm: 'lg' }} id={id}>
      {children}
    </SectionCard>
  );
}

export function LeaseStaffPage({ page, result }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { lease, base } = page;
  const admin = base === '/admin/leases';
  // Ending a lease (deposit statement) happens on the tenant's page.
  const primaryTenantId = lease.signers.find((s) => s.role === 'primary')?.userId ?? null;
  const money = (cents: number) => formatCents(cents, lang);
  const alertRef = useRef<HTMLDivElement>(null);
  const error = result && !result.ok ? (result.errors.form ?? null) : null;
  const doneIntent = result?.ok ? result.intent : page.done;
  // Screen-reader and keyboard users hear the outcome of what they just posted.
  useEffect(() => {
    if (error || doneIntent) alertRef.current?.focus();
  }, [error, doneIntent, result]);

  const unitHref = lease.buildingId
    ? admin
      ? `/admin/properties/${lease.buildingId}/units/${lease.unitId}`
      : `/dashboard/buildings/${lease.buildingId}/units/${lease.unitId}`
    : null;
  const facts: [string, ReactNode][] = [
    [t('leases.page.status'), <LeaseStatusBadge key="s" status={lease.status} />],
    [
      t('leases.page.unit'),
      unitHref ? (
        <Anchor component={Link} to={unitHref}>
          {lease.unitLabel}
        </Anchor>
      ) : (
        lease.unitLabel
      ),
    ],
    [
      t('leases.page.dates'),
      t('leases.page.dateRange', { start: formatIsoDate(lease.startDate, lang), end: formatIsoDate(lease.endDate, lang) }),
    ],
    [t('leases.page.rent'), money(lease.monthlyRentCents)],
    [t('leases.page.deposit'), money(lease.depositCents)],
    [t('leases.page.dueAtSigning'), money(lease.dueAtSigningCents)],
  ];
  if (lease.sentAt) facts.push([t('leases.page.sentAt'), formatDateTime(lease.sentAt, lang)]);
  if (lease.signBy && (lease.status === 'sent' || lease.status === 'draft'))
    facts.push([t('leases.page.signBy'), formatDateTime(lease.signBy, lang)]);
  if (lease.countersignedAt) facts.push([t('leases.page.countersignedAt'), formatDateTime(lease.countersignedAt, lang)]);
  if (lease.moveOutDate) facts.push([t('leases.page.moveOut'), formatIsoDate(lease.moveOutDate, lang)]);
  if (lease.renewalOfId) {
    facts.push([
      t('leases.page.renewalOf'),
      <Anchor key="r" component={Link} to={`${base}/${lease.renewalOfId}`}>
        {t('leases.page.renewalOfLink', { id: lease.renewalOfId })}
      </Anchor>,
    ]);
  }

  return (
    <Stack gap="lg" data-testid="lease-staff-page" data-status={lease.status}>
      <BackLink to={admin ? '/admin/applications' : '/dashboard'} labelAs="div">
        {admin ? t('leases.page.backAdmin') : t('leases.page.backDashboard')}
      </BackLink>
      <SignedInPageHeader
        title={t('leases.page.title', { id: lease.id })}
        subtitle={`${lease.unitLabel} · ${lease.address}, ${lease.city}, ${lease.state}`}
        actions={
          <Group gap="xs">
            <Button
              component="a"
              href={`${base}/${lease.id}/pdf`}
              variant="default"
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              data-testid="lease-pdf"
            >
              {t('leases.page.downloadPdf')}
            </Button>
            {lease.status === 'active' && primaryTenantId && (
              <Button
                component={Link}
                to={`${admin ? '/admin' : '/dashboard'}/tenants/${primaryTenantId}`}
                variant="default"
                data-testid="lease-end-link"
              >
                {t('leases.page.endLease')}
              </Button>
            )}
          </Group>
        }
      />
      <div ref={alertRef} tabIndex={-1} aria-live="polite">
        {error && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            title={t('leases.errors.title')}
            data-testid="lease-error"
          >
            {error}
          </Alert>
        )}
        {!error && doneIntent && (
          <Alert color="teal" variant="light" icon={<IconCheck aria-hidden />} data-testid="lease-done">
            {t(`leases.done.${doneIntent}`)}
          </Alert>
        )}
      </div>
      {lease.status === 'draft' && lease.signBy && (
        <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden />} data-testid="lease-lapsed">
          {t('leases.page.lapsed', { date: formatDateTime(lease.signBy, lang) })}
        </Alert>
      )}
      <Section id="lease-facts" title={t('leases.page.facts')}>
        <DataList labelWidth={170}>
          {facts.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>
      </Section>
      <Section id="lease-signers" title={t('leases.signers.title')}>
        <LeaseSignersTable signers={lease.signers} />
      </Section>
      <Section id="lease-actions" title={t('leases.actions.title')}>
        <LeaseStaffActions lease={lease} maxSigners={page.maxSigners} result={result} />
      </Section>
      {page.ledger && (
        <Section id="lease-ledger" title={t('leases.ledger.title')}>
          <LeaseLedgerTable ledger={page.ledger} balance={page.balance} />
        </Section>
      )}
      <Stack gap="xs" component="section" aria-label={t('leases.page.documentTitle')}>
        {page.document ? (
          <LeaseDocumentView document={page.document} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('leases.page.documentMissing')}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
