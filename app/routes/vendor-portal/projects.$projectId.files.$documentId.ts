/**
 * /vendor-portal/projects/:projectId/files/:documentId (role vendor): the vendor's own bid PDF, as
 * a download. Another vendor's file, or a project the vendor was not invited to, is a 404.
 */
import { vendorBidFileDownload } from '~/features/projects/vendor-projects.page.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/projects.$projectId.files.$documentId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'vendor');
  return vendorBidFileDownload({ request, context, viewer, projectParam: params.projectId, documentParam: params.documentId });
}
