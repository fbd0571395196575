/**
 * The Register panel of /auth (spec §2, §3 "Registration form"): e-mail, password, full name,
 * role (tenant or vendor only: staff roles are granted by an admin), company name (required for
 * vendors), phone and address. The password field has a strength meter (decision 023). Posts `intent=register`; works without JavaScript (native radio
 * buttons). On success the page shows "Account created successfully! Please check your email
 * for verification." (toast "Success"); a refusal shows the "Sign Up Failed" toast (spec §8).
 */
import { Grid, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { FormRefusal } from '~/components/status-alerts';
import { useRef, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { TEXT_LIMITS, type FieldErrors } from '~/lib/form-fields';
import { SIGN_UP_ROLES, type SignUpRole } from '../accounts.schemas';
import { NewPasswordField } from '~/components/forms/new-password-field';
import { EmailField, PersonNameField, PhoneField } from '~/components/forms/person-fields';
import { SwitchTabPrompt } from './switch-tab-prompt';
import { AuthForm } from './auth-form';
import { showFailureToast, useOnAnswer } from './use-answer-toast';

type RegisterField = 'email' | 'password' | 'fullName' | 'role' | 'companyName' | 'phone' | 'address';
type Echo = Record<Exclude<RegisterField, 'password'>, string>;

/** What the /auth action answers to a registration. */
export type RegisterResult =
  { ok: true; intent: 'register'; email: string } | { ok: false; intent: 'register'; errors: FieldErrors<RegisterField>; values: Echo };

const EMPTY: Echo = { email: '', fullName: '', role: 'tenant', companyName: '', phone: '', address: '' };

type Props = {
  result: RegisterResult | undefined;
  /** The inline text of a rate-limit refusal of this form, if any. */
  rateLimitMessage: string | null;
  /** The link to the Sign In tab (works without JavaScript). */
  signInHref: string;
  /** Switches to the Sign In tab in place (with JavaScript). */
  onSignIn: () => void;
};

/** One "Sign Up Failed" toast at a time: a new failure replaces the last one. */
const FAILED_TOAST_ID = 'sign-up-failed';

function isRole(value: string): value is SignUpRole {
  return (SIGN_UP_ROLES as readonly string[]).includes(value);
}

export function RegisterForm({ result, rateLimitMessage, signInHref, onSignIn }: Props) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const failed = result && !result.ok ? result : undefined;
  const errors: FieldErrors<RegisterField> = failed?.errors ?? {};
  const values = failed?.values ?? EMPTY;
  const [role, setRole] = useState<SignUpRole>(isRole(values.role) ? values.role : 'tenant');
  // A fresh, empty form after a successful registration.
  const [formKey, setFormKey] = useState(0);

  useOnAnswer(result, (answer, translate) => {
    if (answer.ok) {
      notifications.show({ color: 'teal', title: translate('common.toast.success'), message: translate('auth.register.success') });
      setFormKey((key) => key + 1);
      setRole('tenant');
      return;
    }
    showFailureToast({
      toastId: FAILED_TOAST_ID,
      title: translate('auth.register.failedTitle'),
      message: answer.errors.form ?? translate('common.form.fixErrors'),
      form: formRef.current,
      focus: '[aria-invalid="true"], [data-error-group] input',
    });
  });

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('auth.register.intro')}
      </Text>
      <FormRefusal
        rateLimitMessage={rateLimitMessage}
        failure={failed ? (errors.form ?? t('common.form.fixErrors')) : null}
        title={t('auth.register.failedTitle')}
        testIdPrefix="register"
      />
      <AuthForm
        key={formKey}
        intent="register"
        texts="auth.register"
        icon={IconUserPlus}
        testId="register-form"
        formRef={formRef}
        submitMt="xs"
      >
        <Radio.Group
          name="role"
          label={t('auth.fields.role')}
          withAsterisk
          value={role}
          onChange={(value) => setRole(isRole(value) ? value : 'tenant')}
          error={errors.role}
          data-error-group={errors.role ? '' : undefined}
        >
          <Group gap="lg" mt="xs">
            {SIGN_UP_ROLES.map((value) => (
              <Radio key={value} value={value} label={t(`auth.roles.${value}`)} description={t(`auth.roles.${value}Hint`)} />
            ))}
          </Group>
        </Radio.Group>
        <PersonNameField name="fullName" label={t('auth.fields.fullName')} errors={errors} values={values} />
        <EmailField name="email" label={t('auth.fields.email')} inputMode="email" errors={errors} values={values} />
        <NewPasswordField
          name="password"
          label={t('auth.fields.password')}
          description={t('auth.register.passwordHint')}
          required
          error={errors.password}
        />
        <TextInput
          name="companyName"
          label={t('auth.fields.companyName')}
          description={t('auth.fields.companyHint')}
          autoComplete="organization"
          withAsterisk={role === 'vendor'}
          maxLength={TEXT_LIMITS.name}
          defaultValue={values.companyName}
          error={errors.companyName}
        />
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <PhoneField name="phone" label={t('auth.fields.phone')} errors={errors} values={values} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <TextInput
              name="address"
              label={t('auth.fields.address')}
              autoComplete="address-line1"
              maxLength={300}
              defaultValue={values.address}
              error={errors.address}
            />
          </Grid.Col>
        </Grid>
      </AuthForm>
      <SwitchTabPrompt prompt={t('auth.register.haveAccount')} label={t('auth.register.toSignIn')} href={signInHref} onSwitch={onSignIn} />
    </Stack>
  );
}
