/**
 * /owner-portal/buildings/:buildingId (decision 061; role owner, admins pass): one building the
 * signed-in owner holds — occupancy, income collected, income and expenses by account for the
 * month and the year to date, open work orders, capital projects and settled months. Any other
 * building (another owner's, unknown, or a malformed id) is a 404, and a refusal for a building
 * that exists is recorded in the audit log.
 */
import { data } from 'react-router';
import { OwnerBuildingPage } from '~/features/owners/components/owner-portal-pages';
import { findOwnerBuilding } from '~/features/owners/owner-portal.server';
import { translations } from '~/i18n/resources.server';
import { parseId } from '~/lib/ids';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { auditRefusalIfExists, requestOrigin } from '~/server/audit.server';
import { requireRole } from '~/server/auth/session.server';
import { requestPageMeta } from '~/server/http/page-meta.server';
import type { Route } from './+types/buildings.$buildingId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'owner');
  const lang = requestLanguage(request);
  const id = parseId(params.buildingId);
  const detail = id ? await findOwnerBuilding(context.db, { viewer, buildingId: id }) : null;
  if (!detail) {
    if (id)
      await auditRefusalIfExists(context.db, viewer, {
        table: 'building',
        id,
        reason: 'not_owner',
        origin: requestOrigin(request, context.clientIp),
      });
    throw data(null, { status: 404 });
  }
  return {
    detail,
    i18n: translations(lang, ['account', 'owners', 'workOrders', 'projects']),
    meta: requestPageMeta(request, 'owners.portal.meta.buildingTitle', 'owners.portal.meta.description', { name: detail.name }),
  };
}

export const meta = loaderMeta;

export default function OwnerPortalBuilding({ loaderData }: Route.ComponentProps) {
  return <OwnerBuildingPage detail={loaderData.detail} />;
}
