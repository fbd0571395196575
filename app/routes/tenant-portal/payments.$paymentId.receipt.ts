/** /tenant-portal/payments/:paymentId/receipt: the PDF receipt of a payment on the viewer's lease. */
import { data } from 'react-router';
import { findReceiptPdf } from '~/features/tenant-portal/portal.server';
import { parseDigitsId, requestLanguage } from '~/lib/route-helpers.server';
import { auditRefusalIfExists, requestOrigin } from '~/server/audit.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/payments.$paymentId.receipt';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'tenant');
  const paymentId = parseDigitsId(params.paymentId);
  const receipt = await findReceiptPdf({ db: context.db, viewer, paymentId, lang: requestLanguage(request) });
  if (!receipt) {
    // Decision 023: someone else's receipt is a 404 like an unknown one, and recorded.
    await auditRefusalIfExists(context.db, viewer, {
      table: 'payment',
      id: paymentId,
      reason: 'not_signer',
      origin: requestOrigin(request, context.clientIp),
      values: { payment_id: paymentId },
    });
    throw data(null, { status: 404 });
  }
  return new Response(new Uint8Array(receipt.pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${receipt.fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
