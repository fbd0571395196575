/**
 * /dashboard/payments (property managers; leases issue item 7): the payments of the buildings the
 * manager runs, with the admin's filters, keyset pages and reconciliation, scoped by the service
 * (a building that is not theirs shows nothing).
 */
import { Container } from '@mantine/core';
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
  const actor = await requireRole(request, context, 'property_manager');
  const meta = pageMeta(requestLanguage(request), 'payments.meta.manager.title', 'payments.meta.manager.description');
  return loadPaymentsPage({ request, context, actor, basePath: '/dashboard/payments', meta });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function ManagerPayments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Container size="xl" py="xl">
      <SignedInPageHeader title={t('payments.managerTitle')} subtitle={t('payments.managerSubtitle')} />
      <PaymentsPage page={loaderData.page} />
    </Container>
  );
}
