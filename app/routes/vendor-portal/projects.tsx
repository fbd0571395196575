/**
 * /vendor-portal/projects (decision 029 "Bids"; role vendor, admins pass): the capital
 * projects the vendor was invited to bid on — open for bids first, then the closed ones with the
 * vendor's own bid and its outcome.
 */
import { VendorProjectsPage } from '~/features/projects/components/vendor-projects-page';
import { loadVendorProjects } from '~/features/projects/vendor-projects.page.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/projects';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'vendor');
  const page = await loadVendorProjects({ request, context, viewer });
  return { ...page, meta: requestPageMeta(request, 'projects.meta.vendorList.title', 'projects.meta.vendorList.description') };
}

export const meta = loaderMeta;

export default function VendorProjects({ loaderData }: Route.ComponentProps) {
  return <VendorProjectsPage vendor={loaderData.vendor} open={loaderData.open} closed={loaderData.closed} />;
}
