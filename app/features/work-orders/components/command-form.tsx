/**
 * What the work-order command forms of staff and vendor share (decision 029; the page protocol of
 * decision 037): `IntentForm`, a plain `<Form method="post">` carrying its `intent` in a hidden
 * field, wired to its `useActionResult` (focus on the first invalid field, no scroll jump);
 * `StackedIntentForm`, the same with its fields stacked above one submit button; `CommandCard`,
 * the card a command sits in; `useCommandResult`, a form's slice of the page's answer; and
 * `ReasonField`, the required reason a decline, a reassignment or a cancellation gives.
 */
import { Alert, Group, Paper, Stack, Textarea, Title, type MantineSpacing } from '@mantine/core';
import type { ComponentProps, ReactNode, Ref } from 'react';
import { Form, type FormProps } from 'react-router';
import { SubmitButton } from '~/components/icon-button';
import { useActionResult } from '~/components/forms/use-action-result';
import type { CommandResult } from '../work-orders.types';
import { REASON_MAX } from '../work-orders.schemas';
import { WORK_ORDERS_TOAST } from './work-orders-toast';

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
 * An `IntentForm` whose `children` (its fields) stack with a small gap above its one submit
 * button (`submit`: the `SubmitButton`'s props); `mt` spaces the stack from what comes before.
 */
export function StackedIntentForm({
  submit,
  mt,
  children,
  ...formProps
}: IntentFormProps & { submit: ComponentProps<typeof SubmitButton>; mt?: MantineSpacing }) {
  return (
    <IntentForm {...formProps}>
      <Stack gap="xs" mt={mt}>
        {children}
        <Group>
          <SubmitButton {...submit} />
        </Group>
      </Stack>
    </IntentForm>
  );
}

/**
 * The card of one command: a `<section>` named by its `title` heading, an `intro` (what the
 * command does), the refusal of its last post (`error`, with `errorTestId`), then `children`.
 * With `titleId` the section points at the heading (`aria-labelledby`); without, it carries the
 * title as its `aria-label`.
 */
export function CommandCard({
  title,
  titleId,
  testId,
  error,
  errorTestId,
  intro,
  children,
}: {
  title: string;
  titleId?: string;
  testId: string;
  error?: string;
  errorTestId?: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const name = titleId ? { 'aria-labelledby': titleId } : { 'aria-label': title };
  return (
    <Paper withBorder p="md" component="section" {...name} data-testid={testId}>
      <Title order={3} size="h5" id={titleId} mb="sm">
        {title}
      </Title>
      {intro}
      {error && (
        <Alert color="red" role="alert" mb="sm" data-testid={errorTestId}>
          {error}
        </Alert>
      )}
      {children}
    </Paper>
  );
}

/** `useActionResult` for the work-order command `intent` of a page's `result`, with the work-orders toast. */
export function useCommandResult<Intent extends string>(result: CommandResult<Intent> | undefined, intent: Intent) {
  return useActionResult(result, { intent, toast: WORK_ORDERS_TOAST });
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
