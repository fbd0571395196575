/** /admin/assignments/invoices/:invoiceId/pdf (admins): an invoice's PDF, as an attachment only (never inline), never cached. */
import { invoicePdfResponse } from '~/features/work-orders/vendor-pages.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/invoice-pdf';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'admin');
  return invoicePdfResponse({ request, context, viewer, param: params.invoiceId });
}
