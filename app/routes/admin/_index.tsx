/**
 * /admin (spec §2: admin only): the back office's overview. Users by role, properties by
 * status, vendor applications awaiting review and audit events of the last 24 hours.
 */
import '@mantine/charts/styles.css';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconActivity, IconBuilding, IconTool, IconUsers } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { loadAdminOverview } from '~/features/admin/admin.server';
import { PortfolioCharts } from '~/features/portfolio/components/portfolio-charts';
import { loadPortfolioCharts } from '~/features/portfolio/portfolio-overview.server';
import { SignedInPageHeader } from '~/components/page-header';
import { RoleBadge } from '~/components/role-badge';
import { StatCard } from '~/components/stat-card';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { ROLES } from '~/lib/access';
import { formatNumber } from '~/lib/format';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { useLanguage } from '~/lib/use-language';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/_index';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const lang = requestLanguage(request);
  const [overview, charts] = await Promise.all([
    loadAdminOverview({ db: context.db, actor }),
    loadPortfolioCharts({ db: context.db, actor }),
  ]);
  return {
    overview,
    charts,
    i18n: translations(lang, ['account', 'admin', 'portfolio']),
    meta: pageMeta(lang, 'admin.overview.meta.title', 'admin.overview.meta.description'),
  };
}

export const meta = loaderMeta;

function Breakdown({ rows }: { rows: { key: string; label: React.ReactNode; value: number }[] }) {
  const lang = useLanguage();
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Group key={row.key} component="li" justify="space-between" gap="xs" wrap="nowrap" data-key={row.key}>
          {row.label}
          <Text size="sm" fw={600}>
            {formatNumber(row.value, lang)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { overview, charts } = loaderData;
  return (
    <>
      <SignedInPageHeader title={t('admin.overview.title')} subtitle={t('admin.overview.subtitle')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <StatCard
          icon={IconUsers}
          label={t('admin.overview.users.title')}
          value={formatNumber(overview.users.total, lang)}
          hint={t('admin.overview.users.banned', { count: overview.users.banned })}
          link={{ to: '/admin/users', label: t('admin.overview.users.manage') }}
          testId="overview-users"
        >
          <Breakdown
            rows={ROLES.map((role) => ({ key: role, label: <RoleBadge role={role} size="sm" />, value: overview.users.byRole[role] }))}
          />
        </StatCard>
        <StatCard
          icon={IconBuilding}
          label={t('admin.overview.properties.title')}
          value={formatNumber(overview.properties.total, lang)}
          link={{ to: '/admin/properties', label: t('portfolio.charts.manage') }}
          testId="overview-properties"
        >
          <Breakdown
            rows={Object.entries(overview.properties.byStatus).map(([status, value]) => ({
              key: status,
              label: <Text size="sm">{t(`admin.overview.properties.status.${status}`)}</Text>,
              value,
            }))}
          />
        </StatCard>
        <StatCard
          icon={IconTool}
          label={t('admin.overview.vendors.title')}
          value={formatNumber(overview.pendingVendors, lang)}
          hint={t('admin.overview.vendors.pending')}
          link={{ to: '/admin/vendors', label: t('admin.sections.vendors.title') }}
          testId="overview-vendors"
        />
        <StatCard
          icon={IconActivity}
          label={t('admin.overview.audit.title')}
          value={formatNumber(overview.auditEventsLast24h, lang)}
          hint={t('admin.overview.audit.last24h')}
          testId="overview-audit"
        />
      </SimpleGrid>
      {charts && <PortfolioCharts charts={charts} />}
    </>
  );
}
