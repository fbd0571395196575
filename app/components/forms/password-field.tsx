/**
 * A password input with a keyboard-reachable show/hide toggle (spec §2 /auth/forgot: "each with
 * a show/hide toggle"), labelled in the visitor's language. Takes every Mantine PasswordInput
 * prop.
 */
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { MAX_PASSWORD_LENGTH } from '~/lib/constants';

export function PasswordField(props: PasswordInputProps & { name: string }) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      maxLength={MAX_PASSWORD_LENGTH}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('auth.fields.togglePassword') }}
      {...props}
    />
  );
}
