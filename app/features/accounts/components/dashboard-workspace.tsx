/**
 * The dashboard's workspace card (spec §2): where the viewer works — the tenant or vendor portal,
 * the admin area, or for a property manager the count of properties they manage and the links to
 * their staff pages.
 */
import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import type { DashboardSummary } from '../dashboard.server';

/** The viewer's workspace by role; `managedProperties` is the manager's count (else null). */
export function WorkspaceCard({
  role,
  managedProperties,
}: {
  role: DashboardSummary['profile']['role'];
  managedProperties: number | null;
}) {
  const { t } = useTranslation();
  const links = { tenant: '/tenant-portal', vendor: '/vendor-portal', admin: '/admin' } as const;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="workspace-title" data-testid="dashboard-workspace">
      <Title order={2} size="h4" id="workspace-title" mb="xs">
        {t('account.dashboard.workspace.title')}
      </Title>
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
          <Anchor component={Link} to="/dashboard/buildings" size="sm" fw={600}>
            {t('account.dashboard.workspace.property_manager.link')}
          </Anchor>
          <Anchor component={Link} to="/dashboard/projects" size="sm" fw={600} data-testid="dashboard-projects-link">
            {t('account.dashboard.workspace.property_manager.projectsLink')}
          </Anchor>
          <Anchor component={Link} to="/dashboard/tenants" size="sm" fw={600} data-testid="dashboard-tenants-link">
            {t('account.dashboard.workspace.property_manager.tenantsLink')}
          </Anchor>
          <Anchor component={Link} to="/dashboard/payments" size="sm" fw={600} data-testid="dashboard-payments-link">
            {t('account.dashboard.workspace.property_manager.paymentsLink')}
          </Anchor>
          <Anchor component={Link} to="/dashboard/maintenance" size="sm" fw={600} data-testid="dashboard-maintenance-link">
            {t('account.dashboard.workspace.property_manager.maintenanceLink')}
          </Anchor>
          <Anchor component={Link} to="/dashboard/assignments" size="sm" fw={600} data-testid="dashboard-assignments-link">
            {t('account.dashboard.workspace.property_manager.assignmentsLink')}
          </Anchor>
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
    </Paper>
  );
}
