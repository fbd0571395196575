/**
 * A new password and its confirmation (decision 023), for the reset and change-password forms:
 * the new-password field with its strength meter, the confirmation field, and the live
 * "Passwords match" / "Passwords do not match" hint the confirmation is described by. Controlled:
 * the form keeps both values (it may disable its button on them) and posts `password` and
 * `confirmPassword` as usual, so it works without JavaScript, minus the meter and the hint.
 */
import { Group, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from '~/lib/i18n';
import { NewPasswordField } from './new-password-field';
import { PasswordField } from './password-field';

/** The two values the pair edits. */
export type PasswordPair = { password: string; confirmPassword: string };

type Props = {
  value: PasswordPair;
  onChange: (next: PasswordPair) => void;
  /** Labels of the two fields (already translated). */
  labels: { password: string; confirmPassword: string };
  /** Server messages: any of them marks the fields invalid (the form shows the text in its alert). */
  errors: { password?: string; confirmPassword?: string; form?: string };
};

export function NewPasswordPair({ value, onChange, labels, errors }: Props) {
  const { t } = useTranslation();
  const hintId = useId();
  const { password, confirmPassword } = value;
  const matches = password === confirmPassword;
  return (
    <>
      <NewPasswordField
        name="password"
        label={labels.password}
        description={t('auth.register.passwordHint')}
        required
        value={password}
        onChange={(next) => onChange({ password: next, confirmPassword })}
        error={Boolean(errors.password || errors.form)}
      />
      <PasswordField
        name="confirmPassword"
        label={labels.confirmPassword}
        autoComplete="new-password"
        required
        value={confirmPassword}
        onChange={(event) => onChange({ password, confirmPassword: event.currentTarget.value })}
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
    </>
  );
}
