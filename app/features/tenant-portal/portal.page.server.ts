/**
 * The tenant portal's commands (decision 022), through the page protocol (decision 037): `pay`
 * (Pay now: opens the hosted checkout, decision 049), `autopay-on` (saves a card on the hosted
 * page), `autopay-off` on /tenant-portal, and `sign` on
 * /tenant-portal/leases/:leaseId. Pay now, autopay-on and sign are rate-limited as a `payment`
 * (spec §9: 10 a minute per user; 429), validated with the portal schemas, carried out by the
 * ledger and lease services, and answered with translated field errors (400/422), a translated
 * refusal (404/409/402/503, with a fresh idempotency key for the next attempt) or a success
 * message; a plain HTML post is redirected (303). Card numbers are never echoed back.
 */
import { cancelAutopay } from '~/features/ledger/autopay.server';
import {
  checkoutReturnPath,
  startAutopayCheckout,
  startLeaseCheckout,
  type StartAutopayRefusal,
  type StartCheckoutRefusal,
} from '~/features/ledger/lease-checkout.server';
import { signLease, startSigningCheckout, type SigningCheckoutOutcome, type SignRefusal } from '~/features/leases/lease-signing.server';
import type { ActionResult } from '~/lib/action-result';
import { formatCents } from '~/lib/format';
import type { Viewer } from '~/server/auth/session.server';
import { handleFormAction, reasonTable, type FormCall, type ReasonTable } from '~/server/http/form-action.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { getPaymentProvider } from '~/server/payments/payments.server';
import { checkRateLimit } from '~/server/rate-limit.server';
import { rateLimitedAnswer } from '~/server/responses.server';
import { autopayFormSchema, payFormSchema, signFormSchema, signingPayFormSchema } from './portal.schemas';

/** The commands of /tenant-portal and of a lease's signing page. */
export const PORTAL_INTENTS = ['pay', 'autopay-on', 'autopay-off'] as const;
export type PortalIntent = (typeof PORTAL_INTENTS)[number] | 'sign';

/** What a portal command answers (decision 037's `ActionResult`). */
export type PortalActionResult = ActionResult<PortalIntent>;

type Args = { request: Request; context: DimoraLoadContext; viewer: Viewer };

/** The values a refusal puts back: never card data. */
const ECHO = ['amount', 'day', 'typedName'];

/** Pay now's refusals; the amount's own messages also show on the amount field. */
const PAY_REFUSALS = reasonTable<StartCheckoutRefusal>('tenantPortal.errors', {
  not_found: 404,
  not_active: 409,
  nothing_due: 409,
  invalid_amount: 422,
  above_balance: 422,
  provider_unavailable: 503,
  checkout_busy: 409,
});

const AUTOPAY_REFUSALS: ReasonTable<StartAutopayRefusal | 'cancel_not_found'> = {
  ...reasonTable('tenantPortal.errors', {
    not_found: 404,
    not_active: 409,
    invalid_day: 409,
    provider_unavailable: 503,
    checkout_busy: 409,
  }),
  cancel_not_found: { status: 404, message: 'tenantPortal.errors.notFound' },
};

/** The signature's refusals; a name or consent refusal also shows on its field (`SIGN_FIELDS`). */
const SIGN_REFUSALS = reasonTable<SignRefusal>('tenantPortal.sign.errors', {
  not_found: 404,
  not_open: 409,
  expired: 409,
  already_signed: 409,
  name_mismatch: 422,
  consent_required: 422,
  document_changed: 409,
  payment_required: 409,
  overlap: 409,
});
const SIGN_FIELDS: Partial<Record<SignRefusal, string>> = { name_mismatch: 'typedName', consent_required: 'consent' };

