/**
 * Reset mode of /auth/forgot (spec §2, §4 "Password reset", §5, §8): new password and
 * confirmation, each with a show/hide toggle; the live hint "Passwords match" / "Passwords do
 * not match" once the confirmation has text; a strength meter (decision 023); "Update Password", disabled while busy, while the
 * passwords differ or while the password is shorter than 8 characters (`canSubmitReset`). The
 * server checks the same rules again. Also the two outcomes: `ResetDone` (green alert, then
 * /auth after 2 s) and `InvalidResetLink` (red alert and a link to request a new one).
 */
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconKey, IconRefresh } from '@tabler/icons-react';
import { ErrorAlert, FormRefusal, SuccessAlert } from '~/components/status-alerts';
import { useEffect, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Link, useNavigate } from 'react-router';
import type { FieldErrors } from '~/lib/form-fields';
import { canSubmitReset } from '../accounts.schemas';
import { NewPasswordPair, type PasswordPair } from '~/components/forms/new-password-pair';
import { useIntentBusy } from '~/components/forms/use-intent-busy';
import { AuthForm } from './auth-form';

/** spec §9: the redirect to /auth follows a successful password update after 2000 ms. */
export const RESET_REDIRECT_MS = 2000;

/** What the /auth/forgot action answers to a new password. */
export type ResetResult =
  | { ok: true; intent: 'reset' }
  | { ok: false; intent: 'reset'; reason?: 'invalid_token'; errors: FieldErrors<'password' | 'confirmPassword' | 'token'> };

type Props = {
  /** The reset token from the e-mail link. */
  token: string;
  result: Extract<ResetResult, { ok: false }> | undefined;
  /** The inline text of a rate-limit refusal, if any. */
  rateLimitMessage: string | null;
};

export function ResetPasswordForm({ token, result, rateLimitMessage }: Props) {
  const { t } = useTranslation();
  const busy = useIntentBusy('reset');
  const [pair, setPair] = useState<PasswordPair>({ password: '', confirmPassword: '' });
  // Before hydration the button stays enabled, so the form also works without JavaScript.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const errors = result?.errors ?? {};
  const error = errors.form ?? errors.password ?? errors.confirmPassword ?? errors.token;
  const disabled = hydrated && !canSubmitReset({ ...pair, busy });

  return (
    <Stack gap="md">
      <FormRefusal rateLimitMessage={rateLimitMessage} failure={error} title={t('auth.reset.failedTitle')} testIdPrefix="reset" />
      <AuthForm intent="reset" texts="auth.reset" icon={IconKey} hidden={{ token }} testId="reset-form" disabled={disabled}>
        <NewPasswordPair
          value={pair}
          onChange={setPair}
          labels={{ password: t('auth.reset.password'), confirmPassword: t('auth.reset.confirmPassword') }}
          errors={errors}
        />
      </AuthForm>
    </Stack>
  );
}

/** The green "Password updated successfully!…" alert; goes to /auth after 2 s (spec §4, §9). */
export function ResetDone() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate('/auth'), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <Stack gap="md">
      <SuccessAlert title={t('auth.reset.successTitle')} role="status" data-testid="reset-done">
        {t('auth.reset.success')}
        <Text size="sm" mt={4}>
          {t('auth.reset.redirecting')}
        </Text>
      </SuccessAlert>
      <Button component={Link} to="/auth" fullWidth>
        {t('auth.reset.goToSignIn')}
      </Button>
    </Stack>
  );
}

/** A missing, unknown, expired or used reset link: red alert and a way to ask for a new one. */
export function InvalidResetLink() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <ErrorAlert title={t('auth.reset.failedTitle')} data-testid="reset-invalid">
        {t('auth.reset.errors.invalidToken')}
      </ErrorAlert>
      <Button component={Link} to="/auth/forgot" leftSection={<IconRefresh size={16} aria-hidden />} fullWidth>
        {t('auth.reset.requestNew')}
      </Button>
      <Group justify="center">
        <Anchor component={Link} to="/auth" size="sm">
          {t('auth.forgot.back')}
        </Anchor>
      </Group>
    </Stack>
  );
}
