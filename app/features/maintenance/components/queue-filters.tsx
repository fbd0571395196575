/**
 * The queue's filters (decision 026): building (searched as one types), priority, status,
 * category, age and "response target missed", and the order. A plain GET form (works without
 * JavaScript; every filtered queue has its own URL); submitting starts again at the first page
 * and keeps the view (list or board).
 */
import { NativeSelect } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import type { BuildingOption } from '~/features/portfolio/building-options.server';
import { ListBuildingFilter } from '~/components/lists/building-filter';
import { CheckboxFilter, FilterForm, optionsWithAll } from '~/components/lists/filter-form';
import {
  AGE_FILTERS,
  hasQueueFilters,
  QUEUE_CATEGORIES,
  QUEUE_PRIORITIES,
  QUEUE_SORTS,
  queueHref,
  STATUS_FILTERS,
  DEFAULT_QUEUE_FILTERS,
  type QueueBase,
  type QueueFilters,
} from '../queue.types';

type Props = { base: QueueBase; filters: QueueFilters; building: BuildingOption | null };

export function QueueFiltersForm({ base, filters, building }: Props) {
  const { t } = useTranslation();
  const formKey = JSON.stringify({ ...filters, after: null });
  const statusLabel = (status: (typeof STATUS_FILTERS)[number]) =>
    status === 'open' || status === 'all' ? t(`maintenanceQueue.statusFilter.${status}`) : t(`maintenanceQueue.status.${status}`);
  const field = { style: { flex: '1 1 150px', minWidth: 0 } };
  // The selects after the building, each named after its search parameter: its label is
  // `maintenanceQueue.filters.<name>`, its test id `queue-filter-<name>`. The board has no status filter.
  const selects: {
    name: 'priority' | 'status' | 'category' | 'age' | 'sort';
    value: string;
    options: { value: string; label: string }[];
  }[] = [
    {
      name: 'priority',
      value: filters.priority ?? '',
      options: optionsWithAll(t('maintenanceQueue.filters.anyPriority'), QUEUE_PRIORITIES, (value) => ({
        value,
        label: t(`maintenanceQueue.priority.${value}`),
      })),
    },
    ...(filters.view === 'list'
      ? [{ name: 'status' as const, value: filters.status, options: STATUS_FILTERS.map((value) => ({ value, label: statusLabel(value) })) }]
      : []),
    {
      name: 'category',
      value: filters.category ?? '',
      options: optionsWithAll(t('maintenanceQueue.filters.anyCategory'), QUEUE_CATEGORIES, (value) => ({
        value,
        label: t(`maintenanceQueue.category.${value}`),
      })),
    },
    {
      name: 'age',
      value: filters.age ? String(filters.age) : '',
      options: optionsWithAll(t('maintenanceQueue.filters.anyAge'), AGE_FILTERS, (days) => ({
        value: String(days),
        label: t('maintenanceQueue.filters.ageOption', { count: days }),
      })),
    },
    { name: 'sort', value: filters.sort, options: QUEUE_SORTS.map((value) => ({ value, label: t(`maintenanceQueue.sort.${value}`) })) },
  ];
  return (
    <FilterForm
      action={base}
      label={t('maintenanceQueue.filters.label')}
      formKey={formKey}
      testId="queue-filters"
      applyLabel={t('maintenanceQueue.filters.apply')}
      applyTestId="queue-filter-apply"
      clearLabel={t('maintenanceQueue.filters.clear')}
      showClear={hasQueueFilters(filters) || filters.sort !== 'newest'}
      clearHref={queueHref(base, { ...DEFAULT_QUEUE_FILTERS, view: filters.view })}
      clearTestId="queue-filter-clear"
      hidden={filters.view !== 'list' && <input type="hidden" name="view" value={filters.view} />}
    >
      <ListBuildingFilter
        texts="maintenanceQueue.filters"
        building={building}
        buildingId={filters.buildingId}
        testId="queue-filter-building"
      />
      {selects.map(({ name, value, options }) => (
        <NativeSelect
          key={name}
          name={name}
          label={t(`maintenanceQueue.filters.${name}`)}
          defaultValue={value}
          data={options}
          data-testid={`queue-filter-${name}`}
          {...field}
        />
      ))}
      <CheckboxFilter
        name="breached"
        label={t('maintenanceQueue.filters.breached')}
        checked={filters.breached}
        testId="queue-filter-breached"
      />
    </FilterForm>
  );
}
