/**
 * /dashboard/projects (maintenance issue item 6; property managers — admins pass every role
 * check): the admin's capital projects list, scoped by the service to the buildings the manager
 * runs (`?status=&building=&after=`).
 */
import { Container } from '@mantine/core';
import { ProjectsListPage } from '~/features/projects/components/projects-list-page';
import { loadProjectsList } from '~/features/projects/project-pages.server';
import { pageMeta } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/projects';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  const page = await loadProjectsList({ request, context, actor, base: '/dashboard/projects' });
  return { ...page, meta: pageMeta(requestLanguage(request), 'projects.meta.list.title', 'projects.meta.list.description') };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function ManagerProjects({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="xl" py="xl">
      <ProjectsListPage base={loaderData.base} list={loaderData.list} filters={loaderData.filters} building={loaderData.building} />
    </Container>
  );
}
