/**
 * A new capital project (decision 038): `/admin/projects/new` and `/dashboard/projects/new` (at
 * one of the manager's buildings; another is refused with 422, nothing written); `?building=`
 * preselects one. The action validates on the server (422 with translated field messages) and
 * goes to the new project's page.
 */
import { NewProjectPage } from '~/features/projects/components/new-project-page';
import { handleCreateProject, loadNewProjectPage } from '~/features/projects/projects.page.server';
import type { ProjectActionResult } from '~/features/projects/projects.types';
import { loaderMeta } from '~/lib/loader-meta';
import { staffPath } from '~/lib/staff-area';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/projects.new';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, area } = await requireStaff(request, context);
  const page = await loadNewProjectPage({ request, context, actor, base: staffPath(area, 'projects') });
  return { ...page, meta: requestPageMeta(request, 'projects.meta.new.title', 'projects.meta.new.description') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, area } = await requireStaff(request, context);
  return handleCreateProject({ request, context, actor, base: staffPath(area, 'projects') });
}

export const meta = loaderMeta;

export default function NewProject({ loaderData, actionData }: Route.ComponentProps) {
  return <NewProjectPage base={loaderData.base} building={loaderData.building} result={actionData as ProjectActionResult | undefined} />;
}
