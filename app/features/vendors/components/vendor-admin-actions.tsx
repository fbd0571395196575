/**
 * The staff commands on one vendor (decision 030): approve; reject or suspend with a
 * reason the vendor is e-mailed; reinstate; resend the invitation; verify a certificate of
 * insurance. Plain `<Form method="post">` forms: they work without JavaScript (the page answers
 * with a 303 back), and with it the page re-renders; each form shows its own refusal
 * (`useActionResult`, decision 037) and the page shows the success toast (a command's form may be
 * gone once it succeeded).
 */
import { Alert, Group, Stack, Textarea, type ButtonProps } from '@mantine/core';
import { IconCheck, IconMailForward, IconPlayerPause, IconPlayerPlay, IconShieldCheck, IconX, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { SubmitButton } from '~/components/icon-button';
import { Form } from 'react-router';
import { VENDOR_REASON_MAX, type VendorAdminActionResult, type VendorAdminIntent } from '../vendor-admin.types';
import { useActionResult } from '~/components/forms/use-action-result';

type Props = { result: VendorAdminActionResult | undefined };

const ICONS: Record<VendorAdminIntent, Icon> = {
  approve: IconCheck,
  reject: IconX,
  suspend: IconPlayerPause,
  reinstate: IconPlayerPlay,
  'resend-invitation': IconMailForward,
  'verify-document': IconShieldCheck,
};

type Outcome = ReturnType<typeof useActionResult<VendorAdminActionResult>>;

/**
 * The form of one command on the vendor: the hidden `intent`, the refusal of its last post, its
 * fields (`children`), then its submit button (`button`: its look) with the command's icon and text.
 */
function VendorCommandForm({
  intent,
  outcome,
  button,
  noValidate,
  children,
}: {
  intent: 'approve' | 'reinstate' | 'resend-invitation' | 'reject' | 'suspend';
  outcome: Outcome;
  button: Pick<ButtonProps, 'variant' | 'color'>;
  noValidate?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { failed, busy, formRef, formKey } = outcome;
  return (
    <Form method="post" preventScrollReset ref={formRef} key={formKey} data-testid={`vendor-form-${intent}`} noValidate={noValidate}>
      <input type="hidden" name="intent" value={intent} />
      <Stack gap="xs">
        {failed?.errors.form && (
          <Alert color="red" role="alert" data-testid={`vendor-${intent}-error`}>
            {failed.errors.form}
          </Alert>
        )}
        {children}
        <Group>
          <SubmitButton {...button} loading={busy} icon={ICONS[intent]} testId={`vendor-${intent}`}>
            {t(`vendors.actions.${intent}.submit`)}
          </SubmitButton>
        </Group>
      </Stack>
    </Form>
  );
}

/** A one-button command (approve, reinstate, resend the invitation). */
export function VendorCommandButton({
  intent,
  result,
  variant = 'filled',
}: Props & { intent: 'approve' | 'reinstate' | 'resend-invitation'; variant?: 'filled' | 'default' }) {
  const outcome = useActionResult(result, { intent, toast: false });
  return <VendorCommandForm intent={intent} outcome={outcome} button={{ variant }} />;
}

/** Reject (pending) or suspend (approved), with the reason told to the vendor. */
export function VendorReasonForm({ intent, result }: Props & { intent: 'reject' | 'suspend' }) {
  const { t } = useTranslation();
  const outcome = useActionResult(result, { intent, toast: false });
  const { failed } = outcome;
  return (
    <VendorCommandForm intent={intent} outcome={outcome} button={{ color: 'red.8', variant: 'outline' }} noValidate>
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
    </VendorCommandForm>
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
      <SubmitButton size="xs" variant="light" loading={busy} icon={ICONS['verify-document']} testId="vendor-verify-document">
        {t('vendors.actions.verify-document.submit')}
      </SubmitButton>
      {failed?.errors.form && failed.values?.documentId === String(documentId) && (
        <Alert color="red" role="alert" mt="xs" p="xs" data-testid="vendor-verify-document-error">
          {failed.errors.form}
        </Alert>
      )}
    </Form>
  );
}
