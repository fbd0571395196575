/**
 * `/admin/reports.csv` and the manager's `/dashboard/reports.csv` (decision 058): the report the
 * page shows for the same query (`?report=&from=&to=&building=`) as a CSV attachment. Bad filters
 * or an unknown building answer 400 as plain text; another manager's building 404 (audited).
 */
import { reportCsvResponse } from '~/features/reports/reports.page.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/reports.csv';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request, context);
  return reportCsvResponse({ request, context, actor });
}
