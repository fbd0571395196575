/**
 * /tenant-portal (spec §2: role tenant; admins pass). The tenant's lease, balance, Pay now,
 * autopay, payment history and statement (decision 022, features/tenant-portal), and the
 * counts of their applications, payments and maintenance requests; an empty state points to the
 * listings.
 */
import { randomUUID } from 'node:crypto';
import { Anchor, Button, Group, SimpleGrid, Text } from '@mantine/core';
import { IconCreditCard, IconFileText, IconHomeSearch, IconTools, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
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

/** One count of the tenant's (a `summary` key) with its hint, an optional note and links. */
type TenantFigure = {
  area: 'applications' | 'payments' | 'maintenance';
  icon: Icon;
  hint: string;
  note?: string;
  links?: ReactNode;
};

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
  // The three counts, each with its hint, an optional note and (maintenance) its links.
  const figures: TenantFigure[] = [
    {
      area: 'applications',
      icon: IconFileText,
      hint: t('account.tenantPortal.applications.active', { count: summary.applications.active }),
      note: t('account.tenantPortal.applications.hint'),
    },
    { area: 'payments', icon: IconCreditCard, hint: t('account.tenantPortal.payments.hint') },
    {
      area: 'maintenance',
      icon: IconTools,
      hint: t('account.tenantPortal.maintenance.open', { count: summary.maintenance.open }),
      note: t('account.tenantPortal.maintenance.hint'),
      links: (
        <Group gap="xs" mt="xs">
          <Button component={Link} to="/tenant-portal/maintenance/new" size="compact-sm" data-testid="portal-report-problem">
            {t('maintenance.portal.report')}
          </Button>
          <Anchor component={Link} to="/tenant-portal/maintenance" size="sm">
            {t('maintenance.portal.viewAll')}
          </Anchor>
        </Group>
      ),
    },
  ];
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
        {figures.map(({ area, icon, hint, note, links }) => (
          <StatCard
            key={area}
            icon={icon}
            label={t(`account.tenantPortal.${area}.title`)}
            value={formatNumber(summary[area].total, lang)}
            hint={hint}
            testId={`tenant-${area}`}
          >
            {note && (
              <Text size="xs" c="dimmed">
                {note}
              </Text>
            )}
            {links}
          </StatCard>
        ))}
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
