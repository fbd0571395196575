/**
 * An invitation link's page: /vendor-invite/:token (decision 030) and /owner-invite/:token
 * (decision 061). Signed out: "create your account" — the e-mail shown, fixed; a password with the
 * strength meter and its confirmation. Signed in with the invited account: "link". Otherwise a
 * clear message: the link is expired, used or unknown, an account with the e-mail exists (sign in
 * first), or someone else is signed in. Texts under `<kind>s.invite`, test ids `<kind>-invite-*`.
 * Plain forms: work without JavaScript.
 */
import { Alert, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconKey, IconLink, IconLogin } from '@tabler/icons-react';
import { ErrorAlert } from '~/components/status-alerts';
import { useState, type ReactNode } from 'react';
import { useRateLimitMessage, useRateLimitToast } from '~/components/forms/use-rate-limit-toast';
import { useTranslation } from '~/lib/i18n';
import { LinkButton, SubmitButton } from '~/components/icon-button';
import { Form } from 'react-router';
import { NewPasswordField } from '~/components/forms/new-password-field';
import { PasswordField } from '~/components/forms/password-field';
import { useActionResult } from '~/components/forms/use-action-result';
import { formatDateTime } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { AccountInviteActionResult, AccountInviteState } from '../account-invite.types';

/** Who is invited: a vendor (texts `vendors.invite`) or an owner (`owners.invite`). */
export type InviteKind = 'vendor' | 'owner';

type Props = { kind: InviteKind; invitation: AccountInviteState; result: AccountInviteActionResult | undefined; token: string };

function CreateAccountForm({
  kind,
  invitation,
  result,
}: {
  kind: InviteKind;
  invitation: Extract<AccountInviteState, { state: 'create' }>;
  result: AccountInviteActionResult | undefined;
}) {
  const ns = `${kind}s.invite`;
  const id = `${kind}-invite`;
  const { t } = useTranslation();
  const lang = useLanguage();
  const { errors, busy, formRef } = useActionResult(result, { intent: 'create', toast: false });
  const [password, setPassword] = useState('');
  return (
    <Form method="post" noValidate ref={formRef} data-testid={`${id}-create`} aria-label={t(`${ns}.create.title`)}>
      <input type="hidden" name="intent" value="create" />
      <Stack gap="sm">
        <Text size="sm">{t(`${ns}.create.intro`, { company: invitation.name, name: invitation.name })}</Text>
        <TextInput
          label={t(`${ns}.create.email`)}
          description={t(`${ns}.create.emailHint`)}
          value={invitation.email}
          readOnly
          data-testid={`${id}-email`}
        />
        <NewPasswordField
          name="password"
          label={t('auth.change.password')}
          description={t('auth.register.passwordHint')}
          required
          value={password}
          onChange={setPassword}
          error={errors.password}
          data-testid={`${id}-password`}
        />
        <PasswordField
          name="confirmPassword"
          label={t('auth.change.confirmPassword')}
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
          data-testid={`${id}-confirm`}
        />
        <Text size="xs" c="dimmed">
          {t(`${ns}.create.expires`, { date: formatDateTime(invitation.expiresAt, lang) })}
        </Text>
        <SubmitButton loading={busy} icon={IconKey} testId={`${id}-submit`}>
          {t(`${ns}.create.submit`)}
        </SubmitButton>
      </Stack>
    </Form>
  );
}

export function AccountInvitePage({ kind, invitation, result, token }: Props) {
  const ns = `${kind}s.invite`;
  const id = `${kind}-invite`;
  const { t } = useTranslation();
  const { busy: busyLink } = useActionResult(result, { intent: 'link', toast: false });
  // The `signup` limit's answer names no intent: the page shows it for the create form.
  useRateLimitToast(result);
  const rateLimitMessage = useRateLimitMessage(result);
  const formError = (result && !result.ok ? result.errors.form : undefined) ?? rateLimitMessage;
  const here = `/${id}/${token}`;
  let body: ReactNode;
  switch (invitation.state) {
    case 'invalid':
    case 'expired':
      body = (
        <Alert
          color="orange"
          icon={<IconAlertCircle aria-hidden />}
          title={t(`${ns}.${invitation.state}.title`)}
          data-testid={`${id}-refused`}
          data-state={invitation.state}
        >
          <Stack gap="sm">
            <Text size="sm">{t(`${ns}.${invitation.state}.body`)}</Text>
            <Group>
              <LinkButton to="/auth" variant="default" size="xs">
                {t(`${ns}.signIn`)}
              </LinkButton>
              <LinkButton to="/contact" variant="default" size="xs">
                {t(`${ns}.contact`)}
              </LinkButton>
            </Group>
          </Stack>
        </Alert>
      );
      break;
    case 'create':
      body = <CreateAccountForm kind={kind} invitation={invitation} result={result} />;
      break;
    case 'sign_in':
      body = (
        <Stack gap="sm" data-testid={`${id}-sign-in`}>
          <Text size="sm">{t(`${ns}.signInFirst`, { email: invitation.email, company: invitation.name, name: invitation.name })}</Text>
          <Group>
            <LinkButton to={`/auth?redirectTo=${encodeURIComponent(here)}`} icon={IconLogin}>
              {t(`${ns}.signIn`)}
            </LinkButton>
          </Group>
        </Stack>
      );
      break;
    case 'link':
      body = (
        <Form method="post" data-testid={`${id}-link`}>
          <input type="hidden" name="intent" value="link" />
          <Stack gap="sm">
            <Text size="sm">{t(`${ns}.linkIntro`, { email: invitation.email, company: invitation.name, name: invitation.name })}</Text>
            <Group>
              <SubmitButton loading={busyLink} icon={IconLink} testId={`${id}-link-submit`}>
                {t(`${ns}.linkSubmit`)}
              </SubmitButton>
            </Group>
          </Stack>
        </Form>
      );
      break;
    case 'wrong_account':
      body = (
        <Alert
          color="orange"
          icon={<IconAlertCircle aria-hidden />}
          title={t(`${ns}.wrongAccount.title`)}
          data-testid={`${id}-wrong-account`}
        >
          <Stack gap="sm">
            <Text size="sm">{t(`${ns}.wrongAccount.body`, { signedInAs: invitation.signedInAs, email: invitation.email })}</Text>
            <Form method="post" action="/auth/sign-out">
              <SubmitButton variant="default" size="xs">
                {t(`${ns}.signOut`)}
              </SubmitButton>
            </Form>
          </Stack>
        </Alert>
      );
      break;
  }
  const name = invitation.state === 'invalid' ? null : invitation.name;
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="xl" data-testid={`${id}`} data-state={invitation.state}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1}>{t(`${ns}.title`)}</Title>
            {name && <Text c="dimmed">{name}</Text>}
          </Stack>
          {formError && <ErrorAlert data-testid={`${id}-error`}>{formError}</ErrorAlert>}
          {body}
        </Stack>
      </Paper>
    </Container>
  );
}
