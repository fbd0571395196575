/**
 * /auth (spec §2, §4, §6): sign in and register. Signed-in visitors are sent to `/`; the reset
 * link of the e-mail (`/auth?mode=reset&token=…`) leads to the reset form at /auth/forgot.
 *
 * The action takes `intent=sign-in` (email, password, redirectTo) or `intent=register` (email,
 * password, fullName, role tenant|vendor, companyName, phone, address). Answers: 303 to
 * `redirectTo` with the session cookie (to /account/password first when the password fails
 * today's policy, and to /dashboard/security instead for an admin or property manager without a
 * second factor, decision 023); 400/422 with field errors (the policy's refusal on `password`);
 * 401 for bad credentials; 403 for an unverified or banned account; 429 when rate-limited;
 * 503 with `Retry-After` when the password hasher is saturated.
 *
 * Two-factor sign-in (decision 023): when the account has it, a right password answers 200
 * `{ twoFactor: true }` with better-auth's challenge cookie, and the page shows the second step:
 * `intent=two-factor` (method totp|backup_code, code, redirectTo) answers 303 with the session
 * cookie, 401 for a wrong code, 410 when the challenge has expired (sign in again), 423 while
 * the account is locked, 429 when rate-limited; `intent=two-factor-cancel` drops the challenge.
 */
