/**
 * /tenant-portal (spec §2: role tenant; admins pass). The tenant's lease, balance, Pay now,
 * autopay, payment history and statement (decision 022, features/tenant-portal), and the
 * counts of their applications, payments and maintenance requests; an empty state points to the
 * listings.
 */
import { randomUUID } from 'node:crypto';
import { Anchor, Button, Group, SimpleGrid, Text } from '@mantine/core';
import { IconCreditCard, IconFileText, IconHomeSearch, IconTools } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { loadTenantPortal } from '~/features/accounts/dashboard.server';
import { handlePortalAction, type PortalActionResult } from '~/features/tenant-portal/portal.page.server';
import { loadTenantLeasePortal } from '~/features/tenant-portal/portal.server';
import { LeasePortal } from '~/features/tenant-portal/components/lease-portal';
import { getPaymentProvider } from '~/server/payments/payments.server';
import { PortalEmptyState, PortalHome } from '~/components/portal-home';
import { StatCard } from '~/components/stat-card';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { formatNumber } from '~/lib/format';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { useLanguage } from '~/lib/use-language';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/_index';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'tenant');
  const lang = requestLanguage(request);
  const [summary, lease] = await Promise.all([
    loadTenantPortal({ db: context.db, viewer }),
    loadTenantLeasePortal({ db: context.db, viewer }),
  ]);
  return {
    name: viewer.firstName || viewer.name,
    summary,
    lease,
    // One idempotency key per page view: a double submit of Pay now charges once.
    payKey: randomUUID(),
    testMode: getPaymentProvider().testMode,
    i18n: translations(lang, ['account', 'tenantPortal', 'maintenance']),
    meta: pageMeta(lang, 'account.tenantPortal.meta.title', 'account.tenantPortal.meta.description'),
  };
}

/** Pay now, autopay on and off (features/tenant-portal/portal.page.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole(request, context, 'tenant');
  return handlePortalAction({ request, context, viewer });
}

export const meta = loaderMeta;

export default function TenantPortal({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { name, summary } = loaderData;
  const empty =
    !loaderData.lease.current &&
    loaderData.lease.toSign.length === 0 &&
    summary.applications.total === 0 &&
    summary.payments.total === 0 &&
    summary.maintenance.total === 0;
  return (
    <PortalHome
      title={t('account.tenantPortal.title')}
      greeting={`${t('account.tenantPortal.greeting', { name })} ${t('account.tenantPortal.intro')}`}
    >
      <LeasePortal
        portal={loaderData.lease}
        lang={lang}
        action={actionData as PortalActionResult | undefined}
        payKey={loaderData.payKey}
        testMode={loaderData.testMode}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <StatCard
          icon={IconFileText}
          label={t('account.tenantPortal.applications.title')}
          value={formatNumber(summary.applications.total, lang)}
          hint={t('account.tenantPortal.applications.active', { count: summary.applications.active })}
          testId="tenant-applications"
        >
          <Text size="xs" c="dimmed">
            {t('account.tenantPortal.applications.hint')}
          </Text>
        </StatCard>
        <StatCard
          icon={IconCreditCard}
          label={t('account.tenantPortal.payments.title')}
          value={formatNumber(summary.payments.total, lang)}
          hint={t('account.tenantPortal.payments.hint')}
          testId="tenant-payments"
        />
        <StatCard
          icon={IconTools}
          label={t('account.tenantPortal.maintenance.title')}
          value={formatNumber(summary.maintenance.total, lang)}
          hint={t('account.tenantPortal.maintenance.open', { count: summary.maintenance.open })}
          testId="tenant-maintenance"
        >
          <Text size="xs" c="dimmed">
            {t('account.tenantPortal.maintenance.hint')}
          </Text>
          <Group gap="xs" mt="xs">
            <Button component={Link} to="/tenant-portal/maintenance/new" size="compact-sm" data-testid="portal-report-problem">
              {t('maintenance.portal.report')}
            </Button>
            <Anchor component={Link} to="/tenant-portal/maintenance" size="sm">
              {t('maintenance.portal.viewAll')}
            </Anchor>
          </Group>
        </StatCard>
      </SimpleGrid>
      {empty ? (
        <PortalEmptyState
          icon={IconHomeSearch}
          title={t('account.tenantPortal.emptyTitle')}
          body={t('account.tenantPortal.emptyBody')}
          testId="tenant-portal-empty"
        >
          <Button component={Link} to="/properties">
            {t('account.portal.browse')}
          </Button>
        </PortalEmptyState>
      ) : null}
    </PortalHome>
  );
}
