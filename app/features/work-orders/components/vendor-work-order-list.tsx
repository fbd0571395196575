/**
 * The vendor's work orders (`/vendor-portal/work-orders`): a GET filter form (status, building,
 * city, a search on the job, the building or street, or a work order number — every filtered list
 * has its own URL and works without JavaScript), then one row per work order with its state, the
 * job, where it is (the full address: the work is theirs), the visit and the due time, and
 * keyset pagination. The page follows changes live.
 */
import { Anchor, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { FilterForm, optionsWithAll } from '~/components/lists/filter-form';
import { formatDateTime } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import { SEARCH_MAX, vendorFilterValues } from '../work-order-lists.schemas';
import type { VendorListPage } from '../work-orders.types';
import { PriorityBadge, WorkOrderStatusBadge } from './badges';
import { useLiveWorkOrders } from './use-live-work-orders';
import { FilterErrors, WorkOrderPager, WorkOrderStatusFilter, WorkOrderTable } from './work-order-list-parts';

const BASE = '/vendor-portal/work-orders';

export function VendorWorkOrderList({ page }: { page: VendorListPage }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  useLiveWorkOrders();
  const { filters, list, errors } = page;
  const filtered = Boolean(filters.status || filters.buildingId || filters.city || filters.q);
  return (
    <Stack gap="md">
      <FilterForm
        action={BASE}
        label={t('workOrders.filters.label')}
        formKey={JSON.stringify(filters)}
        testId="vendor-filters"
        applyLabel={t('workOrders.filters.apply')}
        clearLabel={t('workOrders.filters.clear')}
        showClear={filtered || Object.keys(errors).length > 0}
        align="start"
      >
        <WorkOrderStatusFilter value={filters.status} error={errors.status} />
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
      </FilterForm>
      <FilterErrors errors={errors} />
      <WorkOrderTable
        isEmpty={list.items.length === 0 && page.firstPage}
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
            <Table.Td>
              <Anchor
                component={Link}
                to={`${BASE}/${row.id}`}
                fw={600}
                size="sm"
                ff="monospace"
                aria-label={t('workOrders.list.open', { id: row.id, title: row.title })}
              >
                #{row.id}
              </Anchor>
            </Table.Td>
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
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {row.scheduledFor ? formatDateTime(row.scheduledFor, lang) : '—'}
              </Text>
              {row.dueAt && (
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {t('workOrders.list.dueBy', { date: formatDateTime(row.dueAt, lang) })}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <WorkOrderStatusBadge status={row.status} size="sm" />
            </Table.Td>
          </Table.Tr>
        ))}
      </WorkOrderTable>
      <WorkOrderPager
        base={BASE}
        values={vendorFilterValues(filters)}
        firstPage={page.firstPage}
        nextCursor={list.nextCursor}
        testId="vendor-work-orders-pagination"
      />
    </Stack>
  );
}
