/**
 * /admin/projects/:projectId (maintenance issue item 6; admin only): a capital project with tabs
 * (`?tab=overview|bids|work-orders|documents`): details and edit form, the invitation to bid,
 * status moves; the bid comparison with close-bidding and award; the linked work orders; the
 * documents (PDF or photo uploads, downloads). Unknown projects are a 404. Commands are posted
 * as `intent` (see handleProjectAction).
 */
import { ProjectPage } from '~/features/projects/components/project-page';
import { handleProjectAction, loadProjectPage } from '~/features/projects/project-pages.server';
import type { ProjectActionResult } from '~/features/projects/projects.types';
import { getT } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/project';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const page = await loadProjectPage({ request, context, actor, base: '/admin/projects', param: params.projectId });
  const t = getT(requestLanguage(request));
  return {
    ...page,
    meta: { title: t('projects.meta.detail.title', { name: page.detail.name }), description: t('projects.meta.detail.description') },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'admin');
  return handleProjectAction({ request, context, actor, base: '/admin/projects', param: params.projectId });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function AdminProject({ loaderData, actionData }: Route.ComponentProps) {
  return <ProjectPage page={loaderData} result={actionData as ProjectActionResult | undefined} />;
}
