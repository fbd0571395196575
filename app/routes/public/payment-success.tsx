/**
 * /payment-success?ref=DIM-XXXXXXXX (spec §2 "Payment success"): the receipt of a submitted
 * application — reference, home, amounts paid, what happens next. Only the browser that
 * submitted it (its `booking_receipts` cookie), the signed-in applicant, admins and the home's
 * manager see it; any other reference answers 404, as does a missing or malformed one. A GET
 * that only reads: refreshing it never pays again.
 */
import { Container } from '@mantine/core';
import { data } from 'react-router';
import { isApplicationReference } from '~/features/booking/application-payments.server';
import { readReceipts } from '~/features/booking/booking-cookies.server';
import { findApplicationReceipt } from '~/features/booking/booking.server';
import { ApplicationReceipt } from '~/features/booking/components/application-receipt';
import { translations } from '~/i18n/resources.server';
import { getT } from '~/i18n/translate.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { getViewer } from '~/server/auth/session.server';
import type { Route } from './+types/payment-success';

/** A receipt holds personal details: never cached. */
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const reference = new URL(request.url).searchParams.get('ref')?.trim().toUpperCase() ?? '';
  if (!isApplicationReference(reference)) throw data(null, { status: 404 });
  const lang = requestLanguage(request);
  const viewer = await getViewer(request, context);
  const receipt = await findApplicationReceipt({
    db: context.db,
    reference,
    viewer: viewer ? { id: viewer.id, role: viewer.role } : null,
    receipts: readReceipts(request),
    lang,
  });
  if (!receipt) throw data(null, { status: 404 });
  const t = getT(lang);
  return {
    receipt,
    i18n: translations(lang, ['booking']),
    meta: { title: t('booking.success.metaTitle', { reference: receipt.reference }), description: t('booking.meta.description') },
  };
}

// A receipt: not public, so loaderMeta adds `noindex`.
export const meta = loaderMeta;

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="md" py="xl" data-testid="payment-success">
      <ApplicationReceipt receipt={loaderData.receipt} />
    </Container>
  );
}
