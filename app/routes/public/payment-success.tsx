/**
 * /payment-success?ref=DIM-XXXXXXXX (spec §2 "Payment success"): the receipt of a submitted
 * application — reference, home, amounts paid, what happens next. It is also where the
 * provider's hosted checkout sends the applicant back (decision 049; `&cancelled=1` from its
 * "back" link): the loader first reads the application's checkout from the provider
 * (`syncCheckout`; the query string decides nothing), then shows the receipt, or — not paid
 * yet — that it is waiting (and updates by itself) or that nothing was charged. Only the browser
 * that submitted it (its `booking_receipts` cookie), the signed-in applicant, admins and the
 * home's manager see it; any other reference answers 404, as does a missing or malformed one.
 */
import { Container } from '@mantine/core';
import { data } from 'react-router';
import { isApplicationReference } from '~/features/booking/application-payments.server';
import { clearDraftCookie, cookieOptions, readReceipts } from '~/features/booking/booking-cookies.server';
import { findApplicationCheckout, findApplicationReceipt } from '~/features/booking/booking.server';
import { ApplicationReceipt } from '~/features/booking/components/application-receipt';
import { ApplicationCheckoutState } from '~/features/booking/components/application-checkout-state';
import { syncCheckout } from '~/features/ledger/lease-checkout.server';
import { translations } from '~/i18n/resources.server';
import { getT } from '~/i18n/translate.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { getViewer } from '~/server/auth/session.server';
import { PaymentProviderError } from '~/server/payments/payment-provider';
import { getPaymentProvider } from '~/server/payments/payments.server';
import type { Route } from './+types/payment-success';

/** A receipt holds personal details: never cached. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const out = new Headers({ 'Cache-Control': 'private, no-store' });
  const cookie = loaderHeaders.get('Set-Cookie');
  if (cookie) out.set('Set-Cookie', cookie);
  return out;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const reference = url.searchParams.get('ref')?.trim().toUpperCase() ?? '';
  if (!isApplicationReference(reference)) throw data(null, { status: 404 });
  const lang = requestLanguage(request);
  const viewer = await getViewer(request, context);
  const who = viewer ? { id: viewer.id, role: viewer.role } : null;
  const receipts = readReceipts(request);
  const t = getT(lang);
  const i18n = translations(lang, ['booking']);

  // Back from the hosted checkout: how it ended is the provider's answer.
  const pending = await findApplicationCheckout({ db: context.db, reference, viewer: who, receipts });
  const provider = getPaymentProvider();
  let providerDown = false;
  if (pending?.checkout && pending.checkout.provider === provider.name) {
    const cancelled = url.searchParams.get('cancelled') === '1';
    try {
      if (cancelled && pending.checkout.status === 'open' && pending.checkout.sessionRef) await provider.expireCheckout(pending.checkout.sessionRef);
      await syncCheckout({
        db: context.db,
        provider,
        checkout: pending.checkout,
        context: { publicUrl: context.publicUrl, logger: context.logger },
        closedAs: cancelled ? 'checkout_cancelled' : 'checkout_expired',
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      providerDown = true;
      context.logger.warn({ err: error, reference }, 'payment-success: provider unavailable');
    }
  }

  const receipt = await findApplicationReceipt({ db: context.db, reference, viewer: who, receipts, lang });
  if (receipt) {
    // Paid: the booking draft of this home has done its job.
    const headers = pending?.checkout ? { 'Set-Cookie': clearDraftCookie(cookieOptions(context.publicUrl)) } : undefined;
    return data(
      {
        kind: 'receipt' as const,
        receipt,
        state: null,
        i18n,
        meta: { title: t('booking.success.metaTitle', { reference: receipt.reference }), description: t('booking.meta.description') },
      },
      { headers },
    );
  }
  if (!pending?.checkout) throw data(null, { status: 404 });
  const fresh = await findApplicationCheckout({ db: context.db, reference, viewer: who, receipts });
  const checkout = fresh?.checkout ?? pending.checkout;
  return data({
    kind: 'unpaid' as const,
    receipt: null,
    state: {
      reference,
      propertyId: pending.propertyId,
      amountCents: pending.amountCents,
      status: checkout.status === 'expired' ? ('failed' as const) : ('pending' as const),
      url: checkout.status === 'open' && !providerDown ? checkout.url : null,
    },
    i18n,
    meta: { title: t('booking.checkoutReturn.pendingTitle'), description: t('booking.meta.description') },
  });
}

// A receipt: not public, so loaderMeta adds `noindex`.
export const meta = loaderMeta;

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="md" py="xl" data-testid="payment-success">
      {loaderData.receipt ? <ApplicationReceipt receipt={loaderData.receipt} /> : <ApplicationCheckoutState state={loaderData.state!} />}
    </Container>
  );
}
