/**
 * /tenant-portal/maintenance (decision 027): the tenant's maintenance requests —
 * those waiting on this device to be sent, then their requests (open / finished / all, paged) —
 * with "Report a problem" and the 24/7 line. Role tenant (admins pass). The list follows the
 * requests live (`maintenance.updated`), and the waiting ones are sent when the connection returns.
 */
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link, useRevalidator } from 'react-router';
import { EmergencyLine } from '~/features/maintenance/components/emergency-line';
import { QueuedRequests, RequestList } from '~/features/maintenance/components/tenant-request-list';
import { useOfflineRequests } from '~/features/maintenance/components/use-offline-requests';
import { listTenantRequests, type TenantRequestFilter } from '~/features/maintenance/tenant-request-queries.server';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { useRealtimeEvent } from '~/lib/realtime';
import { useLanguage } from '~/lib/use-language';
import { currentSettings } from '~/server/settings/settings.server';
import { SignedInPage } from '~/components/signed-in-page';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/maintenance';

const FILTERS: readonly TenantRequestFilter[] = ['open', 'closed', 'all'];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'tenant');
  const lang = requestLanguage(request);
  const url = new URL(request.url);
  const filter = FILTERS.find((value) => value === url.searchParams.get('filter')) ?? 'all';
  const page = Number(url.searchParams.get('page') ?? '1');
  const [list, settings] = await Promise.all([listTenantRequests({ db: context.db, viewer, filter, page }), currentSettings(context.db)]);
  return {
    viewerId: viewer.id,
    list,
    phone: settings.contactPhone,
    i18n: translations(lang, ['account', 'maintenance']),
    meta: pageMeta(lang, 'maintenance.meta.listTitle', 'maintenance.meta.description'),
  };
}

export const meta = loaderMeta;

export default function TenantMaintenance({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const revalidator = useRevalidator();
  const queue = useOfflineRequests(loaderData.viewerId);
  useRealtimeEvent('maintenance.updated', () => void revalidator.revalidate());
  return (
    <SignedInPage
      title={t('maintenance.list.pageTitle')}
      subtitle={t('maintenance.list.intro')}
      actions={
        <Button
          component={Link}
          to="/tenant-portal/maintenance/new"
          leftSection={<IconPlus size={16} aria-hidden />}
          data-testid="report-problem"
        >
          {t('maintenance.list.report')}
        </Button>
      }
    >
      <Stack gap="lg">
        <EmergencyLine phone={loaderData.phone} />
        <QueuedRequests
          items={queue.queued}
          sending={queue.sending}
          phone={loaderData.phone}
          onDiscard={(clientId) => void queue.discard(clientId)}
          lang={lang}
        />
        <RequestList list={loaderData.list} lang={lang} />
        <Button component={Link} to="/tenant-portal" variant="subtle" size="compact-sm" style={{ alignSelf: 'flex-start' }}>
          {t('maintenance.backToPortal')}
        </Button>
      </Stack>
    </SignedInPage>
  );
}
