/**
 * /admin/projects/:projectId/files/:documentId (admin only): a project document or a bid's PDF,
 * always as a download (never rendered inline), not cached.
 */
import { projectFileDownload } from '~/features/projects/project-pages.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/project-file';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  return projectFileDownload({ request, context, actor, projectParam: params.projectId, documentParam: params.documentId });
}