import { Alert, Container, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconLogin, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { data, redirect } from 'react-router';
import { useRateLimitMessage, useRateLimitToast } from '~/components/forms/use-rate-limit-toast';
import { SuccessAlert } from '~/components/status-alerts';
import { RegisterForm } from '~/features/accounts/components/register-form';
import { SignInForm } from '~/features/accounts/components/sign-in-form';
import { readForm, signInSchema, signUpSchema } from '~/features/accounts/accounts.schemas';
import { signIn, signUp } from '~/features/accounts/accounts.server';
import { TwoFactorForm } from '~/features/accounts/components/two-factor-form';
import { clearedChallengeCookies, hasTwoFactorChallenge, verifySecondFactor } from '~/features/accounts/two-factor.server';
import { twoFactorSchema } from '~/features/accounts/two-factor.schemas';
import { translations } from '~/i18n/resources.server';
import { getT, pageMeta } from '~/i18n/translate.server';
import { SECURITY_PATH } from '~/lib/access';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { PASSWORD_CHANGE_PATH, getViewer } from '~/server/auth/session.server';
import { PASSWORD_PROBLEM_MESSAGES } from '~/server/auth/password-policy.server';
import { isDocumentPost, translateIssues, readFormData } from '~/server/http/form.server';
import { busyAnswer, rateLimitedAnswer, redirectWithCookies } from '~/server/responses.server';
import { claimVisitorThreads, clearedVisitorCookie, readVisitorToken } from '~/server/chat/chat-access.server';
import type { Route } from './+types/_index';

/** The two forms of the page; also the action's `intent`. */
type Tab = 'sign-in' | 'register';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get('mode') === 'reset') {
    const token = url.searchParams.get('token');
    return redirect(`/auth/forgot?mode=reset${token ? `&token=${encodeURIComponent(token)}` : ''}`);
  }
  if (await getViewer(request, context)) return redirect('/');
  const lang = requestLanguage(request);
  const tab: Tab = url.searchParams.get('tab') === 'register' ? 'register' : 'sign-in';
  return {
    tab,
    redirectTo: safeRedirectPath(url.searchParams.get('redirectTo'), '/'),
    verified: url.searchParams.get('verified') === '1',
    registered: url.searchParams.get('registered') === '1',
    twoFactorPending: hasTwoFactorChallenge(request),
    i18n: translations(lang, ['auth', 'forms']),
    meta: pageMeta(lang, 'auth.meta.title', 'auth.meta.description'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const lang = requestLanguage(request);
  const t = getT(lang);
  const form = await readFormData(request);
  const rawIntent = form.get('intent');
  const intent: Tab = rawIntent === 'register' ? 'register' : 'sign-in';
  const call = { context, request };

  if (rawIntent === 'two-factor-cancel') {
    const headers = new Headers();
    for (const cookie of clearedChallengeCookies(context.publicUrl.startsWith('https:'))) headers.append('Set-Cookie', cookie);
    return redirect('/auth', { status: 303, headers });
  }
  if (rawIntent === 'two-factor') {
    const redirectTo = safeRedirectPath(String(form.get('redirectTo') ?? ''), '/');
    const parsed = twoFactorSchema.safeParse(readForm(form, ['method', 'code'] as const));
    if (!parsed.success) {
      return data({ ok: false as const, intent: 'two-factor' as const, errors: translateIssues(parsed.error, lang) }, { status: 422 });
    }
    const result = await verifySecondFactor(call, parsed.data);
    if (result.ok) {
      result.headers.append('Set-Cookie', clearedVisitorCookie(context.publicUrl.startsWith('https:')));
      return redirectWithCookies(redirectTo, result.headers, 'signed-in');
    }
    if (result.reason === 'rate_limited') return rateLimitedAnswer(result);
    const status = result.reason === 'invalid_code' ? 401 : result.reason === 'locked' ? 423 : 410;
    return data(
      {
        ok: false as const,
        intent: 'two-factor' as const,
        reason: result.reason,
        errors: { code: t(`auth.twoFactor.errors.${result.reason}`) },
      },
      { status, headers: result.headers },
    );
  }

  if (intent === 'sign-in') {
    const values = readForm(form, ['email', 'password'] as const);
    const redirectTo = safeRedirectPath(String(form.get('redirectTo') ?? ''), '/');
    const echo = { email: values.email };
    const parsed = signInSchema.safeParse(values);
    if (!parsed.success) {
      return data({ ok: false as const, intent, errors: translateIssues(parsed.error, lang), values: echo }, { status: 422 });
    }
    const result = await signIn(call, parsed.data);
    if (result.ok === 'two_factor') {
      // The password was right; the second step follows on this page (the challenge cookie).
      return data({ ok: true as const, intent: 'sign-in' as const, twoFactor: true as const, redirectTo }, { headers: result.headers });
    }
    if (result.ok) {
      // The visitor chat of this browser, started with this account's address, becomes the
      // account's; the visitor cookie goes, so the browser's next user cannot read along.
      await claimVisitorThreads(context.db, readVisitorToken(request), { id: result.userId, email: parsed.data.email });
      result.headers.append('Set-Cookie', clearedVisitorCookie(context.publicUrl.startsWith('https:')));
      // Decision 023: staff without a second factor enrol it before anything else (the enrolment
      // page ends at /dashboard: it has no return path), and a password that fails today's policy
      // is changed first of all.
      const next = result.mustEnrolTwoFactor ? SECURITY_PATH : redirectTo;
      const to = result.passwordChangeRequired ? `${PASSWORD_CHANGE_PATH}?redirectTo=${encodeURIComponent(next)}` : next;
      return redirectWithCookies(to, result.headers, 'signed-in');
    }
    if (result.reason === 'rate_limited') return rateLimitedAnswer(result);
    if (result.reason === 'busy') {
      return busyAnswer(
        { ok: false as const, intent, reason: result.reason, errors: { form: t('auth.password.busy') }, values: echo },
        result.retryAfterS,
      );
    }
    const message = t(`auth.signIn.errors.${result.reason}`);
    const status = result.reason === 'invalid_credentials' ? 401 : 403;
    return data({ ok: false as const, intent, reason: result.reason, errors: { form: message }, values: echo }, { status });
  }

  const values = readForm(form, ['email', 'password', 'fullName', 'role', 'companyName', 'phone', 'address'] as const);
  const { password: _password, ...echo } = values;
  const parsed = signUpSchema.safeParse(values);
  if (!parsed.success) {
    return data({ ok: false as const, intent, errors: translateIssues(parsed.error, lang), values: echo }, { status: 422 });
  }
  const result = await signUp(call, parsed.data, lang);
  if (result.ok) {
    if (isDocumentPost(request)) return redirect('/auth?registered=1', 303);
    return { ok: true as const, intent, email: parsed.data.email };
  }
  if (result.reason === 'rate_limited') return rateLimitedAnswer(result);
  if (result.reason === 'busy')
    return busyAnswer({ ok: false as const, intent, errors: { form: t('auth.password.busy') }, values: echo }, result.retryAfterS);
  if (result.reason === 'password') {
    return data(
      { ok: false as const, intent, errors: { password: t(PASSWORD_PROBLEM_MESSAGES[result.problem]) }, values: echo },
      { status: 422 },
    );
  }
  return data({ ok: false as const, intent, errors: { form: t('auth.register.errors.failed') }, values: echo }, { status: 400 });
}

export const meta = loaderMeta;

/** The tab an action answer belongs to: a refusal stays on its form, a registration leads to Sign In. */
function tabOf(result: Route.ComponentProps['actionData']): Tab | null {
  if (!result) return null;
  if ('rateLimited' in result) return result.rateLimited.action === 'signup' ? 'register' : 'sign-in';
  if (result.ok) return 'sign-in';
  return result.intent === 'two-factor' ? 'sign-in' : result.intent;
}

/** `/auth` with the tab and the page to return to, for the tab links that work without JavaScript. */
function tabHref(tab: Tab, redirectTo: string): string {
  const params = new URLSearchParams();
  if (tab === 'register') params.set('tab', 'register');
  if (redirectTo !== '/') params.set('redirectTo', redirectTo);
  const query = params.toString();
  return query ? `/auth?${query}` : '/auth';
}

/**
 * The page: Sign In and Register tabs (`?tab=register` opens Register; without JavaScript the
 * "Create an account" / "Sign in" links switch tabs through the URL), the "E-mail confirmed"
 * notice after `?verified=1`, and the registration notice (toast, or `?registered=1` without
 * JavaScript).
 */
export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { redirectTo } = loaderData;
  const [tab, setTab] = useState<Tab>(() => tabOf(actionData) ?? loaderData.tab);
  // A new answer, or a link to `?tab=…`, picks the tab; clicks on the tabs change it in place.
  useEffect(() => setTab(tabOf(actionData) ?? loaderData.tab), [actionData, loaderData.tab]);

  useRateLimitToast(actionData);
  const rateLimitMessage = useRateLimitMessage(actionData);
  const limited = actionData && 'rateLimited' in actionData ? actionData.rateLimited.action : null;
  const answer = actionData && 'intent' in actionData ? actionData : undefined;
  // The second step (decision 023): after a right password, or while the challenge cookie lasts.
  const twoFactorAnswer = answer?.intent === 'two-factor' ? answer : undefined;
  const passwordAccepted = answer?.intent === 'sign-in' && answer.ok && 'twoFactor' in answer;
  const challengeLost = twoFactorAnswer !== undefined && 'reason' in twoFactorAnswer && twoFactorAnswer.reason === 'expired';
  const twoFactorStep =
    !challengeLost &&
    (passwordAccepted || twoFactorAnswer !== undefined || limited === 'two_factor' || (loaderData.twoFactorPending && !answer));
  const signInResult = answer?.intent === 'sign-in' && !answer.ok ? answer : undefined;
  const registerResult = answer?.intent === 'register' ? answer : undefined;
  const registeredEmail = registerResult?.ok ? registerResult.email : null;
  const showRegistered = registeredEmail !== null || (loaderData.registered && !actionData);
  const showVerified = loaderData.verified && !actionData;

  return (
    <Container size={520} px="md" py="xl">
      <Stack gap={4} mb="lg" ta="center">
        <Title order={1}>{t('auth.title')}</Title>
        <Text c="dimmed">{t('auth.subtitle')}</Text>
      </Stack>
      <Stack gap="md">
        {showVerified && (
          <SuccessAlert title={t('auth.verified.title')} role="status" data-testid="verified-alert">
            {t('auth.verified.message')}
          </SuccessAlert>
        )}
        {showRegistered && (
          <SuccessAlert title={t('common.toast.success')} role="status" data-testid="registered-alert">
            {t('auth.register.success')}
            {registeredEmail && (
              <Text size="sm" mt={4} fw={600}>
                {t('auth.register.sentTo', { email: registeredEmail })}
              </Text>
            )}
          </SuccessAlert>
        )}
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          {twoFactorStep ? (
            <TwoFactorForm
              redirectTo={redirectTo}
              error={twoFactorAnswer?.errors.code ?? null}
              rateLimitMessage={limited === 'two_factor' ? rateLimitMessage : null}
            />
          ) : (
            <Tabs value={tab} onChange={(value) => setTab(value === 'register' ? 'register' : 'sign-in')} keepMountedMode="display-none">
              <Tabs.List grow aria-label={t('auth.tabs.label')}>
                <Tabs.Tab value="sign-in" leftSection={<IconLogin size={16} aria-hidden />} data-testid="tab-sign-in">
                  {t('auth.tabs.signIn')}
                </Tabs.Tab>
                <Tabs.Tab value="register" leftSection={<IconUserPlus size={16} aria-hidden />} data-testid="tab-register">
                  {t('auth.tabs.register')}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="sign-in" pt="lg">
                <SignInForm
                  key={registeredEmail ?? 'sign-in'}
                  result={signInResult}
                  redirectTo={redirectTo}
                  defaultEmail={registeredEmail ?? ''}
                  rateLimitMessage={limited === 'login' ? rateLimitMessage : null}
                  registerHref={tabHref('register', redirectTo)}
                  onRegister={() => setTab('register')}
                />
              </Tabs.Panel>
              <Tabs.Panel value="register" pt="lg">
                <RegisterForm
                  result={registerResult}
                  rateLimitMessage={limited === 'signup' ? rateLimitMessage : null}
                  signInHref={tabHref('sign-in', redirectTo)}
                  onSignIn={() => setTab('sign-in')}
                />
              </Tabs.Panel>
            </Tabs>
          )}
          {challengeLost && (
            <Alert color="orange" icon={<IconAlertCircle aria-hidden />} role="alert" mt="md" data-testid="two-factor-expired">
              {twoFactorAnswer?.errors.code}
            </Alert>
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
