/**
 * /dashboard/projects/new (maintenance issue item 6; property managers): a new capital project at
 * one of the manager's buildings (another building is refused with 422, nothing written).
 */
import { Container } from '@mantine/core';
import { NewProjectPage } from '~/features/projects/components/new-project-page';
import { handleCreateProject, loadNewProjectPage } from '~/features/projects/project-pages.server';
import type { ProjectActionResult } from '~/features/projects/projects.types';
import { pageMeta } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/project-new';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  const page = await loadNewProjectPage({ request, context, actor, base: '/dashboard/projects' });
  return { ...page, meta: pageMeta(requestLanguage(request), 'projects.meta.new.title', 'projects.meta.new.description') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  return handleCreateProject({ request, context, actor, base: '/dashboard/projects' });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function ManagerNewProject({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Container size="xl" py="xl">
      <NewProjectPage base={loaderData.base} building={loaderData.building} result={actionData as ProjectActionResult | undefined} />
    </Container>
  );
}
