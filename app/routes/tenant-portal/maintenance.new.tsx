/**
 * /tenant-portal/maintenance/new (decision 027): "Report a problem". Role tenant
 * (admins pass). The action takes the plain multipart form (no JavaScript): rate-limited
 * (`maintenance_request`, spec §9: 20 a minute; 429 with Retry-After), then the upload pipeline
 * and the service; a stored request redirects (303) to its page, a refusal renders the form again
 * with the messages and the typed values. With JavaScript the form posts to
 * /api/maintenance-requests instead and keeps requests written offline on the device.
 */
import { Container, Stack } from '@mantine/core';
import { randomUUID } from 'node:crypto';
import { useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { data, redirect, useNavigate } from 'react-router';
import { checkRateLimit } from '~/server/rate-limit.server';
import { SignedInPageHeader } from '~/components/page-header';
import { EmergencyLine } from '~/features/maintenance/components/emergency-line';
import { QueuedRequests } from '~/features/maintenance/components/tenant-request-list';
import { RequestForm } from '~/features/maintenance/components/tenant-request-form';
import { useOfflineRequests } from '~/features/maintenance/components/use-offline-requests';
import { receiveMaintenanceRequest } from '~/features/maintenance/tenant-requests.page.server';
import { findTenantUnits } from '~/features/maintenance/tenant-requests.server';
import type { CreateRequestAnswer } from '~/features/maintenance/tenant-requests.types';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { useLanguage } from '~/lib/use-language';
import { rateLimitedAnswer } from '~/server/responses.server';
import { currentSettings } from '~/server/settings/settings.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/maintenance.new';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'tenant');
  const lang = requestLanguage(request);
  const [units, settings] = await Promise.all([findTenantUnits(context.db, viewer), currentSettings(context.db)]);
  return {
    viewerId: viewer.id,
    units: units.map(({ unitId, label, address }) => ({ unitId, label, address })),
    phone: settings.contactPhone,
    // One client id per page view: a double submit of the plain form stores one request.
    clientId: randomUUID(),
    i18n: translations(lang, ['account', 'maintenance']),
    meta: pageMeta(lang, 'maintenance.meta.newTitle', 'maintenance.meta.description'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole(request, context, 'tenant');
  const limited = await checkRateLimit({ context, request }, 'maintenance_request', viewer.id);
  if (limited) return rateLimitedAnswer(limited);
  const { status, answer } = await receiveMaintenanceRequest({ request, context, viewer, lang: requestLanguage(request) });
  if (answer.ok && answer.url) return redirect(`${answer.url}?created=1`, 303);
  return data<CreateRequestAnswer>(answer, { status });
}

export const meta = loaderMeta;

export default function NewMaintenanceRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [queuedEmergency, setQueuedEmergency] = useState(false);
  const queue = useOfflineRequests(loaderData.viewerId, (answer) => {
    if (answer.url) void navigate(answer.url);
  });
  const answer = actionData && 'ok' in actionData && !actionData.ok ? (actionData as CreateRequestAnswer) : undefined;
  return (
    <Container size="md" py="xl">
      <SignedInPageHeader title={t('maintenance.form.pageTitle')} subtitle={t('maintenance.form.intro')} />
      <Stack gap="lg">
        {queuedEmergency && <EmergencyLine phone={loaderData.phone} prominent title={t('maintenance.offline.emergencyTitle')} />}
        <QueuedRequests
          items={queue.queued}
          sending={queue.sending}
          phone={loaderData.phone}
          onDiscard={(clientId) => void queue.discard(clientId)}
          lang={lang}
        />
        <RequestForm
          units={loaderData.units}
          phone={loaderData.phone}
          clientId={loaderData.clientId}
          answer={answer}
          queue={queue}
          onQueued={(priority) => setQueuedEmergency(priority === 'emergency')}
        />
      </Stack>
    </Container>
  );
}
