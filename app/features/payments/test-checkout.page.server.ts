/**
 * The sandbox's hosted checkout (decision 049): the stand-in for Stripe's Checkout page that
 * development, the demo and the browser tests pay on, so they take the production path (our form
 * → hosted page → back to our return page, settled from the provider's record). Served only while
 * the sandbox is the payment provider; anything else answers 404. The page is the provider's, not
 * Dimora's: it is the one page allowed to ask for a card number, and it says "Test mode".
 *
 * Paying here does what Stripe does: the sandbox records the outcome (`payCheckout`: the test
 * cards' answers) and then, like Stripe's `checkout.session.completed` webhook, the session is
 * synced (`syncCheckoutByRef`, the webhook's own function) before the browser goes back.
 */
import { data } from 'react-router';
import { z } from 'zod';
import { syncCheckoutByRef } from '~/features/ledger/lease-checkout.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { cardDigits, parseExpiry } from '~/server/payments/card';
import { getPaymentProvider } from '~/server/payments/payments.server';
import type { DeclineCode } from '~/server/payments/payment-provider';
import {
  SANDBOX_TEST_BANK,
  SANDBOX_TEST_CARDS,
  sameOriginPath,
  type SandboxCheckoutPayment,
  type SandboxProvider,
} from '~/server/payments/sandbox-provider.server';

/** What the test page shows about a session: never anything the payer did not give it. */
export type TestCheckoutView = {
  ref: string;
  description: string;
  amountCents: number;
  status: 'open' | 'complete' | 'expired';
  /** `setup`: the card is saved for later charges (autopay), nothing is charged now. */
  mode: 'payment' | 'setup';
  cancelUrl: string;
  expiresAt: string;
  testCards: { number: string; outcome: string }[];
  /** The test bank account, when the session offers bank debits (decision 050). */
  testBank: { routingNumber: string; accounts: { number: string; outcome: string }[] } | null;
};

function sandbox(): SandboxProvider {
  const provider = getPaymentProvider();
  if (provider.name !== 'sandbox' || !('payCheckout' in provider)) throw data(null, { status: 404 });
  return provider as SandboxProvider;
}

/** The session `ref` for the page, or 404 (not the sandbox, or no such session). */
export async function loadTestCheckout(ref: string): Promise<TestCheckoutView> {
  const provider = sandbox();
  const state = await provider.findCheckout(ref);
  const session = provider.checkouts.get(ref);
  if (!state || !session) throw data(null, { status: 404 });
  return {
    ref,
    description: session.request.description,
    amountCents: session.request.amountCents,
    status: state.status,
    mode: session.request.mode ?? 'payment',
    cancelUrl: sameOriginPath(session.request.cancelUrl),
    expiresAt: session.request.expiresAt.toISOString(),
    testCards: [
      { number: SANDBOX_TEST_CARDS.succeeds, outcome: 'succeeds' },
      { number: SANDBOX_TEST_CARDS.declined, outcome: 'declined' },
      { number: SANDBOX_TEST_CARDS.insufficientFunds, outcome: 'insufficientFunds' },
      ...(session.request.mode === 'setup' ? [{ number: SANDBOX_TEST_CARDS.attachesButDeclines, outcome: 'attachesButDeclines' }] : []),
    ],
    testBank: session.request.methods.includes('us_bank_account')
      ? {
          routingNumber: SANDBOX_TEST_BANK.routingNumber,
          accounts: [
            { number: SANDBOX_TEST_BANK.clears, outcome: 'bankClears' },
            { number: SANDBOX_TEST_BANK.returned, outcome: 'bankReturned' },
          ],
        }
      : null,
  };
}

const cardForm = z.object({
  cardNumber: z.string().transform((value, ctx) => cardDigits(value) ?? (ctx.addIssue({ code: 'custom', message: 'number' }), z.NEVER)),
  expiry: z.string().transform((value, ctx) => parseExpiry(value) ?? (ctx.addIssue({ code: 'custom', message: 'expiry' }), z.NEVER)),
  cvc: z.string().trim().default(''),
  name: z.string().trim().max(120).default(''),
});

const bankForm = z.object({
  routingNumber: z.string().transform((value) => value.replace(/\D/g, '')),
  accountNumber: z.string().transform((value) => value.replace(/\D/g, '')),
  holder: z.string().trim().max(120).default(''),
});

export type TestCheckoutAnswer = { ok: false; error: DeclineCode | 'form' | 'invalid_account' };

/**
 * Pays session `ref` with what was posted: a card, or (`intent=bank`) a test bank account. A paid
 * session is synced (the `checkout.session.completed` webhook's work) and the browser is sent to
 * its success URL (303); a bank debit is synced again when it clears or comes back, as Stripe's
 * `checkout.session.async_payment_*` webhooks would (the reconciler catches it after a restart). A
 * decline or an unreadable card or account answers 422 and the session stays open; a closed session
 * sends the browser back to its cancel URL.
 */
export async function payTestCheckout(ref: string, form: Record<string, string>, context: DimoraLoadContext) {
  const provider = sandbox();
  if (!provider.checkouts.has(ref)) throw data(null, { status: 404 });
  let outcome: SandboxCheckoutPayment;
  if (form.intent === 'bank') {
    if (!provider.checkouts.get(ref)?.request.methods.includes('us_bank_account')) throw data(null, { status: 404 });
    const parsed = bankForm.safeParse(form);
    if (!parsed.success) return data<TestCheckoutAnswer>({ ok: false, error: 'invalid_account' }, { status: 422 });
    outcome = provider.payCheckoutByBank(ref, parsed.data);
  } else {
    const parsed = cardForm.safeParse(form);
    if (!parsed.success) return data<TestCheckoutAnswer>({ ok: false, error: 'form' }, { status: 422 });
    const { cardNumber, expiry, cvc, name } = parsed.data;
    outcome = provider.payCheckout(ref, { number: cardNumber, expMonth: expiry.month, expYear: expiry.year, cvc, name });
  }
  if (outcome.status === 'declined') return data<TestCheckoutAnswer>({ ok: false, error: outcome.declineCode }, { status: 422 });
  if (outcome.status === 'paid') {
    const sync = async () => {
      const synced = await syncCheckoutByRef({
        db: context.db,
        provider,
        ref,
        context: { publicUrl: context.publicUrl, logger: context.logger },
      });
      context.logger.info({ ref, synced }, 'sandbox checkout synced');
    };
    await sync();
    if (outcome.settlesAt) {
      const wait = Math.max(0, outcome.settlesAt.getTime() - Date.now()) + 50;
      setTimeout(
        () => sync().catch((error: unknown) => context.logger.warn({ err: error, ref }, 'sandbox debit sync failed')),
        wait,
      ).unref();
    }
  }
  return new Response(null, { status: 303, headers: { Location: outcome.redirectTo } });
}
