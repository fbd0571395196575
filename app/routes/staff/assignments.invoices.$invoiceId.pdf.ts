/**
 * An invoice's PDF, as an attachment only (never inline), never cached (decision 038):
 * `/admin/assignments/invoices/:invoiceId/pdf` and `/dashboard/assignments/…` (the manager's
 * buildings' invoices; another's is a 404, audited).
 */
import { invoicePdfResponse } from '~/features/work-orders/vendor-work-orders.page.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/assignments.invoices.$invoiceId.pdf';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request, context);
  return invoicePdfResponse({ request, context, viewer: actor, param: params.invoiceId });
}
