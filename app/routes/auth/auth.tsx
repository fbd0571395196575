/**
 * /auth (spec §2, §4, §6): sign in and register. Signed-in visitors are sent to `/`; the reset
 * link of the e-mail (`/auth?mode=reset&token=…`) leads to the reset form at /auth/forgot.
 *
 * The action takes `intent=sign-in` (email, password, redirectTo) or `intent=register` (email,
 * password, fullName, role tenant|vendor, companyName, phone, address). Answers: 303 to
 * `redirectTo` with the session cookie; 400/422 with field errors; 401 for bad credentials;
 * 403 for an unverified or banned account; 429 when rate-limited.
 */
import { data, redirect } from 'react-router';
import { readForm, signInSchema, signUpSchema } from '~/features/accounts/accounts.schemas';
import { signIn, signUp } from '~/features/accounts/accounts.server';
import { translations } from '~/i18n/resources.server';
import { getT, pageMeta } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { getViewer } from '~/server/auth/session.server';
import { isDocumentPost, translateIssues } from '~/server/form-errors.server';
import { rateLimitedAnswer, redirectWithCookies } from '~/server/responses.server';
import type { Route } from './+types/auth';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get('mode') === 'reset') {
    const token = url.searchParams.get('token');
    return redirect(`/auth/forgot?mode=reset${token ? `&token=${encodeURIComponent(token)}` : ''}`);
  }
  if (await getViewer(request, context)) return redirect('/');
  const lang = requestLanguage(request);
  const tab = url.searchParams.get('tab') === 'register' ? 'register' : 'sign-in';
  return {
    tab,
    redirectTo: safeRedirectPath(url.searchParams.get('redirectTo'), '/'),
    verified: url.searchParams.get('verified') === '1',
    i18n: translations(lang, ['auth', 'forms']),
    meta: pageMeta(lang, 'auth.meta.title', 'auth.meta.description'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const lang = requestLanguage(request);
  const t = getT(lang);
  const form = await request.formData();
  const intent = form.get('intent') === 'register' ? 'register' : 'sign-in';
  const call = { context, request };

  if (intent === 'sign-in') {
    const values = readForm(form, ['email', 'password'] as const);
    const redirectTo = safeRedirectPath(String(form.get('redirectTo') ?? ''), '/');
    const echo = { email: values.email };
    const parsed = signInSchema.safeParse(values);
    if (!parsed.success) {
      return data({ ok: false as const, intent, errors: translateIssues(parsed.error, lang), values: echo }, { status: 422 });
    }
    const result = await signIn(call, parsed.data);
    if (result.ok) return redirectWithCookies(redirectTo, result.headers, 'signed-in');
    if (result.reason === 'rate_limited') return rateLimitedAnswer(result);
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
  return data({ ok: false as const, intent, errors: { form: t('auth.register.errors.failed') }, values: echo }, { status: 400 });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

/** Stub page: the helper building the /auth UI replaces this component. */
export default function AuthPage() {
  return null;
}
