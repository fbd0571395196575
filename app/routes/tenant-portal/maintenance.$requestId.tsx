/**
 * /tenant-portal/maintenance/:requestId (decision 027): one of the tenant's requests
 * with its live status timeline (`maintenance.updated` reloads it), and its commands: comment,
 * cancel while submitted or triaged, rate once completed. Role tenant (admins pass); someone
 * else's request answers 404 like an unknown one, and the refusal is audited.
 */
import { useTranslation } from '~/lib/i18n';
import { data, useRevalidator } from 'react-router';
import { RequestDetail } from '~/features/maintenance/components/tenant-request-detail';
import { handleTenantRequestCommand, type CommandResult } from '~/features/maintenance/tenant-requests.page.server';
import { findTenantRequest } from '~/features/maintenance/tenant-request-queries.server';
import { translations } from '~/i18n/resources.server';
import { getT } from '~/i18n/translate.server';
import { loaderMeta } from '~/lib/loader-meta';
import { parseDigitsId, requestLanguage } from '~/lib/route-helpers.server';
import { useRealtimeEvent } from '~/lib/realtime';
import { useLanguage } from '~/lib/use-language';
import { requestOrigin } from '~/server/audit.server';
import { currentSettings } from '~/server/settings/settings.server';
import { HeaderLink, SignedInPage } from '~/components/signed-in-page';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/maintenance.$requestId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'tenant');
  const lang = requestLanguage(request);
  const requestId = parseDigitsId(params.requestId);
  const found = await findTenantRequest({ db: context.db, viewer, requestId, origin: requestOrigin(request, context.clientIp) });
  if (!found) throw data(null, { status: 404 });
  const settings = await currentSettings(context.db);
  const url = new URL(request.url);
  const done = url.searchParams.get('done');
  return {
    request: found,
    phone: settings.contactPhone,
    created: url.searchParams.get('created') === '1',
    done: done && /^(comment|cancel|rate)$/.test(done) ? done : null,
    i18n: translations(lang, ['account', 'maintenance']),
    meta: {
      title: getT(lang)('maintenance.meta.requestTitle', { title: found.title }),
      description: getT(lang)('maintenance.meta.description'),
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireRole(request, context, 'tenant');
  return handleTenantRequestCommand({ request, context, viewer, requestId: parseDigitsId(params.requestId) });
}

export const meta = loaderMeta;

export default function TenantMaintenanceRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const revalidator = useRevalidator();
  const { request } = loaderData;
  useRealtimeEvent('maintenance.updated', (event) => {
    if ((event as { requestId?: number }).requestId === request.id) void revalidator.revalidate();
  });
  return (
    <SignedInPage title={request.title} subtitle={<HeaderLink to="/tenant-portal/maintenance">{t('maintenance.detail.back')}</HeaderLink>}>
      <RequestDetail
        request={request}
        phone={loaderData.phone}
        lang={lang}
        answer={actionData as CommandResult | undefined}
        done={loaderData.done}
        created={loaderData.created}
      />
    </SignedInPage>
  );
}
