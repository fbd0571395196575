/**
 * The Sign In panel of /auth (spec §2, §4 "Session"): e-mail, password and the page to return
 * to. A real `<Form method="post">` posting `intent=sign-in`, so it works without JavaScript;
 * success is a redirect (the "Signed in successfully!" toast comes from the flash cookie). A
 * failure shows the spec's "Sign In Failed" toast (spec §8) and the same message inline.
 */
import { Anchor, Group, Stack } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { FormRefusal } from '~/components/status-alerts';
import { useRef } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import type { FieldErrors } from '~/lib/form-fields';
import { PasswordField } from '~/components/forms/password-field';
import { EmailField } from '~/components/forms/person-fields';
import { SwitchTabPrompt } from './switch-tab-prompt';
import { AuthForm } from './auth-form';
import { showFailureToast, useOnAnswer } from './use-answer-toast';

/** What the /auth action answers to a refused sign-in. */
export type SignInFailure = {
  ok: false;
  intent: 'sign-in';
  errors: FieldErrors<'email' | 'password'>;
  values: { email: string };
};

type Props = {
  /** The action's answer when it concerns this form. */
  result: SignInFailure | undefined;
  /** Where to go after signing in (a same-site path, from the loader). */
  redirectTo: string;
  /** E-mail to start with (e.g. the address just registered). */
  defaultEmail: string;
  /** The inline text of a rate-limit refusal of this form, if any. */
  rateLimitMessage: string | null;
  /** The link to the Register tab (works without JavaScript). */
  registerHref: string;
  /** Switches to the Register tab in place (with JavaScript). */
  onRegister: () => void;
};

/** One "Sign In Failed" toast at a time: a new failure replaces the last one. */
const FAILED_TOAST_ID = 'sign-in-failed';

export function SignInForm({ result, redirectTo, defaultEmail, rateLimitMessage, registerHref, onRegister }: Props) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = result?.errors ?? {};
  const failure = result ? (errors.form ?? t('common.form.fixErrors')) : null;

  useOnAnswer(result, (answer, translate) =>
    showFailureToast({
      toastId: FAILED_TOAST_ID,
      title: translate('auth.signIn.failedTitle'),
      message: answer.errors.form ?? translate('common.form.fixErrors'),
      form: formRef.current,
    }),
  );

  return (
    <Stack gap="md">
      <FormRefusal rateLimitMessage={rateLimitMessage} failure={failure} title={t('auth.signIn.failedTitle')} testIdPrefix="sign-in" />
      <AuthForm intent="sign-in" texts="auth.signIn" icon={IconLogin} hidden={{ redirectTo }} testId="sign-in-form" formRef={formRef}>
        <EmailField
          name="email"
          label={t('auth.fields.email')}
          inputMode="email"
          defaultValue={result?.values.email ?? defaultEmail}
          errors={errors}
        />
        <PasswordField name="password" label={t('auth.fields.password')} autoComplete="current-password" required error={errors.password} />
        <Group justify="flex-end">
          <Anchor component={Link} to="/auth/forgot" size="sm" data-testid="forgot-link">
            {t('auth.signIn.forgot')}
          </Anchor>
        </Group>
      </AuthForm>
      <SwitchTabPrompt prompt={t('auth.signIn.noAccount')} label={t('auth.signIn.toRegister')} href={registerHref} onSwitch={onRegister} />
    </Stack>
  );
}
