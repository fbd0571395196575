/**
 * The frame the /auth, /auth/forgot, /auth/reset and /account/password forms share: a real
 * `<Form method="post">` (works without JavaScript, decision 004) that posts its `intent` and
 * any other hidden fields, then the fields and one full-width submit button with an icon, busy
 * while this intent is being submitted.
 */
import { Button, Stack } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { Form } from 'react-router';
import { useIntentBusy } from '~/components/forms/use-intent-busy';
import { useTranslation } from '~/lib/i18n';

type Props = {
  /** The command the form posts (`intent`). */
  intent: string;
  /** The form's texts: `<texts>.title` names the form, `<texts>.submit` labels the button. */
  texts: `auth.${string}`;
  /** The submit button's icon. */
  icon: Icon;
  /** Other hidden fields, by name (e.g. `redirectTo`, `token`), posted in this order. */
  hidden?: Record<string, string>;
  testId: string;
  formRef?: Ref<HTMLFormElement>;
  /** Browser validation stays off unless `false`: the server's messages show beside the fields. */
  noValidate?: boolean;
  /** Disables the submit button (e.g. until the new passwords match). */
  disabled?: boolean;
  /** Space above the submit button (Mantine spacing). */
  submitMt?: string;
  /** The fields, above the submit button. */
  children: ReactNode;
};

export function AuthForm({
  intent,
  texts,
  icon: SubmitIcon,
  hidden = {},
  testId,
  formRef,
  noValidate = true,
  disabled,
  submitMt,
  children,
}: Props) {
  const { t } = useTranslation();
  const busy = useIntentBusy(intent);
  return (
    <Form method="post" ref={formRef} noValidate={noValidate} data-testid={testId} aria-label={t(`${texts}.title`)}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Stack gap="sm">
        {children}
        <Button type="submit" loading={busy} disabled={disabled} leftSection={<SubmitIcon size={16} aria-hidden />} fullWidth mt={submitMt}>
          {t(`${texts}.submit`)}
        </Button>
      </Stack>
    </Form>
  );
}
