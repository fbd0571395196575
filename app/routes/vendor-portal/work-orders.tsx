/**
 * /vendor-portal/work-orders (decision 029; role vendor): the vendor's own work orders
 * with filters (`?status=&building=&city=&q=&cursor=`), 25 a page, newest first, live.
 */
import { Anchor, Container } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { SignedInPageHeader } from '~/components/page-header';
import { VendorWorkOrderList } from '~/features/work-orders/components/vendor-work-order-list';
import { loadVendorWorkOrdersPage } from '~/features/work-orders/vendor-work-orders.page.server';
import { pageMeta } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/work-orders';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'vendor');
  const meta = pageMeta(requestLanguage(request), 'workOrders.meta.list.title', 'workOrders.meta.list.description');
  return loadVendorWorkOrdersPage({ request, context, viewer, meta });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function VendorWorkOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <SignedInPageHeader
        title={t('workOrders.list.title')}
        subtitle={t('workOrders.list.subtitle')}
        actions={
          <Anchor component={Link} to="/vendor-portal" size="sm">
            {t('workOrders.backToPortal')}
          </Anchor>
        }
      />
      <VendorWorkOrderList page={loaderData.page} />
    </Container>
  );
}
