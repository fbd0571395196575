/**
 * Fields the projects' forms share (decision 028): the staff's project form and the vendor's bid
 * form both take an amount in dollars and a long free text, and both refill what was typed when
 * the server refused the post (`typedValue`).
 */
import { Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

/** What the refused post typed in `name`, when it was text. */
export function typedValue(values: Record<string, unknown>, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

type FieldProps = { name: string; label: string; description: ReactNode; defaultValue: string; error: string | undefined };

/** A required amount in dollars (`12.50`): a decimal keyboard, no autofill, at most 20 characters. */
export function AmountField({ name, label, description, defaultValue, error }: FieldProps) {
  return (
    <TextInput
      name={name}
      label={label}
      description={description}
      required
      inputMode="decimal"
      autoComplete="off"
      maxLength={20}
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** A long free text of at most `maxLength` characters, growing from 3 to 10 rows. */
export function LongTextField({ name, label, description, maxLength, defaultValue, error }: FieldProps & { maxLength: number }) {
  return (
    <Textarea
      name={name}
      label={label}
      description={description}
      autosize
      minRows={3}
      maxRows={10}
      maxLength={maxLength}
      defaultValue={defaultValue}
      error={error}
    />
  );
}
