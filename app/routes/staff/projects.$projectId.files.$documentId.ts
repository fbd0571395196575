/**
 * A project document or a bid's PDF, always as a download, never cached (decision 038):
 * `/admin/projects/:projectId/files/:documentId` and `/dashboard/projects/…` (a project of the
 * manager's buildings; anyone else's is a 404, audited).
 */
import { projectFileDownload } from '~/features/projects/projects.page.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/projects.$projectId.files.$documentId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request, context);
  return projectFileDownload({ request, context, actor, projectParam: params.projectId, documentParam: params.documentId });
}
