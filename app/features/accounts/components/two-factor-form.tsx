/**
 * The second step of sign-in on /auth (decision 023): after a right password, an account with
 * two-factor sign-in enters a six-digit code from its authenticator app, or one of its backup
 * codes (used up once accepted). A real `<Form method="post">` (`intent=two-factor`), so it works
 * without JavaScript; "Cancel" drops the pending challenge and shows the password step again.
 */
import { Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { ErrorAlert } from '~/components/status-alerts';
import { useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';
import { AuthForm } from './auth-form';

type Props = {
  /** Where to go once signed in (a same-site path). */
  redirectTo: string;
  /** The error of the last attempt, already translated. */
  error: string | null;
  /** The inline text of a rate-limit refusal, if any. */
  rateLimitMessage: string | null;
};

export function TwoFactorForm({ redirectTo, error, rateLimitMessage }: Props) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<'totp' | 'backup_code'>('totp');
  return (
    <Stack gap="md" data-testid="two-factor-step">
      <Group gap="xs">
        <IconShieldLock size={22} aria-hidden />
        <Title order={2} size="h3">
          {t('auth.twoFactor.title')}
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        {method === 'totp' ? t('auth.twoFactor.totpHelp') : t('auth.twoFactor.backupHelp')}
      </Text>
      {rateLimitMessage && <ErrorAlert data-testid="two-factor-rate-limited">{rateLimitMessage}</ErrorAlert>}
      <AuthForm intent="two-factor" texts="auth.twoFactor" icon={IconShieldLock} hidden={{ redirectTo }} testId="two-factor-form">
        <SegmentedControl
          name="method"
          value={method}
          onChange={(value) => setMethod(value === 'backup_code' ? 'backup_code' : 'totp')}
          data={[
            { value: 'totp', label: t('auth.twoFactor.methods.totp') },
            { value: 'backup_code', label: t('auth.twoFactor.methods.backup_code') },
          ]}
          aria-label={t('auth.twoFactor.methods.label')}
          data-testid="two-factor-method"
        />
        <TextInput
          key={method}
          name="code"
          label={method === 'totp' ? t('auth.twoFactor.codeLabel') : t('auth.twoFactor.backupLabel')}
          autoComplete="one-time-code"
          inputMode={method === 'totp' ? 'numeric' : 'text'}
          maxLength={40}
          required
          autoFocus
          error={error}
          data-testid="two-factor-code"
        />
      </AuthForm>
      <Form method="post">
        <input type="hidden" name="intent" value="two-factor-cancel" />
        <Button type="submit" variant="subtle" size="xs" data-testid="two-factor-cancel">
          {t('auth.twoFactor.cancel')}
        </Button>
      </Form>
    </Stack>
  );
}
