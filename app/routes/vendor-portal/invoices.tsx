/** /vendor-portal/invoices (decision 029; role vendor): the vendor's invoices, newest first, with their decisions and payouts, live. */
import { Anchor, Container } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { SignedInPageHeader } from '~/components/page-header';
import { VendorInvoices } from '~/features/work-orders/components/vendor-invoices';
import { loadVendorInvoicesPage } from '~/features/work-orders/vendor-work-orders.page.server';
import { pageMeta } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/invoices';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'vendor');
  return {
    ...(await loadVendorInvoicesPage({ request, context, viewer })),
    meta: pageMeta(requestLanguage(request), 'workOrders.meta.invoices.title', 'workOrders.meta.invoices.description'),
  };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function VendorInvoicesRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <SignedInPageHeader
        title={t('workOrders.invoice.pageTitle')}
        subtitle={t('workOrders.invoice.pageSubtitle')}
        actions={
          <Anchor component={Link} to="/vendor-portal" size="sm">
            {t('workOrders.backToPortal')}
          </Anchor>
        }
      />
      <VendorInvoices
        items={loaderData.list.items}
        nextCursor={loaderData.list.nextCursor}
        firstPage={loaderData.firstPage}
        submitted={loaderData.submitted}
      />
    </Container>
  );
}
