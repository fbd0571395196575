/**
 * Capital projects (decision 038): `/admin/projects` and `/dashboard/projects` (the manager's
 * buildings', scoped by the service) — newest first, filters in the URL
 * (`?status=&building=&after=`, keyset pages of 25), each with its budget against the spend of
 * its approved and paid invoices.
 */
import { ProjectsListPage } from '~/features/projects/components/projects-list-page';
import { loadProjectsList } from '~/features/projects/projects.page.server';
import { loaderMeta } from '~/lib/loader-meta';
import { staffPath } from '~/lib/staff-area';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/projects';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, area } = await requireStaff(request, context);
  const page = await loadProjectsList({ request, context, actor, base: staffPath(area, 'projects') });
  return { ...page, meta: requestPageMeta(request, 'projects.meta.list.title', 'projects.meta.list.description') };
}

export const meta = loaderMeta;

export default function Projects({ loaderData }: Route.ComponentProps) {
  return <ProjectsListPage base={loaderData.base} list={loaderData.list} filters={loaderData.filters} building={loaderData.building} />;
}
