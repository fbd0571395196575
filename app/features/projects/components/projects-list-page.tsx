/**
 * The capital projects list of /admin/projects and /dashboard/projects: the header with "New
 * project", the filters, one row per project (name linking to its page, building, kind, status,
 * dates, bids received, budget against spend) and keyset pagination that keeps the filters.
 */
import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { IconBriefcase, IconPlus } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { KeysetPager } from '~/components/keyset-pager';
import { ListTable, NoWrapCell } from '~/components/lists/list-table';
import { SignedInPageHeader } from '~/components/page-header';
import type { BuildingOption } from '~/features/portfolio/building-options.server';
import { formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import { projectsHref, type ProjectFilters } from '../projects.schemas';
import type { ProjectListPage } from '../project-queries.server';
import type { ProjectsBase } from '../projects.types';
import { BudgetBar } from './budget-bar';
import { ProjectStatusBadge } from './project-badges';
import { ProjectFiltersForm } from './project-filters';

type Props = { base: ProjectsBase; list: ProjectListPage; filters: ProjectFilters; building: BuildingOption | null };

export function ProjectsListPage({ base, list, filters, building }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const filtered = Boolean(filters.status || filters.buildingId || filters.after);
  const manager = base === '/dashboard/projects';
  return (
    <>
      <SignedInPageHeader
        title={t(manager ? 'projects.list.managerTitle' : 'projects.list.title')}
        subtitle={t(manager ? 'projects.list.managerSubtitle' : 'projects.list.subtitle')}
        actions={
          <Button component={Link} to={`${base}/new`} leftSection={<IconPlus size={16} aria-hidden />} data-testid="project-new-link">
            {t('projects.list.new')}
          </Button>
        }
      />
      <Stack gap="md" data-testid="projects-list">
        <ProjectFiltersForm base={base} filters={filters} building={building} />
        <ListTable
          texts="projects.list"
          columns={['project', 'status', 'dates', { key: 'bids', align: 'right' }, 'budget']}
          icon={IconBriefcase}
          filtered={filtered}
          isEmpty={list.items.length === 0}
          minWidth={860}
          testIdPrefix="projects"
        >
          {list.items.map((row) => (
            <Table.Tr key={row.id} data-testid="project-row" data-project={row.id} data-status={row.status}>
              <Table.Td>
                <Anchor component={Link} to={`${base}/${row.id}`} fw={600} size="sm" data-testid="project-open">
                  {row.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {[row.buildingName, t(`projects.kind.${row.kind}`)].filter(Boolean).join(' · ')}
                </Text>
              </Table.Td>
              <Table.Td>
                <ProjectStatusBadge status={row.status} />
              </Table.Td>
              <NoWrapCell>
                {row.startDate || row.endDate
                  ? `${row.startDate ? formatIsoDate(row.startDate, lang) : '…'} – ${row.endDate ? formatIsoDate(row.endDate, lang) : '…'}`
                  : t('projects.list.noDates')}
              </NoWrapCell>
              <Table.Td ta="right">
                <Text size="sm">{t('projects.list.bidCount', { bids: row.bidCount, invited: row.invitedCount })}</Text>
              </Table.Td>
              <Table.Td>
                <BudgetBar budgetCents={row.budgetCents} spendCents={row.spendCents} size="sm" />
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
        <KeysetPager
          label={t('projects.pagination.label')}
          firstHref={filters.after ? projectsHref(base, filters, null) : null}
          firstLabel={t('projects.pagination.first')}
          nextHref={list.next ? projectsHref(base, filters, list.next) : null}
          nextLabel={t('projects.pagination.next')}
          testId="projects-pagination"
        />
      </Stack>
    </>
  );
}
