/**
 * The vendor's work orders (`/vendor-portal/work-orders`): a GET filter form (status, building,
 * city, a search on the job, the building or street, or a work order number — every filtered list
 * has its own URL and works without JavaScript), then one row per work order with its state, the
 * job, where it is (the full address: the work is theirs), the visit and the due time, and
 * keyset pagination. The page follows changes live.
 */
import { Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { optionsWithAll } from '~/components/lists/filter-form';
import { SEARCH_MAX, vendorFilterValues } from '../work-order-lists.schemas';
import type { VendorListPage } from '../work-orders.types';
import { PriorityBadge, WorkOrderStatusBadge } from './badges';
import { useLiveWorkOrders } from './use-live-work-orders';
import { WorkOrderFilters, WorkOrderNumberCell, WorkOrderTable, WorkOrderVisitCell } from './work-order-list-parts';

const BASE = '/vendor-portal/work-orders';

export function VendorWorkOrderList({ page }: { page: VendorListPage }) {
  const { t } = useTranslation();
  useLiveWorkOrders();
  const { filters, list, errors } = page;
  const filtered = Boolean(filters.status || filters.buildingId || filters.city || filters.q);
  return (
    <Stack gap="md">
      <WorkOrderFilters action={BASE} filters={filters} errors={errors} filtered={filtered} testId="vendor-filters">
        <NativeSelect
          name="building"
          label={t('workOrders.filters.building')}
          defaultValue={filters.buildingId ? String(filters.buildingId) : ''}
          data={optionsWithAll(t('workOrders.filters.allBuildings'), page.buildings, (row) => ({
            value: String(row.id),
            label: `${row.name} (${row.city})`,
          }))}
          error={errors.building}
          style={{ flex: '2 1 200px' }}
        />
        <TextInput
          name="city"
          label={t('workOrders.filters.city')}
          defaultValue={filters.city}
          maxLength={SEARCH_MAX}
          error={errors.city}
          style={{ flex: '1 1 140px' }}
        />
        <TextInput
          name="q"
          type="search"
          label={t('workOrders.filters.search')}
          placeholder={t('workOrders.filters.searchHint')}
          defaultValue={filters.q}
          maxLength={SEARCH_MAX}
          error={errors.q}
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flex: '2 1 220px' }}
        />
      </WorkOrderFilters>
      <WorkOrderTable
        errors={errors}
        list={list}
        firstPage={page.firstPage}
        base={BASE}
        values={vendorFilterValues(filters)}
        pagerTestId="vendor-work-orders-pagination"
        filtered={filtered}
        emptyKey="workOrders.list.empty"
        emptyTestId="vendor-work-orders-empty"
        emptyTitleOrder={2}
        minWidth={760}
        caption={t('workOrders.list.caption')}
        columns={(['number', 'job', 'where', 'visit', 'status'] as const).map((column) => ({ label: t(`workOrders.list.${column}`) }))}
        testId="vendor-work-orders"
      >
        {list.items.map((row) => (
          <Table.Tr key={row.id} data-testid="vendor-work-order-row" data-status={row.status} data-id={row.id}>
            <WorkOrderNumberCell href={`${BASE}/${row.id}`} row={row} />
            <Table.Td>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {row.title}
              </Text>
              <Group gap={4} mt={2}>
                {row.priority && <PriorityBadge priority={row.priority} size="xs" />}
                {row.kind === 'project' && (
                  <Text size="xs" c="dimmed">
                    {t('workOrders.list.project')}
                  </Text>
                )}
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {row.buildingName}
                {row.unitNumber ? ` · ${t('workOrders.detail.unit', { unit: row.unitNumber })}` : ''}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {[row.address, row.city, row.state].filter(Boolean).join(', ')}
              </Text>
            </Table.Td>
            <WorkOrderVisitCell row={row} />
            <Table.Td>
              <WorkOrderStatusBadge status={row.status} size="sm" />
            </Table.Td>
          </Table.Tr>
        ))}
      </WorkOrderTable>
    </Stack>
  );
}
