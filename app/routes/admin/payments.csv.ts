/**
 * /admin/payments.csv (admin only): the payments list with the same filters as /admin/payments
 * (`?status=&kind=&method=&from=&to=&building=`), newest first, streamed in batches, at most
 * 100,000 rows. Bad filters answer 400.
 */
import { paymentsCsvResponse } from '~/features/payments/payments.page.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/payments.csv';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  return paymentsCsvResponse({ request, context, actor });
}
