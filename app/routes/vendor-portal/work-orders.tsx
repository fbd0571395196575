/**
 * /vendor-portal/work-orders (decision 029; role vendor): the vendor's own work orders
 * with filters (`?status=&building=&city=&q=&cursor=`), 25 a page, newest first, live.
 */
import { useTranslation } from '~/lib/i18n';
import { VendorWorkOrderList } from '~/features/work-orders/components/vendor-work-order-list';
import { loadVendorWorkOrdersPage } from '~/features/work-orders/vendor-work-orders.page.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { HeaderLink, SignedInPage } from '~/components/signed-in-page';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/work-orders';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'vendor');
  const meta = requestPageMeta(request, 'workOrders.meta.list.title', 'workOrders.meta.list.description');
  return loadVendorWorkOrdersPage({ request, context, viewer, meta });
}

export const meta = loaderMeta;

export default function VendorWorkOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <SignedInPage
      title={t('workOrders.list.title')}
      subtitle={t('workOrders.list.subtitle')}
      actions={<HeaderLink to="/vendor-portal">{t('workOrders.backToPortal')}</HeaderLink>}
    >
      <VendorWorkOrderList page={loaderData.page} />
    </SignedInPage>
  );
}
