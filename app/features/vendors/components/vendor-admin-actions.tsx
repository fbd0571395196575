/**
 * The staff commands on one vendor (decision 030): approve; reject or suspend with a
 * reason the vendor is e-mailed; reinstate; resend the invitation; verify a certificate of
 * insurance. Plain `<Form method="post">` forms: they work without JavaScript (the page answers
 * with a 303 back), and with it the page re-renders; each form shows its own refusal
 * (`useActionResult`, decision 037) and the page shows the success toast (a command's form may be
 * gone once it succeeded).
 */
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { IconCheck, IconMailForward, IconPlayerPause, IconPlayerPlay, IconShieldCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';
import { VENDOR_REASON_MAX, type VendorAdminActionResult, type VendorAdminIntent } from '../vendor-admin.types';
import { useActionResult } from '~/components/forms/use-action-result';

type Props = { result: VendorAdminActionResult | undefined };

const ICONS: Record<VendorAdminIntent, ReactNode> = {
  approve: <IconCheck size={16} aria-hidden />,
  reject: <IconX size={16} aria-hidden />,
  suspend: <IconPlayerPause size={16} aria-hidden />,
  reinstate: <IconPlayerPlay size={16} aria-hidden />,
  'resend-invitation': <IconMailForward size={16} aria-hidden />,
  'verify-document': <IconShieldCheck size={16} aria-hidden />,
};

/** A one-button command (approve, reinstate, resend the invitation). */
export function VendorCommandButton({
  intent,
  result,
  variant = 'filled',
}: Props & { intent: 'approve' | 'reinstate' | 'resend-invitation'; variant?: 'filled' | 'default' }) {
  const { t } = useTranslation();
  const { failed, busy, formRef, formKey } = useActionResult(result, { intent, toast: false });
  return (
    <Form method="post" preventScrollReset ref={formRef} key={formKey} data-testid={`vendor-form-${intent}`}>
      <input type="hidden" name="intent" value={intent} />
      <Stack gap="xs">
        {failed?.errors.form && (
          <Alert color="red" role="alert" data-testid={`vendor-${intent}-error`}>
            {failed.errors.form}
          </Alert>
        )}
        <Group>
          <Button type="submit" variant={variant} loading={busy} leftSection={ICONS[intent]} data-testid={`vendor-${intent}`}>
            {t(`vendors.actions.${intent}.submit`)}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** Reject (pending) or suspend (approved), with the reason told to the vendor. */
export function VendorReasonForm({ intent, result }: Props & { intent: 'reject' | 'suspend' }) {
  const { t } = useTranslation();
  const { failed, busy, formRef, formKey } = useActionResult(result, { intent, toast: false });
  return (
    <Form method="post" preventScrollReset ref={formRef} key={formKey} data-testid={`vendor-form-${intent}`} noValidate>
      <input type="hidden" name="intent" value={intent} />
      <Stack gap="xs">
        {failed?.errors.form && (
          <Alert color="red" role="alert" data-testid={`vendor-${intent}-error`}>
            {failed.errors.form}
          </Alert>
        )}
        <Textarea
          name="reason"
          label={t(`vendors.actions.${intent}.reason`)}
          description={t(`vendors.actions.${intent}.reasonHint`)}
          required
          maxLength={VENDOR_REASON_MAX}
          autosize
          minRows={2}
          defaultValue={typeof failed?.values?.reason === 'string' ? failed.values.reason : ''}
          error={failed?.errors.reason}
          data-testid={`vendor-${intent}-reason`}
        />
        <Group>
          <Button type="submit" color="red.8" variant="outline" loading={busy} leftSection={ICONS[intent]} data-testid={`vendor-${intent}`}>
            {t(`vendors.actions.${intent}.submit`)}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** "Verify" on one certificate of insurance: it becomes the vendor's insurance. */
export function VerifyDocumentButton({ documentId, result }: Props & { documentId: number }) {
  const { t } = useTranslation();
  const { failed, busy, formRef, formKey } = useActionResult(result, {
    intent: 'verify-document',
    key: String(documentId),
    keyField: 'documentId',
    toast: false,
  });
  return (
    <Form method="post" preventScrollReset ref={formRef} key={formKey} data-testid="vendor-form-verify-document">
      <input type="hidden" name="intent" value="verify-document" />
      <input type="hidden" name="documentId" value={documentId} />
      <Button
        type="submit"
        size="xs"
        variant="light"
        loading={busy}
        leftSection={ICONS['verify-document']}
        data-testid="vendor-verify-document"
      >
        {t('vendors.actions.verify-document.submit')}
      </Button>
      {failed?.errors.form && failed.values?.documentId === String(documentId) && (
        <Alert color="red" role="alert" mt="xs" p="xs" data-testid="vendor-verify-document-error">
          {failed.errors.form}
        </Alert>
      )}
    </Form>
  );
}
