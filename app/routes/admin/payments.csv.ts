/**
 * /admin/payments.csv (admin only): the payments list with the same filters as /admin/payments
 * (`?status=&kind=&method=&from=&to=&building=`), newest first, streamed in batches, at most
 * 100,000 rows. Bad filters answer 400.
 */
import { paymentsCsvResponse } from '~/features/payments/payments.page.server';
import { withRole } from '~/server/http/role-page.server';

export const loader = withRole('admin', paymentsCsvResponse);
