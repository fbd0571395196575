/**
 * /dashboard/projects/:projectId (maintenance issue item 6; property managers): the admin's
 * project page for a project of a building the manager runs — anyone else's is a 404, audited —
 * with the same tabs and commands.
 */
import { Container } from '@mantine/core';
import { ProjectPage } from '~/features/projects/components/project-page';
import { handleProjectAction, loadProjectPage } from '~/features/projects/project-pages.server';
import type { ProjectActionResult } from '~/features/projects/projects.types';
import { getT } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/project';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  const page = await loadProjectPage({ request, context, actor, base: '/dashboard/projects', param: params.projectId });
  const t = getT(requestLanguage(request));
  return {
    ...page,
    meta: { title: t('projects.meta.detail.title', { name: page.detail.name }), description: t('projects.meta.detail.description') },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  return handleProjectAction({ request, context, actor, base: '/dashboard/projects', param: params.projectId });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function ManagerProject({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Container size="xl" py="xl">
      <ProjectPage page={loaderData} result={actionData as ProjectActionResult | undefined} />
    </Container>
  );
}
