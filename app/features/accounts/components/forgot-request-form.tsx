/**
 * Request mode of /auth/forgot (spec §2, §4 "Password reset", §5): an e-mail field (type email,
 * required), "Send Reset Email" and "Back to Sign In". Success shows "Password reset email
 * sent! Please check your inbox and spam folder." in a green alert, the same for every address;
 * an empty address shows "Please enter your email address" in a red alert (spec §8).
 */
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconArrowLeft, IconMailForward } from '@tabler/icons-react';
import { ErrorAlert, SuccessAlert } from '~/components/status-alerts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Form, Link } from 'react-router';
import { TEXT_LIMITS, type FieldErrors } from '~/lib/form-fields';
import { useIntentBusy } from '~/components/forms/use-intent-busy';

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
  const busy = useIntentBusy('request');
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
      <Form method="post" ref={formRef} key={formKey} data-testid="forgot-form" aria-label={t('auth.forgot.title')}>
        <input type="hidden" name="intent" value="request" />
        <Stack gap="sm">
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
          <Button type="submit" loading={busy} leftSection={<IconMailForward size={16} aria-hidden />} fullWidth>
            {t('auth.forgot.submit')}
          </Button>
        </Stack>
      </Form>
      <Group justify="center">
        <Anchor component={Link} to="/auth" size="sm" data-testid="back-to-sign-in">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t('auth.forgot.back')}
          </Group>
        </Anchor>
      </Group>
    </Stack>
  );
}
