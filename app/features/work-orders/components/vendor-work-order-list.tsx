/**
 * The vendor's work orders (`/vendor-portal/work-orders`): a GET filter form (status, building,
 * city, a search on the job, the building or street, or a work order number — every filtered list
 * has its own URL and works without JavaScript), then one row per work order with its state, the
 * job, where it is (the full address: the work is theirs), the visit and the due time, and
 * keyset pagination. The page follows changes live.
 */
import { Alert, Anchor, Button, EmptyState, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconClipboardList, IconFilter, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { KeysetPager } from '~/components/keyset-pager';
import { formatDateTime } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import { listHref, SEARCH_MAX, vendorFilterValues, WORK_ORDER_STATUS_VALUES } from '../work-orders.schemas';
import type { VendorListPage } from '../work-orders.types';
import { PriorityBadge, WorkOrderStatusBadge } from './badges';
import { useLiveWorkOrders } from './use-live-work-orders';

const BASE = '/vendor-portal/work-orders';

export function VendorWorkOrderList({ page }: { page: VendorListPage }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  useLiveWorkOrders();
  const { filters, list, errors } = page;
  const filtered = Boolean(filters.status || filters.buildingId || filters.city || filters.q);
  const all = { value: '', label: t('workOrders.filters.all') };
  return (
    <Stack gap="md">
      <Form method="get" action={BASE} role="search" aria-label={t('workOrders.filters.label')} preventScrollReset key={JSON.stringify(filters)} data-testid="vendor-filters">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NativeSelect
            name="status"
            label={t('workOrders.filters.status')}
            defaultValue={filters.status ?? ''}
            data={[all, ...WORK_ORDER_STATUS_VALUES.map((value) => ({ value, label: t(`workOrders.status.${value}`) }))]}
            error={errors.status}
            style={{ flex: '1 1 150px' }}
          />
          <NativeSelect
            name="building"
            label={t('workOrders.filters.building')}
            defaultValue={filters.buildingId ? String(filters.buildingId) : ''}
            data={[{ value: '', label: t('workOrders.filters.allBuildings') }, ...page.buildings.map((row) => ({ value: String(row.id), label: `${row.name} (${row.city})` }))]}
            error={errors.building}
            style={{ flex: '2 1 200px' }}
          />
          <TextInput name="city" label={t('workOrders.filters.city')} defaultValue={filters.city} maxLength={SEARCH_MAX} error={errors.city} style={{ flex: '1 1 140px' }} />
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
          <Button type="submit" variant="default" mt={25} leftSection={<IconFilter size={16} aria-hidden />}>
            {t('workOrders.filters.apply')}
          </Button>
          {(filtered || Object.keys(errors).length > 0) && (
            <Anchor component={Link} to={BASE} size="sm" mt={33}>
              {t('workOrders.filters.clear')}
            </Anchor>
          )}
        </Group>
      </Form>
      {Object.keys(errors).length > 0 && (
        <Alert color="red" role="alert">
          {Object.values(errors).join(' ')}
        </Alert>
      )}
      {list.items.length === 0 && page.firstPage ? (
        <EmptyState icon={<IconClipboardList size={30} aria-hidden />} variant="light" py="xl" data-testid="vendor-work-orders-empty">
          <EmptyState.Title order={2}>{t(filtered ? 'workOrders.list.noMatchTitle' : 'workOrders.list.emptyTitle')}</EmptyState.Title>
          <EmptyState.Description>{t(filtered ? 'workOrders.list.noMatchBody' : 'workOrders.list.emptyBody')}</EmptyState.Description>
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="vendor-work-orders">
            <Table.Caption>{t('workOrders.list.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('workOrders.list.number')}</Table.Th>
                <Table.Th scope="col">{t('workOrders.list.job')}</Table.Th>
                <Table.Th scope="col">{t('workOrders.list.where')}</Table.Th>
                <Table.Th scope="col">{t('workOrders.list.visit')}</Table.Th>
                <Table.Th scope="col">{t('workOrders.list.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.items.map((row) => (
                <Table.Tr key={row.id} data-testid="vendor-work-order-row" data-status={row.status} data-id={row.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`${BASE}/${row.id}`} fw={600} size="sm" ff="monospace" aria-label={t('workOrders.list.open', { id: row.id, title: row.title })}>
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <KeysetPager
        label={t('workOrders.list.pagination')}
        firstHref={page.firstPage ? null : listHref(BASE, vendorFilterValues(filters))}
        firstLabel={t('workOrders.list.first')}
        nextHref={list.nextCursor ? listHref(BASE, { ...vendorFilterValues(filters), cursor: list.nextCursor }) : null}
        nextLabel={t('workOrders.list.next')}
        testId="vendor-work-orders-pagination"
      />
    </Stack>
  );
}
