/**
 * A capital project (decision 038): `/admin/projects/:projectId` and
 * `/dashboard/projects/:projectId` (a project of the manager's buildings; anyone else's is a 404,
 * audited), with tabs (`?tab=overview|bids|work-orders|documents`): details and edit form, the
 * invitation to bid, status moves; the bid comparison with close-bidding and award; the linked
 * work orders; the documents (PDF or photo uploads, downloads). Commands are posted as `intent`
 * (see handleProjectAction).
 */
import { ProjectPage } from '~/features/projects/components/project-page';
import { handleProjectAction, loadProjectPage } from '~/features/projects/projects.page.server';
import type { ProjectActionResult } from '~/features/projects/projects.types';
import { loaderMeta } from '~/lib/loader-meta';
import { staffPath } from '~/lib/staff-area';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/projects.$projectId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, area } = await requireStaff(request, context);
  const page = await loadProjectPage({ request, context, actor, base: staffPath(area, 'projects'), param: params.projectId });
  const meta = requestPageMeta(request, 'projects.meta.detail.title', 'projects.meta.detail.description', { name: page.detail.name });
  return { ...page, meta };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, area } = await requireStaff(request, context);
  return handleProjectAction({ request, context, actor, base: staffPath(area, 'projects'), param: params.projectId });
}

export const meta = loaderMeta;

export default function Project({ loaderData, actionData }: Route.ComponentProps) {
  return <ProjectPage page={loaderData} result={actionData as ProjectActionResult | undefined} />;
}
