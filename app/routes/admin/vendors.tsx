/**
 * /admin/vendors (decision 030; spec §6: admin only — property managers pick vendors
 * when assigning work, they do not manage them): every vendor, pending applications first, with
 * filters by status, trade, US state served and insurance (expiring within 30 days, expired,
 * unverified), a search by company or e-mail (`?status=&trade=&state=&insurance=&q=&page=`, 25 a
 * page), and whether each can receive work under the insurance rule.
 */
import { useTranslation } from '~/lib/i18n';
import { SignedInPageHeader } from '~/components/page-header';
import { VendorList } from '~/features/vendors/components/vendor-list';
import { loadVendorListPage } from '~/features/vendors/vendor-admin.page.server';
import { pageMeta } from '~/i18n/translate.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/vendors';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const lang = requestLanguage(request);
  return {
    ...(await loadVendorListPage({ request, context, actor })),
    meta: pageMeta(lang, 'vendors.meta.list.title', 'vendors.meta.list.description'),
  };
}

export const meta = loaderMeta;

export default function AdminVendors({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <SignedInPageHeader title={t('vendors.list.title')} subtitle={t('vendors.list.subtitle')} />
      <VendorList base="/admin/vendors" list={loaderData.list} filters={loaderData.filters} />
    </>
  );
}
