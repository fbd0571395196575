/**
 * /admin/payments (leases issue items 6 and 7; admin only, spec §6): every payment with filters
 * in the URL (`?status=&kind=&method=&from=&to=&building=&cursor=`, keyset pages of 50, newest
 * first), the CSV export of the filtered list, and the reconciliation per day and building
 * (`?view=reconciliation&from=&to=&building=`, at most 92 days). Bad filters answer 400 with a
 * message per field. Property managers have the same page, scoped, at /dashboard/payments.
 */
import { useTranslation } from '~/lib/i18n';
import { SignedInPageHeader } from '~/features/admin/components/page-header';
import { PaymentsPage } from '~/features/payments/components/payments-page';
import { loadPaymentsPage } from '~/features/payments/payments-page.server';
import { pageMeta } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/payments';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const meta = pageMeta(requestLanguage(request), 'payments.meta.admin.title', 'payments.meta.admin.description');
  return loadPaymentsPage({ request, context, actor, basePath: '/admin/payments', meta });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <SignedInPageHeader title={t('payments.title')} subtitle={t('payments.subtitle')} />
      <PaymentsPage page={loaderData.page} csvPath="/admin/payments.csv" />
    </>
  );
}
