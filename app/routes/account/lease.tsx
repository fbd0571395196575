/**
 * /dashboard/leases/:leaseId (property managers; leases issue item 1): the admin's lease page for
 * a lease of a building the manager runs. Any other lease is 404 exactly like an unknown id, and
 * the refusal is audited (`lease_access_denied`).
 */
import { Container } from '@mantine/core';
import { LeaseStaffPage } from '~/features/leases/components/lease-staff-page';
import { handleLeaseStaffAction, loadLeaseStaffPage, type LeaseStaffActionResult } from '~/features/leases/lease-staff-page.server';
import { getT } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/lease';

const base = '/dashboard/leases';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  const page = await loadLeaseStaffPage({ request, context, actor, base, param: params.leaseId });
  const t = getT(requestLanguage(request));
  return { ...page, meta: { title: t('leases.meta.title', { id: page.lease.id }), description: t('leases.meta.description') } };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  return handleLeaseStaffAction({ request, context, actor, base, param: params.leaseId });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function ManagerLease({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Container size="xl" py="xl">
      <LeaseStaffPage page={loaderData} result={actionData as LeaseStaffActionResult | undefined} />
    </Container>
  );
}
