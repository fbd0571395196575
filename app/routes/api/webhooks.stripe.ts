/**
 * POST /api/webhooks/stripe: Stripe tells us how a PaymentIntent ended (decision 021). A
 * server-to-server call: no cookie, no Origin (server/app.ts lets such a POST through), so the
 * signature is the only proof it comes from Stripe. The raw body is verified against the
 * `Stripe-Signature` header with STRIPE_WEBHOOK_SECRET (default 5-minute tolerance) before
 * anything else is read or written.
 *
 * `payment_intent.succeeded` / `payment_intent.payment_failed` of an intent we created settle
 * its pending payments through `settleProviderCharge`, which changes only `pending` rows: a
 * delivery replayed any number of times settles once. `charge.dispute.created` / `updated` /
 * `closed` are recorded on the disputed payment (features/payments/disputes.server.ts), once per
 * dispute whatever the order. `checkout.session.completed` / `async_payment_succeeded` /
 * `async_payment_failed` / `expired` make us read the session back from Stripe and settle its
 * payment (decision 049; a session that is not ours is acknowledged and logged, never applied).
 * Every other event is acknowledged and ignored. Not rate-limited: an unsigned flood costs one HMAC per request and no database work.
 *
 * Answers: 200 `{ received: true }` (with `outcome` when a charge was named); 400 missing or
 * bad signature; 404 when the webhook is not configured; 405 any method but POST; 503 when
 * Stripe could not be asked about a session, 500 when the database fails (Stripe retries both).
 */
import { data } from 'react-router';
import Stripe from 'stripe';
import { settleProviderCharge } from '~/features/ledger/settlement.server';
import { stripeWebhookSecret } from '~/server/payments/payments.server';
import { chargeOutcomeFromStripeEvent, checkoutRefFromStripeEvent, disputeFromStripeEvent } from '~/server/payments/stripe-events.server';
import { syncCheckoutByRef } from '~/features/ledger/lease-checkout.server';
import { getPaymentProvider } from '~/server/payments/payments.server';
import { PaymentProviderError } from '~/server/payments/payment-provider';
import { recordDispute } from '~/features/payments/disputes.server';
import { requestOrigin } from '~/server/audit.server';
import type { Route } from './+types/webhooks.stripe';

const NO_STORE = { 'Cache-Control': 'no-store' };

export function loader() {
  if (!stripeWebhookSecret()) return data({ error: 'not_found' }, { status: 404, headers: NO_STORE });
  return data({ error: 'method_not_allowed' }, { status: 405, headers: { ...NO_STORE, Allow: 'POST' } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const secret = stripeWebhookSecret();
  if (!secret) return data({ error: 'not_found' }, { status: 404, headers: NO_STORE });
  if (request.method !== 'POST') return data({ error: 'method_not_allowed' }, { status: 405, headers: { ...NO_STORE, Allow: 'POST' } });

  const signature = request.headers.get('stripe-signature');
  if (!signature) return data({ error: 'missing_signature' }, { status: 400, headers: NO_STORE });
  // The exact bytes Stripe signed: read as text, never parsed before verification.
  const raw = await request.text();
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(raw, signature, secret);
  } catch (error) {
    context.logger.warn(
      { err: error instanceof Error ? error.message : String(error), requestId: context.requestId },
      'stripe webhook refused: bad signature',
    );
    return data({ error: 'invalid_signature' }, { status: 400, headers: NO_STORE });
  }

  const dispute = disputeFromStripeEvent(event);
  if (dispute) {
    const recorded = await recordDispute({ db: context.db, report: dispute, origin: requestOrigin(request, context.clientIp) });
    const log = { eventId: event.id, type: event.type, dispute: dispute.providerRef, paymentIntent: dispute.paymentIntentId, recorded };
    // A dispute on a payment Dimora never took is acknowledged (Stripe would retry otherwise) and logged.
    if (recorded === 'unknown_payment') context.logger.warn(log, 'stripe webhook: dispute on an unknown payment');
    else context.logger.info(log, 'stripe webhook');
    return data({ received: true, dispute: recorded }, { headers: NO_STORE });
  }

  const checkoutRef = checkoutRefFromStripeEvent(event);
  if (checkoutRef) {
    // The event only says "look": the session is read back from Stripe, so a replayed, late or
    // reordered delivery settles what is true now, once (decision 049).
    let synced;
    try {
      synced = await syncCheckoutByRef({
        db: context.db,
        provider: getPaymentProvider(),
        ref: checkoutRef,
        context: { publicUrl: context.publicUrl, logger: context.logger },
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      context.logger.warn(
        { err: error, eventId: event.id, session: checkoutRef },
        'stripe webhook: session could not be read; Stripe will retry',
      );
      return data({ error: 'provider_unavailable' }, { status: 503, headers: NO_STORE });
    }
    const log = { eventId: event.id, type: event.type, session: checkoutRef, synced };
    if (synced === 'unknown' || synced === 'mismatch') context.logger.warn(log, 'stripe webhook: checkout not applied');
    else context.logger.info(log, 'stripe webhook');
    return data({ received: true, checkout: synced }, { headers: NO_STORE });
  }

  const outcome = chargeOutcomeFromStripeEvent(event);
  if (!outcome) return data({ received: true }, { headers: NO_STORE });
  const settled = await settleProviderCharge({
    db: context.db,
    idempotencyKey: outcome.idempotencyKey,
    result: outcome.result,
    context: { publicUrl: context.publicUrl, logger: context.logger },
  });
  context.logger.info({ eventId: event.id, type: event.type, providerRef: outcome.result.providerRef, settled }, 'stripe webhook');
  return data({ received: true, outcome: settled }, { headers: NO_STORE });
}
