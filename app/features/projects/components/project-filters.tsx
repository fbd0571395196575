/**
 * The projects list's filters: status and building. A plain GET form (works without JavaScript;
 * every filtered list has its own URL); applying starts again from the newest project.
 */
import { Anchor, Button, Group, NativeSelect } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import type { BuildingOption } from '~/features/portfolio/building-options.server';
import { BuildingFilter } from '~/features/portfolio/components/building-filter';
import { PROJECT_STATUSES, type ProjectFilters } from '../projects.schemas';

type Props = {
  base: string;
  filters: ProjectFilters;
  building: BuildingOption | null;
};

export function ProjectFiltersForm({ base, filters, building }: Props) {
  const { t } = useTranslation();
  const filtered = Boolean(filters.status || filters.buildingId);
  return (
    <Form method="get" action={base} role="search" aria-label={t('projects.filters.label')} preventScrollReset data-testid="projects-filters" key={JSON.stringify(filters)}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <NativeSelect
          name="status"
          label={t('projects.filters.status')}
          defaultValue={filters.status ?? ''}
          data={[
            { value: '', label: t('projects.filters.all') },
            ...PROJECT_STATUSES.map((value) => ({
              value,
              label: t(`projects.status.${value}`),
            })),
          ]}
          style={{ flex: '1 1 160px' }}
          data-testid="projects-filter-status"
        />
        <BuildingFilter
          name="building"
          label={t('projects.filters.building')}
          allLabel={t('projects.filters.allBuildings')}
          selected={
            building ??
            (filters.buildingId
              ? {
                  id: filters.buildingId,
                  name: t('projects.filters.buildingNumber', {
                    id: filters.buildingId,
                  }),
                }
              : null)
          }
          style={{ flex: '2 1 220px', minWidth: 0 }}
          testId="projects-filter-building"
        />
        <Button type="submit" variant="default" mt={25} leftSection={<IconFilter size={16} aria-hidden />}>
          {t('projects.filters.apply')}
        </Button>
        {filtered && (
          <Anchor component={Link} to={base} preventScrollReset size="sm" mt={33} data-testid="projects-filter-clear">
            {t('projects.filters.clear')}
          </Anchor>
        )}
      </Group>
    </Form>
  );
}
