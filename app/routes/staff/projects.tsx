/**
 * Capital projects (decision 038): `/admin/projects` and `/dashboard/projects` (the manager's
 * buildings', scoped by the service) — newest first, filters in the URL
 * (`?status=&building=&after=`, keyset pages of 25), each with its budget against the spend of
 * its approved and paid invoices.
 */
import { ProjectsListPage } from '~/features/projects/components/projects-list-page';
import { loadProjectsList } from '~/features/projects/projects.page.server';
import { pageMeta } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { staffPath } from '~/lib/staff-area';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/projects';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, area } = await requireStaff(request, context);
  const page = await loadProjectsList({ request, context, actor, base: staffPath(area, 'projects') });
  return { ...page, meta: pageMeta(requestLanguage(request), 'projects.meta.list.title', 'projects.meta.list.description') };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  return <ProjectsListPage base={loaderData.base} list={loaderData.list} filters={loaderData.filters} building={loaderData.building} />;
}
