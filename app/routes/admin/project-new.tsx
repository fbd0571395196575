/**
 * /admin/projects/new (maintenance issue item 6; admin only): a new capital project at a building
 * (`?building=` preselects one). The action validates on the server (422 with translated field
 * messages, nothing written) and goes to the new project's page.
 */
import { NewProjectPage } from '~/features/projects/components/new-project-page';
import { handleCreateProject, loadNewProjectPage } from '~/features/projects/project-pages.server';
import type { ProjectActionResult } from '~/features/projects/projects.types';
import { pageMeta } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/project-new';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const page = await loadNewProjectPage({ request, context, actor, base: '/admin/projects' });
  return { ...page, meta: pageMeta(requestLanguage(request), 'projects.meta.new.title', 'projects.meta.new.description') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'admin');
  return handleCreateProject({ request, context, actor, base: '/admin/projects' });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function AdminNewProject({ loaderData, actionData }: Route.ComponentProps) {
  return <NewProjectPage base={loaderData.base} building={loaderData.building} result={actionData as ProjectActionResult | undefined} />;
}
