/**
 * /admin/projects (maintenance issue item 6; admin only, spec §6): every capital project, newest
 * first, with filters in the URL (`?status=&building=&after=`, keyset pages of 25), each with its
 * budget against the spend of its approved and paid invoices. Property managers have the same
 * page, scoped to their buildings, at /dashboard/projects.
 */
import { ProjectsListPage } from '~/features/projects/components/projects-list-page';
import { loadProjectsList } from '~/features/projects/project-pages.server';
import { pageMeta } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/projects';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const page = await loadProjectsList({ request, context, actor, base: '/admin/projects' });
  return { ...page, meta: pageMeta(requestLanguage(request), 'projects.meta.list.title', 'projects.meta.list.description') };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function AdminProjects({ loaderData }: Route.ComponentProps) {
  return <ProjectsListPage base={loaderData.base} list={loaderData.list} filters={loaderData.filters} building={loaderData.building} />;
}
