/**
 * What the work-order command forms of staff and vendor share (decision 029; the page protocol of
 * decision 037): `IntentForm`, a plain `<Form method="post">` carrying its `intent` in a hidden
 * field, wired to its `useActionResult` (focus on the first invalid field, no scroll jump); and
 * `ReasonField`, the required reason a decline, a reassignment or a cancellation gives.
 */
import { Textarea } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { Form, type FormProps } from 'react-router';
import { REASON_MAX } from '../work-orders.schemas';

type IntentFormProps = Omit<FormProps, 'method' | 'ref' | 'children'> & {
  /** The command, posted as the `intent` field. */
  intent: string;
  /** The form's `useActionResult(...).formRef`. */
  formRef: Ref<HTMLFormElement>;
  children: ReactNode;
};

/** A post form for one command: the hidden `intent`, then `children`; other props go to `<Form>`. */
export function IntentForm({ intent, formRef, children, ...formProps }: IntentFormProps) {
  return (
    <Form method="post" preventScrollReset ref={formRef} {...formProps}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

/**
 * The required `reason` text of a command (at most `REASON_MAX` characters): its `label`, what
 * the failed post typed (`value`) and the field's `error`.
 */
export function ReasonField({
  label,
  value,
  error,
}: {
  label: string;
  value: string | readonly string[] | undefined;
  error: string | undefined;
}) {
  return <Textarea name="reason" label={label} required maxLength={REASON_MAX} autosize minRows={2} defaultValue={value} error={error} />;
}
