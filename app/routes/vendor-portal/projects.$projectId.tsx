/**
 * /vendor-portal/projects/:projectId (decision 029 "Bids"; role vendor): a project the
 * vendor was invited to, with its own bid — submitted or changed until the deadline (amount,
 * timeline in days, notes, an optional PDF), refused after it — and the outcome. A project it was
 * not invited to is a 404, audited. Competitors' bids and the budget are never shown.
 */
import { VendorProjectPage } from '~/features/projects/components/vendor-project-page';
import type { ProjectActionResult } from '~/features/projects/projects.types';
import { handleBidAction, loadVendorProjectPage } from '~/features/projects/vendor-projects.page.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/projects.$projectId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'vendor');
  const page = await loadVendorProjectPage({ request, context, viewer, param: params.projectId });
  const meta = requestPageMeta(request, 'projects.meta.vendorDetail.title', 'projects.meta.vendorDetail.description', {
    name: page.detail.name,
  });
  return { ...page, meta };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireRole(request, context, 'vendor');
  return handleBidAction({ request, context, viewer, param: params.projectId });
}

export const meta = loaderMeta;

export default function VendorProject({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <VendorProjectPage
      detail={loaderData.detail}
      done={loaderData.done}
      maxFileMb={loaderData.maxFileMb}
      result={actionData as ProjectActionResult | undefined}
    />
  );
}
