/**
 * The payments list (decision 038): `/admin/payments` (every payment) and the manager's
 * `/dashboard/payments` (their buildings', scoped by the service), with filters in the URL
 * (`?status=&kind=&method=&from=&to=&building=&cursor=`, keyset pages of 50, newest first) and
 * the reconciliation per day and building (`?view=reconciliation&from=&to=&building=`, at most
 * 92 days). Bad filters answer 400 with a message per field. Admins also export the filtered
 * list as CSV (`/admin/payments.csv`).
 */
import { SignedInPageHeader } from '~/components/page-header';
import { PaymentsPage } from '~/features/payments/components/payments-page';
import { loadPaymentsPage } from '~/features/payments/payments.page.server';
import { pageMeta } from '~/i18n/translate.server';
import { useTranslation } from '~/lib/i18n';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { pickForArea, staffPath, useStaffArea } from '~/lib/staff-area';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/payments';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, area } = await requireStaff(request, context);
  const metaKey = pickForArea(area, 'payments.meta.admin', 'payments.meta.manager');
  const meta = pageMeta(requestLanguage(request), `${metaKey}.title`, `${metaKey}.description`);
  return loadPaymentsPage({ request, context, actor, basePath: staffPath(area, 'payments'), meta });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const area = useStaffArea();
  return (
    <>
      <SignedInPageHeader
        title={t(pickForArea(area, 'payments.title', 'payments.managerTitle'))}
        subtitle={t(pickForArea(area, 'payments.subtitle', 'payments.managerSubtitle'))}
      />
      <PaymentsPage page={loaderData.page} csvPath={pickForArea(area, '/admin/payments.csv', undefined)} />
    </>
  );
}
