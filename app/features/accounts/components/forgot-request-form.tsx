/**
 * Request mode of /auth/forgot (spec §2, §4 "Password reset", §5): an e-mail field (type email,
 * required), "Send Reset Email" and "Back to Sign In". Success shows "Password reset email
 * sent! Please check your inbox and spam folder." in a green alert, the same for every address;
 * an empty address shows "Please enter your email address" in a red alert (spec §8).
 */
import { Group, Stack, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { BackLink } from '~/components/back-link';
import { ErrorAlert, SuccessAlert } from '~/components/status-alerts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { TEXT_LIMITS, type FieldErrors } from '~/lib/form-fields';
import { AuthForm } from './auth-form';

/** What the /auth/forgot action answers to a reset request. */
export type ForgotRequestResult =
  { ok: true; intent: 'request' } | { ok: false; intent: 'request'; errors: FieldErrors<'email'>; values: { email: string } };

type Props = {
  result: ForgotRequestResult | undefined;
  /** Show the success message (a no-JavaScript submission landed on `?sent=1`). */
  sent: boolean;
  /** The inline text of a rate-limit refusal, if any. */
  rateLimitMessage: string | null;
};

export function ForgotRequestForm({ result, sent, rateLimitMessage }: Props) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [formKey, setFormKey] = useState(0);
  const failed = result && !result.ok ? result : undefined;
  const error = failed ? (failed.errors.email ?? failed.errors.form ?? t('common.form.fixErrors')) : null;

  useEffect(() => {
    if (!result) return;
    if (result.ok) setFormKey((key) => key + 1);
    else formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [result]);

  return (
    <Stack gap="md">
      {(sent || result?.ok) && (
        <SuccessAlert title={t('auth.forgot.sentTitle')} role="status" data-testid="forgot-sent">
          {t('auth.forgot.sent')}
        </SuccessAlert>
      )}
      {rateLimitMessage && <ErrorAlert data-testid="forgot-rate-limited">{rateLimitMessage}</ErrorAlert>}
      {error && (
        <ErrorAlert title={t('auth.forgot.failedTitle')} data-testid="forgot-error">
          {error}
        </ErrorAlert>
      )}
      <AuthForm
        key={formKey}
        intent="request"
        texts="auth.forgot"
        icon={IconMailForward}
        testId="forgot-form"
        formRef={formRef}
        noValidate={false}
      >
        <TextInput
          name="email"
          type="email"
          label={t('auth.forgot.email')}
          autoComplete="email"
          inputMode="email"
          required
          maxLength={TEXT_LIMITS.email}
          defaultValue={failed?.values.email ?? ''}
          error={Boolean(failed?.errors.email)}
        />
      </AuthForm>
      <Group justify="center">
        <BackLink to="/auth" data-testid="back-to-sign-in">
          {t('auth.forgot.back')}
        </BackLink>
      </Group>
    </Stack>
  );
}
