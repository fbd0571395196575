/**
 * /admin/owners (decision 061; admin only): the owners of the buildings, searched by name or
 * e-mail (`?q=`), and the form that creates one (`intent=create`; 303 to the new owner's page,
 * 409 for an e-mail another owner has, 422 with field messages).
 */
import { OwnerListPage } from '~/features/owners/components/owner-list-page';
import { handleOwnerListAction, loadOwnerListPage } from '~/features/owners/owners.page.server';
import type { ActionResult } from '~/lib/action-result';
import { loaderMeta } from '~/lib/loader-meta';
import { requireRole } from '~/server/auth/session.server';
import { requestPageMeta } from '~/server/http/page-meta.server';
import type { Route } from './+types/owners';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const page = await loadOwnerListPage({ request, context, actor });
  return { ...page, meta: requestPageMeta(request, 'owners.meta.list.title', 'owners.meta.list.description') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'admin');
  return handleOwnerListAction({ request, context, actor });
}

export const meta = loaderMeta;

export default function AdminOwners({ loaderData, actionData }: Route.ComponentProps) {
  return <OwnerListPage owners={loaderData.owners} q={loaderData.q} result={actionData as ActionResult<string, object> | undefined} />;
}
