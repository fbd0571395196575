/**
 * /owner-portal (decision 061; role owner, admins pass): the buildings the signed-in owner holds,
 * each with occupancy, the income collected this month and this year, the month's maintenance
 * spend and open work orders, the recent settled months with their distributions, and the message
 * thread with the management (action `send-message`). An account
 * without an owner record, or an owner without buildings, sees an empty state.
 */
import { OwnerPortalHome } from '~/features/owners/components/owner-portal-pages';
import { findOwnerPortal } from '~/features/owners/owner-portal.server';
import { handleOwnerPortalAction } from '~/features/owners/owners.page.server';
import type { ActionResult } from '~/lib/action-result';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/_index';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'owner');
  const lang = requestLanguage(request);
  const portal = await findOwnerPortal(context.db, { viewer });
  return {
    name: viewer.firstName || viewer.name,
    hasOwner: portal.owner !== null,
    buildings: portal.buildings,
    settlements: portal.settlements,
    statements: portal.statements,
    messages: portal.messages,
    i18n: translations(lang, ['account', 'owners']),
    meta: pageMeta(lang, 'owners.portal.meta.title', 'owners.portal.meta.description'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'owner');
  return handleOwnerPortalAction({ request, context, actor });
}

export const meta = loaderMeta;

export default function OwnerPortal({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OwnerPortalHome
      name={loaderData.name}
      hasOwner={loaderData.hasOwner}
      buildings={loaderData.buildings}
      settlements={loaderData.settlements}
      statements={loaderData.statements}
      messages={loaderData.messages}
      result={actionData as ActionResult<string, object> | undefined}
    />
  );
}
