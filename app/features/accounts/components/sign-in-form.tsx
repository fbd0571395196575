/**
 * The Sign In panel of /auth (spec §2, §4 "Session"): e-mail, password and the page to return
 * to. A real `<Form method="post">` posting `intent=sign-in`, so it works without JavaScript;
 * success is a redirect (the "Signed in successfully!" toast comes from the flash cookie). A
 * failure shows the spec's "Sign In Failed" toast (spec §8) and the same message inline.
 */
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogin } from '@tabler/icons-react';
import { FormRefusal } from '~/components/status-alerts';
import { useEffect, useRef } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Form, Link } from 'react-router';
import type { FieldErrors } from '~/lib/form-fields';
import { PasswordField } from '~/components/forms/password-field';
import { EmailField } from '~/components/forms/person-fields';
import { useIntentBusy } from '~/components/forms/use-intent-busy';
import { SwitchTabPrompt } from './switch-tab-prompt';

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

const FAILED_TOAST_ID = 'sign-in-failed';

export function SignInForm({ result, redirectTo, defaultEmail, rateLimitMessage, registerHref, onRegister }: Props) {
  const { t } = useTranslation();
  const busy = useIntentBusy('sign-in');
  const formRef = useRef<HTMLFormElement>(null);
  const errors = result?.errors ?? {};
  const failure = result ? (errors.form ?? t('common.form.fixErrors')) : null;

  // The latest `t`, without re-running the effect: a new `t` arrives when the root data
  // revalidates after the answer, and must not show the same toast twice.
  const tRef = useRef(t);
  tRef.current = t;
  useEffect(() => {
    if (!result) return;
    const translate = tRef.current;
    // One "Sign In Failed" toast at a time: a new failure replaces the last one.
    notifications.hide(FAILED_TOAST_ID);
    notifications.show({
      id: FAILED_TOAST_ID,
      color: 'red',
      title: translate('auth.signIn.failedTitle'),
      message: result.errors.form ?? translate('common.form.fixErrors'),
    });
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [result]);

  return (
    <Stack gap="md">
      <FormRefusal rateLimitMessage={rateLimitMessage} failure={failure} title={t('auth.signIn.failedTitle')} testIdPrefix="sign-in" />
      <Form method="post" ref={formRef} noValidate data-testid="sign-in-form" aria-label={t('auth.signIn.title')}>
        <input type="hidden" name="intent" value="sign-in" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Stack gap="sm">
          <EmailField
            name="email"
            label={t('auth.fields.email')}
            inputMode="email"
            defaultValue={result?.values.email ?? defaultEmail}
            errors={errors}
          />
          <PasswordField
            name="password"
            label={t('auth.fields.password')}
            autoComplete="current-password"
            required
            error={errors.password}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/auth/forgot" size="sm" data-testid="forgot-link">
              {t('auth.signIn.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" loading={busy} leftSection={<IconLogin size={16} aria-hidden />} fullWidth>
            {t('auth.signIn.submit')}
          </Button>
        </Stack>
      </Form>
      <SwitchTabPrompt prompt={t('auth.signIn.noAccount')} label={t('auth.signIn.toRegister')} href={registerHref} onSwitch={onRegister} />
    </Stack>
  );
}
