/**
 * The page adapter of /vendor-invite/:token (decision 030; page protocol of decision 037): what the
 * invitation link shows (vendor-invitation.server.ts `findVendorInvitation`) and its two
 * commands: `create` (signed out: the vendor account with a password, then signed in and sent to
 * /vendor-portal) and `link` (signed in as a vendor account with the vendor's e-mail). Answers:
 * 303 to /vendor-portal on success; 404 (unknown, used or replaced link), 410 (expired), 409
 * (an account exists, or the account is linked to another vendor), 403 (wrong account), 422
 * (password), 429 (rate limit), 503 (password hasher busy) with a translated message.
 */
import { z } from 'zod';
import { signIn } from '~/features/accounts/accounts.server';
import { checkRateLimit } from '~/server/rate-limit.server';
import { RESET_MESSAGES } from '~/features/accounts/accounts.schemas';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '~/lib/constants';
import { requestLanguage } from '~/lib/route-helpers.server';
import { PASSWORD_PROBLEM_MESSAGES } from '~/server/auth/password-policy.server';
import { getViewer } from '~/server/auth/session.server';
import { handleFormAction, type FormCall, type ReasonTable, type Refusal } from '~/server/http/form-action.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { rateLimitedAnswer, redirectWithCookies } from '~/server/responses.server';
import { INVITE_INTENTS, type VendorInviteIntent } from './vendor-admin.types';
import {
  acceptVendorInvitation,
  findVendorInvitation,
  linkVendorInvitation,
  type InvitationOutcome,
  type InvitationRefusal,
} from './vendor-invitation.server';

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

/**
 * How the invitation page answers each reason code of the invitation service (decision 037):
 * `vendors.invite.errors.<reason>` for the whole form. A password the policy refused is answered
 * by `refusalOf`.
 */
export const INVITATION_REFUSALS: ReasonTable<InvitationRefusal> = {
  invalid: { status: 404, message: 'vendors.invite.errors.invalid' },
  expired: { status: 410, message: 'vendors.invite.errors.expired' },
  account_exists: { status: 409, message: 'vendors.invite.errors.account_exists' },
  wrong_account: { status: 403, message: 'vendors.invite.errors.wrong_account' },
  already_linked: { status: 409, message: 'vendors.invite.errors.already_linked' },
};

/** The refusal of a refused invitation outcome: a password problem is a 422 on the password field, with the policy's message. */
function refusalOf(outcome: Extract<InvitationOutcome, { ok: false }>): Refusal {
  if (outcome.reason === 'password') return { status: 422, message: PASSWORD_PROBLEM_MESSAGES[outcome.problem], field: 'password' };
  return INVITATION_REFUSALS[outcome.reason];
}

/** Refusals of the page itself, before the service is asked. */
const PAGE_REFUSALS = {
  signedOut: { status: 401, message: 'vendors.invite.errors.signedOut' },
  signedIn: { status: 409, message: 'vendors.invite.errors.signedIn' },
} satisfies Record<string, Refusal>;

/**
 * The invitation link's commands (decision 030): `intent=create` (signed out; `password`,
 * `confirmPassword`: the vendor account is created, signed in and sent to /vendor-portal) or
 * `intent=link` (signed in as a vendor account with the vendor's e-mail). Answers per decision
 * 037: a 303 to /vendor-portal on success (enhanced posts too: the page is done); 404 (unknown,
 * used or replaced link), 410 (expired), 409 (an account exists, already signed in, or the account
 * is linked to another vendor), 403 (wrong account), 401 (link while signed out), 422 (password),
 * 429 (`signup` rate limit of spec §9, counted for `create` only), 400 (unknown intent), each with
 * a translated message.
 */
export function handleVendorInviteAction({ request, context, token }: PageArgs) {
  return handleFormAction({ request, context }, { intents: INVITE_INTENTS }, async (call: FormCall<VendorInviteIntent>) => {
    const { intent, origin } = call;
    if (intent === 'link') {
      const viewer = await getViewer(request, context);
      if (!viewer) call.refuse(PAGE_REFUSALS.signedOut);
      const outcome = await linkVendorInvitation({ db: context.db, token: token ?? '', viewer, origin });
      if (!outcome.ok) call.refuse(refusalOf(outcome));
      context.logger.info({ vendor: outcome.vendorId, user: outcome.userId }, 'vendor account linked');
      return call.done({ redirectTo: PORTAL, alwaysRedirect: true });
    }
    if (await getViewer(request, context)) call.refuse(PAGE_REFUSALS.signedIn);
    // Counted here, not by handleFormAction: linking an account is not a sign-up.
    const limited = await checkRateLimit({ context, request }, 'signup');
    if (limited) return rateLimitedAnswer(limited);
    const input = call.parse(createSchema, { password: call.fields.password ?? '', confirmPassword: call.fields.confirmPassword ?? '' });
    const outcome = await acceptVendorInvitation({
      db: context.db,
      token: token ?? '',
      password: input.password,
      locale: call.lang,
      origin,
    });
    if (!outcome.ok) call.refuse(refusalOf(outcome));
    context.logger.info({ vendor: outcome.vendorId, user: outcome.userId }, 'vendor account created from an invitation');
    // Signed in at once: the link proved the address, the password was just chosen.
    const signedIn = await signIn({ context, request }, { email: outcome.email, password: input.password });
    if (signedIn.ok === true) return redirectWithCookies(PORTAL, signedIn.headers);
    return call.done({ redirectTo: `/auth?redirectTo=${encodeURIComponent(PORTAL)}`, alwaysRedirect: true });
  });
}
