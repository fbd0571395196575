/** /vendor-portal/invoices/:invoiceId/pdf (role vendor): the vendor's own invoice PDF, as an attachment only; 404 otherwise (audited). */
import { invoicePdfResponse } from '~/features/work-orders/vendor-work-orders.page.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/invoices.$invoiceId.pdf';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'vendor');
  return invoicePdfResponse({ request, context, viewer, param: params.invoiceId });
}
