/**
 * The form of /account/password (decision 023): current password, new password with the strength
 * meter, confirmation with the live "Passwords match" hint. When the account's password failed
 * the policy at sign-in, a notice says why the change is required. Posts `intent=change`; works
 * without JavaScript.
 */
import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { FormRefusal } from '~/components/status-alerts';
import { useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import type { FieldErrors } from '~/lib/form-fields';
import { NewPasswordPair, type PasswordPair } from '~/components/forms/new-password-pair';
import { PasswordField } from '~/components/forms/password-field';
import { AuthForm } from './auth-form';

/** What the /account/password action answers on failure. */
export type ChangeFailure = { ok: false; intent: 'change'; errors: FieldErrors<'currentPassword' | 'password' | 'confirmPassword'> };

type Props = {
  /** The change is required (weak password at sign-in) rather than chosen. */
  required: boolean;
  /** Where to go after the change (a safe, same-site path). */
  redirectTo: string;
  result: ChangeFailure | undefined;
  /** The inline text of a rate-limit refusal, if any. */
  rateLimitMessage: string | null;
};

export function ChangePasswordForm({ required, redirectTo, result, rateLimitMessage }: Props) {
  const { t } = useTranslation();
  const [pair, setPair] = useState<PasswordPair>({ password: '', confirmPassword: '' });
  const errors = result?.errors ?? {};
  const formError = errors.form ?? errors.password ?? errors.confirmPassword;

  return (
    <Stack gap="md">
      {required && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle aria-hidden />}
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          title={t('auth.change.requiredTitle')}
          data-testid="password-change-required"
        >
          {t('auth.change.required')}
        </Alert>
      )}
      <FormRefusal rateLimitMessage={rateLimitMessage} failure={formError} title={t('auth.change.failedTitle')} testIdPrefix="change" />
      <AuthForm intent="change" texts="auth.change" icon={IconKey} hidden={{ redirectTo }} testId="change-password-form">
        <PasswordField
          name="currentPassword"
          label={t('auth.change.currentPassword')}
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <NewPasswordPair
          value={pair}
          onChange={setPair}
          labels={{ password: t('auth.change.password'), confirmPassword: t('auth.change.confirmPassword') }}
          errors={errors}
        />
      </AuthForm>
    </Stack>
  );
}
