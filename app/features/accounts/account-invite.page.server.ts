/**
 * The page adapter of an invitation link, `/vendor-invite/:token` (decision 030) and
 * `/owner-invite/:token` (decision 061), on the page protocol of decision 037: what the link shows
 * (`findInvitation`) and its two commands, `create` (signed out: the account with a password, then
 * signed in and sent to the portal) and `link` (signed in with an account of the right role and
 * e-mail). Answers: 303 to the portal on success; 404 (unknown, used or replaced link), 410
 * (expired), 409 (an account exists, already signed in, or the account is linked to another
 * record), 403 (wrong account), 401 (link while signed out), 422 (password), 429 (the `signup`
 * rate limit of spec §9, counted for `create` only), 400 (unknown intent), each with a message
 * from `<namespace>.invite.errors`.
 */
import { z } from 'zod';
import { RESET_MESSAGES } from '~/features/accounts/accounts.schemas';
import { signIn } from '~/features/accounts/accounts.server';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '~/lib/constants';
import { requestLanguage } from '~/lib/route-helpers.server';
import { PASSWORD_PROBLEM_MESSAGES } from '~/server/auth/password-policy.server';
import { getViewer } from '~/server/auth/session.server';
import { handleFormAction, type FormCall, type Refusal } from '~/server/http/form-action.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { checkRateLimit } from '~/server/rate-limit.server';
import { rateLimitedAnswer, redirectWithCookies } from '~/server/responses.server';
import type { InvitationOutcome, PartyInvitations } from './account-invitation.server';
import { INVITE_INTENTS, type AccountInviteIntent, type InvitationRefusal } from './account-invite.types';

/** One kind of invitation as its page sees it: the party's bound calls, its texts and its portal. */
export type InvitePageKind = PartyInvitations & {
  /** The i18n namespace holding `invite.*` (`vendors`, `owners`). */
  namespace: 'vendors' | 'owners';
  /** Where the account lands once it exists. */
  portal: string;
};

type PageArgs = { request: Request; context: DimoraLoadContext; token: string | undefined };

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
export async function loadInvitePage(kind: InvitePageKind, { request, context, token }: PageArgs) {
  const lang = requestLanguage(request);
  const viewer = await getViewer(request, context);
  const invitation = await kind.find({ db: context.db, token: token ?? '', viewer });
  return {
    invitation,
    i18n: translations(lang, [kind.namespace, 'auth']),
    meta: pageMeta(lang, `${kind.namespace}.invite.meta.title`, `${kind.namespace}.invite.meta.description`),
  };
}

/** The HTTP status of each refusal of the invitation service (decision 037). */
const REFUSAL_STATUS: Record<InvitationRefusal, number> = {
  invalid: 404,
  expired: 410,
  account_exists: 409,
  wrong_account: 403,
  already_linked: 409,
};

/** The refusal of a refused outcome: a password problem is a 422 on the password field, with the policy's message. */
function refusalOf(kind: InvitePageKind, outcome: Extract<InvitationOutcome, { ok: false }>): Refusal {
  if (outcome.reason === 'password') return { status: 422, message: PASSWORD_PROBLEM_MESSAGES[outcome.problem], field: 'password' };
  return { status: REFUSAL_STATUS[outcome.reason], message: `${kind.namespace}.invite.errors.${outcome.reason}` };
}

/**
 * The invitation link's commands: `intent=create` (signed out; `password`, `confirmPassword`) or
 * `intent=link` (signed in). See the module's comment for the answers.
 */
export function handleInviteAction(kind: InvitePageKind, { request, context, token }: PageArgs) {
  const pageRefusal = (reason: 'signedOut' | 'signedIn'): Refusal => ({
    status: reason === 'signedOut' ? 401 : 409,
    message: `${kind.namespace}.invite.errors.${reason}`,
  });
  return handleFormAction({ request, context }, { intents: INVITE_INTENTS }, async (call: FormCall<AccountInviteIntent>) => {
    const { intent, origin } = call;
    if (intent === 'link') {
      const viewer = await getViewer(request, context);
      if (!viewer) call.refuse(pageRefusal('signedOut'));
      const outcome = await kind.link({ db: context.db, token: token ?? '', viewer, origin });
      if (!outcome.ok) call.refuse(refusalOf(kind, outcome));
      context.logger.info({ kind: kind.namespace, record: outcome.recordId, user: outcome.userId }, 'account linked from an invitation');
      return call.done({ redirectTo: kind.portal, alwaysRedirect: true });
    }
    if (await getViewer(request, context)) call.refuse(pageRefusal('signedIn'));
    // Counted here, not by handleFormAction: linking an account is not a sign-up.
    const limited = await checkRateLimit({ context, request }, 'signup');
    if (limited) return rateLimitedAnswer(limited);
    const input = call.parse(createSchema, { password: call.fields.password ?? '', confirmPassword: call.fields.confirmPassword ?? '' });
    const outcome = await kind.accept({ db: context.db, token: token ?? '', password: input.password, locale: call.lang, origin });
    if (!outcome.ok) call.refuse(refusalOf(kind, outcome));
    context.logger.info({ kind: kind.namespace, record: outcome.recordId, user: outcome.userId }, 'account created from an invitation');
    // Signed in at once: the link proved the address, the password was just chosen.
    const signedIn = await signIn({ context, request }, { email: outcome.email, password: input.password });
    if (signedIn.ok === true) return redirectWithCookies(kind.portal, signedIn.headers);
    return call.done({ redirectTo: `/auth?redirectTo=${encodeURIComponent(kind.portal)}`, alwaysRedirect: true });
  });
}
