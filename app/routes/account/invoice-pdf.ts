/** /dashboard/assignments/invoices/:invoiceId/pdf (property managers, their buildings' invoices; another's is a 404, audited): an invoice's PDF, as an attachment only (never inline), never cached. */
import { invoicePdfResponse } from '~/features/work-orders/vendor-pages.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/invoice-pdf';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'property_manager');
  return invoicePdfResponse({ request, context, viewer, param: params.invoiceId });
}
