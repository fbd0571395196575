/**
 * /dashboard/projects/:projectId/files/:documentId (property managers): a document or bid PDF of
 * a project of the manager's buildings, as a download; anyone else's project is a 404, audited.
 */
import { projectFileDownload } from '~/features/projects/project-pages.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/project-file';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  return projectFileDownload({ request, context, actor, projectParam: params.projectId, documentParam: params.documentId });
}
