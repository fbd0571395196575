/**
 * /auth/forgot (spec §2, §4 "Password reset", §5, §8): forgot and reset password. Open to
 * everyone, signed in or not.
 *
 * - Request mode (no `mode=reset`): `intent=request` with `email` e-mails a reset link to
 *   `/auth?mode=reset&token=…` when the address has an account; every well-formed address gets
 *   the same answer (200, or 303 to `?sent=1` for a no-JavaScript post). An empty address: 422
 *   "Please enter your email address".
 * - Reset mode (`?mode=reset&token=…`): `intent=reset` with `token`, `password`,
 *   `confirmPassword`. 422 with "Please fill in all fields" / "Password must be at least 8
 *   characters long" / "Passwords do not match" / the password policy's refusal (decision 023:
 *   too common, contains the e-mail, too long); 503 with `Retry-After` when the password hasher
 *   is saturated; 400 with the invalid-link message for a missing,
 *   unknown, expired or used token; success 200 (or 303 to `?mode=reset&updated=1`), after which
 *   the page goes to /auth in 2 s.
 * - 429 with `Retry-After` when rate-limited.
 */
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { and, eq, gt } from 'drizzle-orm';
import { useTranslation } from '~/lib/i18n';
import { data, redirect } from 'react-router';
import { useRateLimitMessage, useRateLimitToast } from '~/components/forms/use-rate-limit-toast';
import { forgotSchema, readForm, resetSchema } from '~/features/accounts/accounts.schemas';
import { requestPasswordReset, resetPassword } from '~/features/accounts/accounts.server';
import { ForgotRequestForm } from '~/features/accounts/components/forgot-request-form';
import { InvalidResetLink, ResetDone, ResetPasswordForm, RESET_REDIRECT_MS } from '~/features/accounts/components/reset-password-form';
import { translations } from '~/i18n/resources.server';
import { getT, pageMeta } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { verification } from '~/server/db/schema';
import { isDocumentPost, translateIssues, readFormData } from '~/server/http/form.server';
import { busyAnswer, rateLimitedAnswer } from '~/server/responses.server';
import { PASSWORD_PROBLEM_MESSAGES } from '~/server/auth/password-policy.server';
import type { Route } from './+types/forgot';

/** Longest token accepted; better-auth's tokens are far shorter. */
const MAX_TOKEN_LENGTH = 512;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = requestLanguage(request);
  const mode: 'request' | 'reset' = url.searchParams.get('mode') === 'reset' ? 'reset' : 'request';
  const updated = mode === 'reset' && url.searchParams.get('updated') === '1';
  const token = (url.searchParams.get('token') ?? '').trim();
  // Say at once when the link cannot work, rather than after a new password was typed.
  let tokenUsable = false;
  if (mode === 'reset' && !updated && token && token.length <= MAX_TOKEN_LENGTH) {
    const [row] = await context.db
      .select({ id: verification.id })
      .from(verification)
      .where(and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())));
    tokenUsable = Boolean(row);
  }
  return {
    mode,
    token: tokenUsable ? token : '',
    tokenUsable,
    updated,
    sent: mode === 'request' && url.searchParams.get('sent') === '1',
    i18n: translations(lang, ['auth']),
    meta:
      mode === 'reset'
        ? pageMeta(lang, 'auth.reset.meta.title', 'auth.reset.meta.description')
        : pageMeta(lang, 'auth.forgot.meta.title', 'auth.forgot.meta.description'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const lang = requestLanguage(request);
  const form = await readFormData(request);
  const call = { context, request };

  if (form.get('intent') === 'reset') {
    const values = readForm(form, ['token', 'password', 'confirmPassword'] as const);
    const invalidToken = () =>
      data(
        {
          ok: false as const,
          intent: 'reset' as const,
          reason: 'invalid_token' as const,
          errors: { form: getT(lang)('auth.reset.errors.invalidToken') },
        },
        { status: 400 },
      );
    if (!values.token) return invalidToken();
    const parsed = resetSchema.safeParse(values);
    if (!parsed.success) {
      const errors = translateIssues(parsed.error, lang);
      if (errors.token) return invalidToken();
      return data({ ok: false as const, intent: 'reset' as const, errors }, { status: 422 });
    }
    const result = await resetPassword(call, { token: parsed.data.token, password: parsed.data.password });
    if (result.ok) {
      if (isDocumentPost(request)) return redirect('/auth/forgot?mode=reset&updated=1', 303);
      return { ok: true as const, intent: 'reset' as const };
    }
    if (result.reason === 'rate_limited') return rateLimitedAnswer(result);
    if (result.reason === 'busy')
      return busyAnswer(
        { ok: false as const, intent: 'reset' as const, errors: { form: getT(lang)('auth.password.busy') } },
        result.retryAfterS,
      );
    if (result.reason === 'password') {
      return data(
        { ok: false as const, intent: 'reset' as const, errors: { password: getT(lang)(PASSWORD_PROBLEM_MESSAGES[result.problem]) } },
        { status: 422 },
      );
    }
    return invalidToken();
  }

  const values = readForm(form, ['email'] as const);
  const parsed = forgotSchema.safeParse(values);
  if (!parsed.success) {
    return data({ ok: false as const, intent: 'request' as const, errors: translateIssues(parsed.error, lang), values }, { status: 422 });
  }
  const result = await requestPasswordReset(call, parsed.data.email);
  if (!result.ok) return rateLimitedAnswer(result);
  if (isDocumentPost(request)) return redirect('/auth/forgot?sent=1', 303);
  return { ok: true as const, intent: 'request' as const };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const tags = metaTags(loaderData?.meta);
  // Without JavaScript, the "password updated" page still moves on to /auth after 2 s.
  if (loaderData?.updated) tags.push({ httpEquiv: 'refresh', content: `${RESET_REDIRECT_MS / 1000};url=/auth` });
  return tags;
}

/** The page: request mode or reset mode, each in a card with its title. */
export default function ForgotPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useRateLimitToast(actionData);
  const rateLimitMessage = useRateLimitMessage(actionData);
  const answer = actionData && 'intent' in actionData ? actionData : undefined;
  const reset = loaderData.mode === 'reset';
  const prefix = reset ? 'auth.reset' : 'auth.forgot';

  let body: React.ReactNode;
  let showIntro = true;
  if (!reset) {
    body = (
      <ForgotRequestForm
        result={answer?.intent === 'request' ? answer : undefined}
        sent={loaderData.sent}
        rateLimitMessage={rateLimitMessage}
      />
    );
  } else if (loaderData.updated || (answer?.intent === 'reset' && answer.ok)) {
    body = <ResetDone />;
    showIntro = false;
  } else if (!loaderData.tokenUsable || (answer?.intent === 'reset' && !answer.ok && 'reason' in answer)) {
    body = <InvalidResetLink />;
    showIntro = false;
  } else {
    const failed = answer?.intent === 'reset' && !answer.ok ? answer : undefined;
    body = <ResetPasswordForm token={loaderData.token} result={failed} rateLimitMessage={rateLimitMessage} />;
  }

  return (
    <Container size={480} px="md" py="xl">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap={4} mb="lg">
          <Title order={1} size="h2">
            {t(`${prefix}.title`)}
          </Title>
          {showIntro && (
            <Text c="dimmed" size="sm">
              {t(`${prefix}.intro`)}
            </Text>
          )}
        </Stack>
        {body}
      </Paper>
    </Container>
  );
}
