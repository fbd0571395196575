/**
 * /account/password (decision 023): any signed-in user changes their password. It is also where the
 * page guards send a user whose password failed the policy at sign-in (`requireRole` redirects
 * every other page here until the change), with `?redirectTo=` the page they wanted.
 *
 * The action takes `intent=change` with `currentPassword`, `password`, `confirmPassword`,
 * `redirectTo`. Answers: 303 to `redirectTo` with a fresh session cookie (every other session
 * ends); 422 with field errors (the spec's length and match messages, the policy's refusals:
 * too common, contains the e-mail, too long; a wrong current password); 429 when rate-limited;
 * 503 with `Retry-After` when the password hasher is saturated. Signed out: to /auth.
 */
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { data } from 'react-router';
import { useRateLimitMessage, useRateLimitToast } from '~/components/forms/use-rate-limit-toast';
import { CHANGE_MESSAGES, changePasswordSchema, readForm } from '~/features/accounts/accounts.schemas';
import { changePassword } from '~/features/accounts/accounts.server';
import { ChangePasswordForm } from '~/features/accounts/components/change-password-form';
import { translations } from '~/i18n/resources.server';
import { getT, pageMeta } from '~/i18n/translate.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { PASSWORD_PROBLEM_MESSAGES } from '~/server/auth/password-policy.server';
import { PASSWORD_CHANGE_PATH, requireRole } from '~/server/auth/session.server';
import { readFormData, translateIssues } from '~/server/http/form.server';
import { busyAnswer, rateLimitedAnswer, redirectWithCookies } from '~/server/responses.server';
import type { Route } from './+types/password';

/** After the change: the page asked for, never this page again, and `/` by default. */
function destination(raw: string | null): string {
  const path = safeRedirectPath(raw, '/');
  return path.split('?')[0] === PASSWORD_CHANGE_PATH ? '/' : path;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'signed-in');
  const lang = requestLanguage(request);
  return {
    required: viewer.passwordChangeRequired === true,
    redirectTo: destination(new URL(request.url).searchParams.get('redirectTo')),
    i18n: translations(lang, ['auth']),
    meta: pageMeta(lang, 'auth.change.meta.title', 'auth.change.meta.description'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole(request, context, 'signed-in');
  const lang = requestLanguage(request);
  const t = getT(lang);
  const form = await readFormData(request);
  const redirectTo = destination(String(form.get('redirectTo') ?? ''));
  const intent = 'change' as const;
  const parsed = changePasswordSchema.safeParse(readForm(form, ['currentPassword', 'password', 'confirmPassword'] as const));
  if (!parsed.success) return data({ ok: false as const, intent, errors: translateIssues(parsed.error, lang) }, { status: 422 });
  const result = await changePassword({ context, request }, viewer, {
    currentPassword: parsed.data.currentPassword,
    password: parsed.data.password,
  });
  if (result.ok) return redirectWithCookies(redirectTo, result.headers, 'password-changed');
  switch (result.reason) {
    case 'rate_limited':
      return rateLimitedAnswer(result);
    case 'busy':
      return busyAnswer({ ok: false as const, intent, errors: { form: t('auth.password.busy') } }, result.retryAfterS);
    case 'password':
      return data({ ok: false as const, intent, errors: { password: t(PASSWORD_PROBLEM_MESSAGES[result.problem]) } }, { status: 422 });
    default:
      return data({ ok: false as const, intent, errors: { currentPassword: t(CHANGE_MESSAGES.wrongPassword) } }, { status: 422 });
  }
}

export const meta = loaderMeta;

/** The page: a card with the title, the reason when the change is required, and the form. */
export default function ChangePasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useRateLimitToast(actionData);
  const rateLimitMessage = useRateLimitMessage(actionData);
  const failed = actionData && 'intent' in actionData ? actionData : undefined;
  return (
    <Container size={480} px="md" py="xl">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap={4} mb="lg">
          <Title order={1} size="h2">
            {t('auth.change.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('auth.change.intro')}
          </Text>
        </Stack>
        <ChangePasswordForm
          required={loaderData.required}
          redirectTo={loaderData.redirectTo}
          result={failed}
          rateLimitMessage={rateLimitMessage}
        />
      </Paper>
    </Container>
  );
}
