/**
 * A new-password input with the strength meter under it (decision 023), for the registration, reset
 * and change forms. Controlled when `value`/`onChange` are given, else it keeps its own state;
 * either way the form posts the field as usual (works without JavaScript, minus the meter).
 */
import { Stack, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '~/lib/constants';
import { PasswordField } from './password-field';
import { PasswordStrength } from './password-strength';

type Props = Omit<PasswordInputProps, 'value' | 'onChange'> & {
  name: string;
  value?: string;
  onChange?: (value: string) => void;
};

export function NewPasswordField({ value, onChange, ...props }: Props) {
  const [own, setOwn] = useState('');
  const password = value ?? own;
  return (
    <Stack gap={6}>
      <PasswordField
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        {...props}
        value={password}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setOwn(next);
          onChange?.(next);
        }}
      />
      <PasswordStrength password={password} />
    </Stack>
  );
}
