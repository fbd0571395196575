/**
 * The signing page body (decision 022): the lease as a page, the PDF link and fingerprint,
 * the signers, what is due at signing (paid first, on the provider's hosted checkout: decision
 * 049), and the signature form — typed full name and consent. Plain POSTs. The lease as a page is the
 * leases feature's view, which the route passes in (`documentView`): a feature does not import
 * another feature's components (decision 040).
 */
import { Alert, Anchor, Button, Card, Checkbox, Code, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconFileTypePdf } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Form, Link } from 'react-router';
import { TestModeNotice } from '~/components/test-mode-notice';
import type { Language } from '~/lib/constants';
import { formatCents, formatDateTime } from '~/lib/format';
import { useActionResult } from '~/components/forms/use-action-result';
import type { PortalActionResult } from '../portal.page.server';
import type { SignPageData } from '../sign-page.server';

export function SignLease({
  page,
  lang,
  documentView,
  action,
  signedNotice,
  testMode,
}: {
  page: SignPageData;
  lang: Language;
  /** The lease as a page (`page.document` in leases' `LeaseDocumentView`). */
  documentView: ReactNode;
  action: PortalActionResult | undefined;
  signedNotice: boolean;
  testMode: boolean;
}) {
  const { t } = useTranslation();
  // The outcome shows on the page (no toast); a rate-limit refusal shows the spec's toast.
  const { failed, errors, busy } = useActionResult(action, { toast: false, keepValues: true });
  // The form repeats no field: every echoed value is one string.
  const values = (failed?.values ?? {}) as Record<string, string>;
  const due = page.dueCents;
  return (
    <Stack gap="lg">
      <TestModeNotice testMode={testMode && due > 0} />
      {(signedNotice || action?.ok) && (
        <Alert color="teal" icon={<IconCheck size={18} aria-hidden />} role="status" data-testid="sign-notice">
          {(action?.ok ? action.message : undefined) ??
            t(page.lease.status === 'signed' ? 'tenantPortal.sign.doneAll' : 'tenantPortal.sign.done')}
        </Alert>
      )}
      {failed?.errors.form && (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" data-testid="sign-error">
          {failed.errors.form}
        </Alert>
      )}
      <Text>{t('tenantPortal.sign.intro')}</Text>
      <Group gap="md">
        <Anchor href={`/tenant-portal/leases/${page.lease.id}/pdf`} data-testid="sign-pdf-link">
          <IconFileTypePdf size={16} aria-hidden /> {t('tenantPortal.lease.leasePdf')}
        </Anchor>
        {/* A 64-character hash wraps anywhere rather than widen a phone's page. */}
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('tenantPortal.sign.fingerprint', { sha: '' })}
          <Code data-testid="document-sha">{page.documentSha256}</Code>
        </Text>
      </Group>
      <Card withBorder padding="lg">
        {documentView}
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="signers-title">
        <Title order={2} size="h3" id="signers-title" mb="xs">
          {t('tenantPortal.sign.signers')}
        </Title>
        <List data-testid="signers">
          {page.lease.signers.map((s) => (
            <List.Item key={s.id}>
              {s.signedAt
                ? t('tenantPortal.sign.signedBy', { name: s.name, date: formatDateTime(s.signedAt, lang) })
                : t('tenantPortal.sign.waiting', { name: s.name })}
            </List.Item>
          ))}
        </List>
      </Card>
      {page.expired && !page.signer.signedAt && (
        <Alert color="orange">
          {t('tenantPortal.sign.expiredNotice', { date: page.lease.signBy ? formatDateTime(page.lease.signBy, lang) : '' })}
        </Alert>
      )}
      {page.canSign && due > 0 && !page.duePaid && (
        <Card withBorder padding="lg" component="section" aria-labelledby="sign-pay-title" data-testid="sign-pay">
          <Form method="post">
            <Stack gap="sm">
              <Title order={2} size="h3" id="sign-pay-title">
                {t('tenantPortal.sign.payFirstTitle')}
              </Title>
              <Text>{t('tenantPortal.sign.payFirst', { amount: formatCents(due, lang) })}</Text>
              <Text size="xs" c="dimmed">
                {t(testMode ? 'tenantPortal.pay.hostedCardTest' : 'tenantPortal.pay.hostedCard')}
              </Text>
              <input type="hidden" name="intent" value="pay-signing" />
              <input type="hidden" name="key" value={failed?.nextKey ?? page.key} />
              <Group>
                <Button type="submit" loading={busy}>
                  {t('tenantPortal.sign.payFirstSubmit', { amount: formatCents(due, lang) })}
                </Button>
              </Group>
            </Stack>
          </Form>
        </Card>
      )}
      {page.canSign ? (
        <Card withBorder padding="lg" component="section" aria-labelledby="sign-title">
          <Form method="post" data-testid="sign-form">
            <Stack gap="sm">
              <Title order={2} size="h3" id="sign-title">
                {t('tenantPortal.sign.submit')}
              </Title>
              <input type="hidden" name="documentSha256" value={page.documentSha256} />
              {due > 0 && (
                <Text fw={600} data-testid="sign-due">
                  {t(page.duePaid ? 'tenantPortal.sign.duePaid' : 'tenantPortal.sign.due', { amount: formatCents(due, lang) })}
                </Text>
              )}
              <TextInput
                name="typedName"
                label={t('tenantPortal.sign.typedName')}
                description={t('tenantPortal.sign.typedNameHint', { name: page.signer.name })}
                autoComplete="name"
                maxLength={120}
                required
                defaultValue={values.typedName}
                error={errors.typedName}
                disabled={due > 0 && !page.duePaid}
              />
              <Checkbox
                name="consent"
                value="yes"
                label={t('tenantPortal.sign.consent')}
                required
                error={errors.consent}
                disabled={due > 0 && !page.duePaid}
              />
              <Group>
                <Button type="submit" loading={busy} disabled={due > 0 && !page.duePaid}>
                  {t('tenantPortal.sign.submit')}
                </Button>
                <Anchor component={Link} to="/tenant-portal" size="sm">
                  {t('tenantPortal.meta.title')}
                </Anchor>
              </Group>
            </Stack>
          </Form>
        </Card>
      ) : (
        !page.signer.signedAt && !page.expired && <Text c="dimmed">{t('tenantPortal.sign.notOpen')}</Text>
      )}
    </Stack>
  );
}
