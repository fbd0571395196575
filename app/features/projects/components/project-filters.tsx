/**
 * The projects list's filters: status and building. A plain GET form (works without JavaScript;
 * every filtered list has its own URL); applying starts again from the newest project.
 */
import { NativeSelect } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { FilterForm, optionsWithAll } from '~/components/lists/filter-form';
import type { BuildingOption } from '~/features/portfolio/building-options.server';
import { ListBuildingFilter } from '~/components/lists/building-filter';
import { PROJECT_STATUSES, type ProjectFilters } from '../projects.schemas';

type Props = { base: string; filters: ProjectFilters; building: BuildingOption | null };

export function ProjectFiltersForm({ base, filters, building }: Props) {
  const { t } = useTranslation();
  const filtered = Boolean(filters.status || filters.buildingId);
  return (
    <FilterForm list="projects" action={base} formKey={JSON.stringify(filters)} showClear={filtered} align="start">
      <NativeSelect
        name="status"
        label={t('projects.filters.status')}
        defaultValue={filters.status ?? ''}
        data={optionsWithAll(t('projects.filters.all'), PROJECT_STATUSES, (value) => ({ value, label: t(`projects.status.${value}`) }))}
        style={{ flex: '1 1 160px' }}
        data-testid="projects-filter-status"
      />
      <ListBuildingFilter
        texts="projects.filters"
        building={building}
        buildingId={filters.buildingId}
        flex="2 1 220px"
        testId="projects-filter-building"
      />
    </FilterForm>
  );
}
