/**
 * A capital project's staff page (/admin/projects/:id, /dashboard/projects/:id): the header with
 * the status and budget bar, four tabs as links (each its own URL, so they work without
 * JavaScript) — overview, bids, work orders, documents — and the chosen tab. After a plain form
 * post the page comes back with `?done=` and says what was done.
 */
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { BackLink } from '~/components/back-link';
import { Link } from 'react-router';
import type { BuildingOption } from '~/features/portfolio/building-options.server';
import { PROJECT_TABS, type ProjectTab } from '../projects.schemas';
import type { ProjectDetail, VendorChoice } from '../project-queries.server';
import type { ProjectActionResult, ProjectIntent, ProjectsBase } from '../projects.types';
import { BidsTab } from './bids-tab';
import { BudgetBar } from './budget-bar';
import { DocumentsTab } from './documents-tab';
import { ProjectStatusBadge } from './project-badges';
import { OverviewTab } from './overview-tab';
import { useProjectLive } from './use-project-live';
import { WorkOrdersTab } from './work-orders-tab';

export type ProjectPageData = {
  detail: ProjectDetail;
  vendorChoices: VendorChoice[];
  building: BuildingOption | null;
  tab: ProjectTab;
  done: ProjectIntent | null;
  /** Now, as a `datetime-local` value (UTC), the earliest deadline. */
  now: string;
  base: ProjectsBase;
};

export function ProjectPage({ page, result }: { page: ProjectPageData; result: ProjectActionResult | undefined }) {
  const { t } = useTranslation();
  const { detail, base } = page;
  // After an enhanced command the action names the tab to show; links otherwise.
  const tab = result?.ok && result.tab ? result.tab : page.tab;
  useProjectLive({ projectPath: `${base}/${detail.id}`, workOrderIds: detail.workOrders.map((order) => order.id) });
  const counts: Partial<Record<ProjectTab, number>> = {
    bids: detail.bids.length,
    'work-orders': detail.workOrders.length,
    documents: detail.documents.length,
  };
  return (
    <Stack gap="lg" data-testid="project-page" data-status={detail.status} data-project={detail.id}>
      <BackLink to={base}>{t('projects.detail.back')}</BackLink>
      <Paper withBorder p="md">
        <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
            <Group gap="sm" wrap="wrap">
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                {detail.name}
              </Title>
              <ProjectStatusBadge status={detail.status} size="lg" />
            </Group>
            <Text c="dimmed">{[detail.buildingName, t(`projects.kind.${detail.kind}`)].filter(Boolean).join(' · ')}</Text>
          </Stack>
          <BudgetBar budgetCents={detail.budgetCents} spendCents={detail.spendCents} />
        </Group>
      </Paper>
      {page.done && (
        <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} data-testid="project-done">
          {t(`projects.done.${page.done}`, {
            count: 0,
            status: t(`projects.status.${detail.status}`),
          })}
        </Alert>
      )}
      <Group component="nav" aria-label={t('projects.tabs.label')} gap="xs" data-testid="project-tabs">
        {PROJECT_TABS.map((name) => (
          <Button
            key={name}
            component={Link}
            to={`?tab=${name}`}
            preventScrollReset
            replace
            variant={tab === name ? 'filled' : 'default'}
            aria-current={tab === name ? 'page' : undefined}
            size="sm"
            data-testid={`project-tab-${name}`}
            rightSection={
              counts[name] ? (
                <Badge size="sm" variant={tab === name ? 'white' : 'light'} circle>
                  {counts[name]}
                </Badge>
              ) : undefined
            }
          >
            {t(`projects.tabs.${name}`)}
          </Button>
        ))}
      </Group>
      {tab === 'overview' && <OverviewTab page={page} result={result} />}
      {tab === 'bids' && <BidsTab base={base} detail={detail} result={result} />}
      {tab === 'work-orders' && (
        <WorkOrdersTab detail={detail} assignmentsPath={base === '/admin/projects' ? '/admin/assignments' : '/dashboard/assignments'} />
      )}
      {tab === 'documents' && <DocumentsTab base={base} detail={detail} result={result} />}
    </Stack>
  );
}
