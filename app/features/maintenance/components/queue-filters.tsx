/**
 * The queue's filters (decision 026): building (searched as one types), priority, status,
 * category, age and "response target missed", and the order. A plain GET form (works without
 * JavaScript; every filtered queue has its own URL); submitting starts again at the first page
 * and keeps the view (list or board).
 */
import { Anchor, Button, Checkbox, Group, NativeSelect } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Form, Link } from 'react-router';
import type { BuildingOption } from '~/features/portfolio/building-options.server';
import { BuildingFilter } from '~/components/lists/building-filter';
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
  return (
    <Form
      method="get"
      action={base}
      role="search"
      aria-label={t('maintenanceQueue.filters.label')}
      preventScrollReset
      key={formKey}
      data-testid="queue-filters"
    >
      {filters.view !== 'list' && <input type="hidden" name="view" value={filters.view} />}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <BuildingFilter
          name="building"
          label={t('maintenanceQueue.filters.building')}
          allLabel={t('maintenanceQueue.filters.allBuildings')}
          selected={
            building ??
            (filters.buildingId
              ? { id: filters.buildingId, name: t('maintenanceQueue.filters.buildingNumber', { id: filters.buildingId }) }
              : null)
          }
          style={{ flex: '2 1 200px', minWidth: 0 }}
          testId="queue-filter-building"
        />
        <NativeSelect
          name="priority"
          label={t('maintenanceQueue.filters.priority')}
          defaultValue={filters.priority ?? ''}
          data={[
            { value: '', label: t('maintenanceQueue.filters.anyPriority') },
            ...QUEUE_PRIORITIES.map((value) => ({ value, label: t(`maintenanceQueue.priority.${value}`) })),
          ]}
          data-testid="queue-filter-priority"
          {...field}
        />
        {filters.view === 'list' && (
          <NativeSelect
            name="status"
            label={t('maintenanceQueue.filters.status')}
            defaultValue={filters.status}
            data={STATUS_FILTERS.map((value) => ({ value, label: statusLabel(value) }))}
            data-testid="queue-filter-status"
            {...field}
          />
        )}
        <NativeSelect
          name="category"
          label={t('maintenanceQueue.filters.category')}
          defaultValue={filters.category ?? ''}
          data={[
            { value: '', label: t('maintenanceQueue.filters.anyCategory') },
            ...QUEUE_CATEGORIES.map((value) => ({ value, label: t(`maintenanceQueue.category.${value}`) })),
          ]}
          data-testid="queue-filter-category"
          {...field}
        />
        <NativeSelect
          name="age"
          label={t('maintenanceQueue.filters.age')}
          defaultValue={filters.age ? String(filters.age) : ''}
          data={[
            { value: '', label: t('maintenanceQueue.filters.anyAge') },
            ...AGE_FILTERS.map((days) => ({ value: String(days), label: t('maintenanceQueue.filters.ageOption', { count: days }) })),
          ]}
          data-testid="queue-filter-age"
          {...field}
        />
        <NativeSelect
          name="sort"
          label={t('maintenanceQueue.filters.sort')}
          defaultValue={filters.sort}
          data={QUEUE_SORTS.map((value) => ({ value, label: t(`maintenanceQueue.sort.${value}`) }))}
          data-testid="queue-filter-sort"
          {...field}
        />
        <Checkbox
          name="breached"
          value="1"
          label={t('maintenanceQueue.filters.breached')}
          defaultChecked={filters.breached}
          py={8}
          data-testid="queue-filter-breached"
        />
        <Button type="submit" variant="default" leftSection={<IconFilter size={16} aria-hidden />} data-testid="queue-filter-apply">
          {t('maintenanceQueue.filters.apply')}
        </Button>
        {(hasQueueFilters(filters) || filters.sort !== 'newest') && (
          <Anchor
            component={Link}
            to={queueHref(base, { ...DEFAULT_QUEUE_FILTERS, view: filters.view })}
            preventScrollReset
            size="sm"
            py={8}
            data-testid="queue-filter-clear"
          >
            {t('maintenanceQueue.filters.clear')}
          </Anchor>
        )}
      </Group>
    </Form>
  );
}
