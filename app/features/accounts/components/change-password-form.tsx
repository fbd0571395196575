/**
 * The form of /account/password (decision 023): current password, new password with the strength
 * meter, confirmation with the live "Passwords match" hint. When the account's password failed
 * the policy at sign-in, a notice says why the change is required. Posts `intent=change`; works
 * without JavaScript.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCheck, IconKey, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';
import type { FieldErrors } from '~/lib/form-fields';
import { NewPasswordField } from '~/components/forms/new-password-field';
import { PasswordField } from '~/components/forms/password-field';
import { useIntentBusy } from '~/components/forms/use-intent-busy';

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
  const busy = useIntentBusy('change');
  const hintId = useId();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const errors = result?.errors ?? {};
  const formError = errors.form ?? errors.password ?? errors.confirmPassword;
  const matches = password === confirmPassword;

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
      {rateLimitMessage && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="change-rate-limited">
          {rateLimitMessage}
        </Alert>
      )}
      {formError && !rateLimitMessage && (
        <Alert
          color="red"
          icon={<IconAlertCircle aria-hidden />}
          title={t('auth.change.failedTitle')}
          role="alert"
          data-testid="change-error"
        >
          {formError}
        </Alert>
      )}
      <Form method="post" noValidate data-testid="change-password-form" aria-label={t('auth.change.title')}>
        <input type="hidden" name="intent" value="change" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Stack gap="sm">
          <PasswordField
            name="currentPassword"
            label={t('auth.change.currentPassword')}
            autoComplete="current-password"
            required
            error={errors.currentPassword}
          />
          <NewPasswordField
            name="password"
            label={t('auth.change.password')}
            description={t('auth.register.passwordHint')}
            required
            value={password}
            onChange={setPassword}
            error={Boolean(errors.password || errors.form)}
          />
          <PasswordField
            name="confirmPassword"
            label={t('auth.change.confirmPassword')}
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.currentTarget.value)}
            error={Boolean(errors.confirmPassword || errors.form)}
            aria-describedby={hintId}
          />
          <Text id={hintId} size="sm" aria-live="polite" c={matches ? 'teal' : 'red'} data-testid="password-match-hint" mih={22}>
            {confirmPassword !== '' && (
              <Group gap={4} component="span">
                {matches ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
                {matches ? t('auth.reset.match') : t('auth.reset.mismatch')}
              </Group>
            )}
          </Text>
          <Button type="submit" loading={busy} leftSection={<IconKey size={16} aria-hidden />} fullWidth>
            {t('auth.change.submit')}
          </Button>
        </Stack>
      </Form>
    </Stack>
  );
}
