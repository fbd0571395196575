/**
 * The dashboard's workspace card (spec §2): where the viewer works — the tenant or vendor portal,
 * the admin area, or for a property manager the count of properties they manage and the links to
 * their staff pages.
 */
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import type { DashboardSummary } from '../dashboard.server';
import { SectionCard } from '~/components/section-card';

/** A property manager's staff pages, in the card's order. */
const MANAGER_LINKS: readonly {
  to: string;
  label: 'link' | 'projectsLink' | 'tenantsLink' | 'paymentsLink' | 'reportsLink' | 'maintenanceLink' | 'assignmentsLink';
  testId?: string;
}[] = [
  { to: '/dashboard/buildings', label: 'link' },
  { to: '/dashboard/projects', label: 'projectsLink', testId: 'dashboard-projects-link' },
  { to: '/dashboard/tenants', label: 'tenantsLink', testId: 'dashboard-tenants-link' },
  { to: '/dashboard/payments', label: 'paymentsLink', testId: 'dashboard-payments-link' },
  { to: '/dashboard/reports', label: 'reportsLink', testId: 'dashboard-reports-link' },
  { to: '/dashboard/maintenance', label: 'maintenanceLink', testId: 'dashboard-maintenance-link' },
  { to: '/dashboard/assignments', label: 'assignmentsLink', testId: 'dashboard-assignments-link' },
];

/** The viewer's workspace by role; `managedProperties` is the manager's count (else null). */
export function WorkspaceCard({
  role,
  managedProperties,
}: {
  role: DashboardSummary['profile']['role'];
  managedProperties: number | null;
}) {
  const { t } = useTranslation();
  const links = { tenant: '/tenant-portal', vendor: '/vendor-portal', owner: '/owner-portal', admin: '/admin' } as const;
  return (
    <SectionCard
      titleId="workspace-title"
      title={t('account.dashboard.workspace.title')}
      titleSize="h4"
      titleMb="xs"
      data-testid="dashboard-workspace"
    >
      <Text size="sm" mb="md">
        {t(`account.dashboard.workspace.${role}.body`)}
      </Text>
      {role === 'property_manager' ? (
        <Stack gap="sm" align="flex-start">
          <Text fw={600} data-testid="managed-count" data-count={managedProperties ?? 0}>
            {managedProperties
              ? t('account.dashboard.workspace.property_manager.managed', { count: managedProperties })
              : t('account.dashboard.workspace.property_manager.managedNone')}
          </Text>
          {MANAGER_LINKS.map(({ to, label, testId }) => (
            <Anchor key={to} component={Link} to={to} size="sm" fw={600} data-testid={testId}>
              {t(`account.dashboard.workspace.property_manager.${label}`)}
            </Anchor>
          ))}
        </Stack>
      ) : (
        <Button
          component={Link}
          to={links[role]}
          rightSection={<IconArrowRight size={16} aria-hidden />}
          data-testid="dashboard-portal-link"
        >
          {t(`account.dashboard.workspace.${role}.link`)}
        </Button>
      )}
    </SectionCard>
  );
}
