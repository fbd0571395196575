/**
 * The loader and action halves of /vendor-invite/:token (decision 030): what the
 * invitation link shows (vendor-invitation.server.ts `findVendorInvitation`) and its two
 * commands: `create` (signed out: the vendor account with a password, then signed in and sent to
 * /vendor-portal) and `link` (signed in as a vendor account with the vendor's e-mail). Answers:
 * 303 to /vendor-portal on success; 404 (unknown, used or replaced link), 410 (expired), 409
 * (an account exists, or the account is linked to another vendor), 403 (wrong account), 422
 * (password), 429 (rate limit), 503 (password hasher busy) with a translated message.
 */
import { data, redirect } from 'react-router';
import { z } from 'zod';
import { signIn } from '~/features/accounts/accounts.server';
import { checkRateLimit } from '~/server/rate-limit.server';
import { RESET_MESSAGES } from '~/features/accounts/accounts.schemas';
import { translations } from '~/i18n/resources.server';
import { getT, pageMeta } from '~/i18n/translate.server';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '~/lib/constants';
import { formText } from '~/lib/form-fields';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requestOrigin } from '~/server/audit.server';
import { PASSWORD_PROBLEM_MESSAGES } from '~/server/auth/password-policy.server';
import { getViewer } from '~/server/auth/session.server';
import { readFormData, translateIssues } from '~/server/http/form.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { rateLimitedAnswer, redirectWithCookies } from '~/server/responses.server';
import type { VendorInviteActionResult, VendorInviteIntent } from './vendor-admin.types';
import { acceptVendorInvitation, findVendorInvitation, linkVendorInvitation, type InvitationRefusal } from './vendor-invitation.server';

type PageArgs = { request: Request; context: DimoraLoadContext; token: string | undefined };

/** Where a vendor lands once the account exists. */
const PORTAL = '/vendor-portal';

/** The create form: a password that passes the policy, typed twice. */
const createSchema = z
  .object({
    password: z
      .string()
      .min(1, 'common.form.required')
      .min(MIN_PASSWORD_LENGTH, RESET_MESSAGES.tooShort)
      .max(MAX_PASSWORD_LENGTH, RESET_MESSAGES.tooLong),
    confirmPassword: z.string().max(MAX_PASSWORD_LENGTH, RESET_MESSAGES.tooLong),
  })
  .refine((value) => value.password === value.confirmPassword, { path: ['confirmPassword'], message: RESET_MESSAGES.mismatch });

/** What the link shows the visitor; nothing changes by opening it. */
export async function loadVendorInvitePage({ request, context, token }: PageArgs) {
  const lang = requestLanguage(request);
  const viewer = await getViewer(request, context);
  const invitation = await findVendorInvitation({ db: context.db, token: token ?? '', viewer });
  return {
    invitation,
    i18n: translations(lang, ['vendors', 'auth']),
    meta: pageMeta(lang, 'vendors.invite.meta.title', 'vendors.invite.meta.description'),
  };
}

const REFUSAL_STATUS: Record<InvitationRefusal, number> = {
  invalid: 404,
  expired: 410,
  account_exists: 409,
  wrong_account: 403,
  already_linked: 409,
};

function refused(intent: VendorInviteIntent | null, errors: Record<string, string>, status: number) {
  return data<VendorInviteActionResult>({ ok: false, intent, errors }, { status });
}

/** `intent=create` (`password`, `confirmPassword`) or `intent=link`. */
export async function handleVendorInviteAction({ request, context, token }: PageArgs) {
  const lang = requestLanguage(request);
  const t = getT(lang);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const origin = requestOrigin(request, context.clientIp);
  const call = { context, request };
  if (intent === 'link') {
    const viewer = await getViewer(request, context);
    if (!viewer) return refused('link', { form: t('vendors.invite.errors.signedOut') }, 401);
    const outcome = await linkVendorInvitation({ db: context.db, token: token ?? '', viewer, origin });
    if (!outcome.ok)
      return refused(
        'link',
        { form: t(`vendors.invite.errors.${outcome.reason}`) },
        outcome.reason === 'password' ? 422 : REFUSAL_STATUS[outcome.reason],
      );
    context.logger.info({ vendor: outcome.vendorId, user: outcome.userId }, 'vendor account linked');
    return redirect(PORTAL, 303);
  }
  if (intent !== 'create') return refused(null, { form: t('vendors.errors.unknownIntent') }, 400);
  if (await getViewer(request, context)) return refused('create', { form: t('vendors.invite.errors.signedIn') }, 409);
  const limited = await checkRateLimit(call, 'signup');
  if (limited) return rateLimitedAnswer(limited);
  const parsed = createSchema.safeParse({ password: form.get('password') ?? '', confirmPassword: form.get('confirmPassword') ?? '' });
  if (!parsed.success) return refused('create', translateIssues<string>(parsed.error, lang) as Record<string, string>, 422);
  const outcome = await acceptVendorInvitation({
    db: context.db,
    token: token ?? '',
    password: parsed.data.password,
    locale: lang,
    origin,
  });
  if (!outcome.ok) {
    if (outcome.reason === 'password') return refused('create', { password: t(PASSWORD_PROBLEM_MESSAGES[outcome.problem]) }, 422);
    return refused('create', { form: t(`vendors.invite.errors.${outcome.reason}`) }, REFUSAL_STATUS[outcome.reason]);
  }
  context.logger.info({ vendor: outcome.vendorId, user: outcome.userId }, 'vendor account created from an invitation');
  // Signed in at once: the link proved the address, the password was just chosen.
  const signedIn = await signIn(call, { email: outcome.email, password: parsed.data.password });
  if (signedIn.ok === true) return redirectWithCookies(PORTAL, signedIn.headers);
  return redirect(`/auth?redirectTo=${encodeURIComponent(PORTAL)}`, 303);
}