/** `/tenant-portal` actions: pay, autopay-on, autopay-off (this one is not rate-limited). */
export function handlePortalAction({ request, context, viewer }: Args) {
  return handleFormAction(
    { request, context },
    { intents: PORTAL_INTENTS, echo: ECHO },
    async (call: FormCall<(typeof PORTAL_INTENTS)[number]>) => {
      const { intent, t, lang, origin } = call;
      if (intent === 'autopay-off') {
        if (!(await cancelAutopay({ db: context.db, viewer, leaseId: Number(call.fields.leaseId), origin })))
          call.refuse(AUTOPAY_REFUSALS.cancel_not_found, { renewKey: true });
        return call.done({ message: 'tenantPortal.autopay.cancelled', redirectTo: '/tenant-portal#autopay' });
      }
      const limited = await checkRateLimit({ context, request }, 'payment', viewer.id);
      if (limited) return rateLimitedAnswer(limited);
      const provider = getPaymentProvider();
      if (intent === 'pay') {
        const input = call.parse(payFormSchema, call.fields, { renewKey: true });
        const outcome = await startLeaseCheckout({
          db: context.db,
          provider,
          viewer,
          leaseId: input.leaseId,
          amountCents: input.amountCents,
          idempotencyKey: input.key,
          locale: lang,
          origin,
          context: { publicUrl: context.publicUrl, logger: context.logger },
        });
        if (!outcome.ok) {
          const refusal = PAY_REFUSALS[outcome.reason];
          const params = { balance: formatCents(outcome.balanceCents ?? 0, lang) };
          call.refuse(refusal, { params, renewKey: true, errors: refusal.status === 422 ? { amount: t(refusal.message, params) } : {} });
        }
        // To the hosted checkout (or, for a form already paid, to its outcome): a full-page redirect.
        return call.done({ redirectTo: outcome.url ?? checkoutReturnPath(outcome.paymentId), alwaysRedirect: true });
      }
      const input = call.parse(autopayFormSchema, call.fields, { renewKey: true });
      const outcome = await startAutopayCheckout({
        db: context.db,
        provider,
        viewer,
        leaseId: input.leaseId,
        dayOfMonth: input.day,
        locale: lang,
        context: { publicUrl: context.publicUrl, logger: context.logger },
      });
      if (!outcome.ok) call.refuse(AUTOPAY_REFUSALS[outcome.reason], { renewKey: true });
      // To the hosted page where the card is saved (Checkout's setup mode): a full-page redirect.
      return call.done({ redirectTo: outcome.url, alwaysRedirect: true });
    },
  );
}

/** What opening the checkout of the amount due at signing may answer besides Pay now's refusals. */
const SIGNING_PAY_REFUSALS = reasonTable<Exclude<SigningCheckoutOutcome, { ok: true }>['reason']>('tenantPortal.errors', {
  not_found: 404,
  not_active: 409,
  nothing_due: 409,
  invalid_amount: 422,
  above_balance: 422,
  provider_unavailable: 503,
  checkout_busy: 409,
  not_open: 409,
  expired: 409,
});

/**
 * `/tenant-portal/leases/:leaseId` actions: `pay-signing` (the primary signer pays what is due at
 * signing on the hosted checkout, decision 049) and `sign` (the default: the signature, once paid).
 */
export function handleSignAction({ request, context, viewer, leaseId }: Args & { leaseId: number }) {
  return handleFormAction(
    { request, context },
    { intents: ['sign', 'pay-signing'], defaultIntent: true, echo: ECHO, rateLimit: { action: 'payment', userId: viewer.id } },
    async (call: FormCall<'sign' | 'pay-signing'>) => {
      const { t } = call;
      if (call.intent === 'pay-signing') {
        const input = call.parse(signingPayFormSchema, call.fields, { renewKey: true });
        const outcome = await startSigningCheckout({
          db: context.db,
          provider: getPaymentProvider(),
          viewer,
          leaseId,
          idempotencyKey: input.key,
          locale: call.lang,
          origin: call.origin,
          context: { publicUrl: context.publicUrl, logger: context.logger },
        });
        if (!outcome.ok) call.refuse(SIGNING_PAY_REFUSALS[outcome.reason], { renewKey: true });
        return call.done({ redirectTo: outcome.url ?? checkoutReturnPath(outcome.paymentId), alwaysRedirect: true });
      }
      const input = call.parse(signFormSchema, call.fields, { renewKey: true });
      const outcome = await signLease({
        db: context.db,
        storage: context.storage,
        viewer,
        leaseId,
        typedName: input.typedName,
        consent: input.consent,
        documentSha256: input.documentSha256,
        lang: call.lang,
        origin: call.origin,
        publicUrl: context.publicUrl,
      });
      if (!outcome.ok) {
        const refusal = SIGN_REFUSALS[outcome.reason];
        const field = SIGN_FIELDS[outcome.reason];
        call.refuse(refusal, { renewKey: true, errors: field ? { [field]: t(refusal.message) } : {} });
      }
      return call.done({
        message: outcome.leaseStatus === 'signed' ? 'tenantPortal.sign.doneAll' : 'tenantPortal.sign.done',
        redirectTo: `/tenant-portal/leases/${leaseId}?signed=1`,
      });
    },
  );
}
