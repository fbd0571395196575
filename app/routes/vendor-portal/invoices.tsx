/** /vendor-portal/invoices (decision 029; role vendor): the vendor's invoices, newest first, with their decisions and payouts, live. */
import { useTranslation } from '~/lib/i18n';
import { VendorInvoices } from '~/features/work-orders/components/vendor-invoices';
import { loadVendorInvoicesPage } from '~/features/work-orders/vendor-work-orders.page.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { HeaderLink, SignedInPage } from '~/components/signed-in-page';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/invoices';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'vendor');
  return {
    ...(await loadVendorInvoicesPage({ request, context, viewer })),
    meta: requestPageMeta(request, 'workOrders.meta.invoices.title', 'workOrders.meta.invoices.description'),
  };
}

export const meta = loaderMeta;

export default function VendorInvoicesRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <SignedInPage
      title={t('workOrders.invoice.pageTitle')}
      subtitle={t('workOrders.invoice.pageSubtitle')}
      actions={<HeaderLink to="/vendor-portal">{t('workOrders.backToPortal')}</HeaderLink>}
    >
      <VendorInvoices
        items={loaderData.list.items}
        nextCursor={loaderData.list.nextCursor}
        firstPage={loaderData.firstPage}
        submitted={loaderData.submitted}
      />
    </SignedInPage>
  );
}
