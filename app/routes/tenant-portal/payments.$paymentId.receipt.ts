/** /tenant-portal/payments/:paymentId/receipt: the PDF receipt of a payment on the viewer's lease. */
import { findReceiptPdf } from '~/features/tenant-portal/portal.server';
import { parseDigitsId, requestLanguage } from '~/lib/route-helpers.server';
import { auditedNotFound } from '~/server/http/audited-not-found.server';
import { fileResponse } from '~/server/http/download.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/payments.$paymentId.receipt';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'tenant');
  const paymentId = parseDigitsId(params.paymentId);
  const receipt = await findReceiptPdf({ db: context.db, viewer, paymentId, lang: requestLanguage(request) });
  // Decision 023: someone else's receipt is a 404 like an unknown one, and recorded.
  if (!receipt) {
    throw await auditedNotFound(request, context, viewer, {
      table: 'payment',
      id: paymentId,
      reason: 'not_signer',
      values: { payment_id: paymentId },
    });
  }
  return fileResponse({ body: receipt.pdf, fileName: receipt.fileName, contentType: 'application/pdf', disposition: 'inline' });
}
