/**
 * /vendor-invite/:token (decision 030): the approved vendor's invitation. Signed
 * out: "create your vendor account" — the e-mail shown, fixed; a password with the strength
 * meter and its confirmation. Signed in as the vendor's account: "link". Otherwise a clear
 * message: the link is expired, used or unknown, an account with the e-mail exists (sign in
 * first), or someone else is signed in. Plain forms: work without JavaScript.
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
import type { VendorInviteActionResult, VendorInviteState } from '../vendor-admin.types';

type Props = { invitation: VendorInviteState; result: VendorInviteActionResult | undefined; token: string };

function CreateAccountForm({
  invitation,
  result,
}: {
  invitation: Extract<VendorInviteState, { state: 'create' }>;
  result: VendorInviteActionResult | undefined;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { errors, busy, formRef } = useActionResult(result, { intent: 'create', toast: false });
  const [password, setPassword] = useState('');
  return (
    <Form method="post" noValidate ref={formRef} data-testid="vendor-invite-create" aria-label={t('vendors.invite.create.title')}>
      <input type="hidden" name="intent" value="create" />
      <Stack gap="sm">
        <Text size="sm">{t('vendors.invite.create.intro', { company: invitation.companyName })}</Text>
        <TextInput
          label={t('vendors.invite.create.email')}
          description={t('vendors.invite.create.emailHint')}
          value={invitation.email}
          readOnly
          data-testid="vendor-invite-email"
        />
        <NewPasswordField
          name="password"
          label={t('auth.change.password')}
          description={t('auth.register.passwordHint')}
          required
          value={password}
          onChange={setPassword}
          error={errors.password}
          data-testid="vendor-invite-password"
        />
        <PasswordField
          name="confirmPassword"
          label={t('auth.change.confirmPassword')}
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
          data-testid="vendor-invite-confirm"
        />
        <Text size="xs" c="dimmed">
          {t('vendors.invite.create.expires', { date: formatDateTime(invitation.expiresAt, lang) })}
        </Text>
        <SubmitButton loading={busy} icon={IconKey} testId="vendor-invite-submit">
          {t('vendors.invite.create.submit')}
        </SubmitButton>
      </Stack>
    </Form>
  );
}

export function VendorInvitePage({ invitation, result, token }: Props) {
  const { t } = useTranslation();
  const { busy: busyLink } = useActionResult(result, { intent: 'link', toast: false });
  // The `signup` limit's answer names no intent: the page shows it for the create form.
  useRateLimitToast(result);
  const rateLimitMessage = useRateLimitMessage(result);
  const formError = (result && !result.ok ? result.errors.form : undefined) ?? rateLimitMessage;
  const here = `/vendor-invite/${token}`;
  let body: ReactNode;
  switch (invitation.state) {
    case 'invalid':
    case 'expired':
      body = (
        <Alert
          color="orange"
          icon={<IconAlertCircle aria-hidden />}
          title={t(`vendors.invite.${invitation.state}.title`)}
          data-testid="vendor-invite-refused"
          data-state={invitation.state}
        >
          <Stack gap="sm">
            <Text size="sm">{t(`vendors.invite.${invitation.state}.body`)}</Text>
            <Group>
              <LinkButton to="/auth" variant="default" size="xs">
                {t('vendors.invite.signIn')}
              </LinkButton>
              <LinkButton to="/contact" variant="default" size="xs">
                {t('vendors.invite.contact')}
              </LinkButton>
            </Group>
          </Stack>
        </Alert>
      );
      break;
    case 'create':
      body = <CreateAccountForm invitation={invitation} result={result} />;
      break;
    case 'sign_in':
      body = (
        <Stack gap="sm" data-testid="vendor-invite-sign-in">
          <Text size="sm">{t('vendors.invite.signInFirst', { email: invitation.email, company: invitation.companyName })}</Text>
          <Group>
            <LinkButton to={`/auth?redirectTo=${encodeURIComponent(here)}`} icon={IconLogin}>
              {t('vendors.invite.signIn')}
            </LinkButton>
          </Group>
        </Stack>
      );
      break;
    case 'link':
      body = (
        <Form method="post" data-testid="vendor-invite-link">
          <input type="hidden" name="intent" value="link" />
          <Stack gap="sm">
            <Text size="sm">{t('vendors.invite.linkIntro', { email: invitation.email, company: invitation.companyName })}</Text>
            <Group>
              <SubmitButton loading={busyLink} icon={IconLink} testId="vendor-invite-link-submit">
                {t('vendors.invite.linkSubmit')}
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
          title={t('vendors.invite.wrongAccount.title')}
          data-testid="vendor-invite-wrong-account"
        >
          <Stack gap="sm">
            <Text size="sm">{t('vendors.invite.wrongAccount.body', { signedInAs: invitation.signedInAs, email: invitation.email })}</Text>
            <Form method="post" action="/auth/sign-out">
              <SubmitButton variant="default" size="xs">
                {t('vendors.invite.signOut')}
              </SubmitButton>
            </Form>
          </Stack>
        </Alert>
      );
      break;
  }
  const company = invitation.state === 'invalid' ? null : invitation.companyName;
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="xl" data-testid="vendor-invite" data-state={invitation.state}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1}>{t('vendors.invite.title')}</Title>
            {company && <Text c="dimmed">{company}</Text>}
          </Stack>
          {formError && <ErrorAlert data-testid="vendor-invite-error">{formError}</ErrorAlert>}
          {body}
        </Stack>
      </Paper>
    </Container>
  );
}
