/**
 * /admin/owners/:ownerId (decision 061; admin only): one owner's record, buildings, management
 * agreements, contributions and settled months, with the commands posted as `intent`: `update`,
 * `assign-building` (`buildingId`), `save-agreement` (`buildingId`, `feePercent`, `flatFee`,
 * `reserve`, `distributionDay`, `startsOn`), `record-contribution` (`buildingId`, `amount`,
 * `date`). Unknown owners are 404; see owners.page.server.ts for the answers.
 */
import { OwnerDetailPage } from '~/features/owners/components/owner-detail-page';
import { handleOwnerDetailAction, loadOwnerDetailPage } from '~/features/owners/owners.page.server';
import type { ActionResult } from '~/lib/action-result';
import { loaderMeta } from '~/lib/loader-meta';
import { requireRole } from '~/server/auth/session.server';
import { requestPageMeta } from '~/server/http/page-meta.server';
import type { Route } from './+types/owners.$ownerId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const page = await loadOwnerDetailPage({ request, context, actor, ownerId: params.ownerId });
  return {
    ...page,
    meta: requestPageMeta(request, 'owners.meta.detail.title', 'owners.meta.detail.description', { name: page.detail.name }),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'admin');
  return handleOwnerDetailAction({ request, context, actor, ownerId: params.ownerId });
}

export const meta = loaderMeta;

export default function AdminOwner({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OwnerDetailPage
      detail={loaderData.detail}
      today={loaderData.today}
      done={loaderData.done}
      result={actionData as ActionResult<string, object> | undefined}
    />
  );
}
