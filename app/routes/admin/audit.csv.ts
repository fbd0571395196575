/**
 * /admin/audit.csv (admin only; decision 023): the audit log with the same filters as
 * /admin/audit (`?actor=&action=&table=&from=&to=`), newest first, streamed in batches, at most
 * 100,000 rows. Bad filters answer 400. The export is itself audited.
 */
import { auditCsvResponse } from '~/features/audit/audit.page.server';
import { withRole } from '~/server/http/role-page.server';

export const loader = withRole('admin', auditCsvResponse);
