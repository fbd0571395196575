/**
 * The financial reports (decision 058): `/admin/reports` (the portfolio, or one building) and the
 * manager's `/dashboard/reports` (their buildings, scoped by the service), with the report, the
 * months and the building in the URL (`?report=income|trial-balance&from=YYYY-MM&to=YYYY-MM
 * &building=`). Bad filters or an unknown building answer 400 with a message per field; another
 * manager's building answers 404 (audited).
 */
import '@mantine/charts/styles.css';
import { StaffListHeader } from '~/components/staff/staff-list-header';
import { ReportsPage } from '~/features/reports/components/reports-page';
import { loadReportsPage } from '~/features/reports/reports.page.server';
import { loaderMeta } from '~/lib/loader-meta';
import { pickForArea, staffPath } from '~/lib/staff-area';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/reports';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, area } = await requireStaff(request, context);
  const metaKey = pickForArea(area, 'reports.meta.admin', 'reports.meta.manager');
  const meta = requestPageMeta(request, `${metaKey}.title`, `${metaKey}.description`);
  return loadReportsPage({ request, context, actor, basePath: staffPath(area, 'reports'), meta });
}

export const meta = loaderMeta;

export default function Reports({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaffListHeader keys="reports" />
      <ReportsPage page={loaderData.page} />
    </>
  );
}
