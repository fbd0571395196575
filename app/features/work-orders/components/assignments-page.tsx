/**
 * The staff assignments page of /admin/assignments and /dashboard/assignments (maintenance issue
 * item 5): the invoices waiting for a decision or a payout (approve, reject, pay from here), then
 * every work order across vendors with filters — status, vendor, building, overdue — as a plain
 * GET form (each filtered list has its own URL), one row per work order and keyset pagination.
 * Follows changes live.
 */
import { Alert, Anchor, Badge, Button, Checkbox, EmptyState, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { IconClipboardList, IconFilter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { KeysetPager } from '~/components/keyset-pager';
import { BuildingFilter } from '~/features/portfolio/components/building-filter';
import { formatDateTime } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import { assignmentFilterValues, listHref, WORK_ORDER_STATUS_VALUES } from '../work-orders.schemas';
import type { AssignmentsPage as PageData, CommandResult, StaffIntent } from '../work-orders.types';
import { PriorityBadge, WorkOrderStatusBadge } from './badges';
import { InvoiceCard } from './invoice-card';
import { InvoiceReview } from './invoice-review';
import { useLiveWorkOrders } from './use-live-work-orders';

export function AssignmentsPage({ page, result }: { page: PageData; result: CommandResult<StaffIntent> | undefined }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  useLiveWorkOrders();
  const { basePath, filters, list, errors } = page;
  const filtered = Boolean(filters.status || filters.vendorId || filters.buildingId || filters.overdue);
  const all = { value: '', label: t('workOrders.filters.all') };
  return (
    <Stack gap="xl" data-testid="assignments-page">
      <Stack gap="sm" component="section" aria-labelledby="invoices-review-title">
        <Title order={2} size="h3" id="invoices-review-title">
          {t('workOrders.review.title')}
        </Title>
        {page.invoices.length === 0 ? (
          <Text c="dimmed" size="sm" data-testid="invoices-review-empty">
            {t('workOrders.review.empty')}
          </Text>
        ) : (
          page.invoices.map((invoice) => (
            <InvoiceCard key={invoice.id} invoice={invoice} pdfHref={`${basePath}/invoices/${invoice.id}/pdf`} workOrderHref={`${basePath}/${invoice.workOrderId}#invoice-${invoice.id}`} showVendor>
              <InvoiceReview invoice={invoice} result={result} />
            </InvoiceCard>
          ))
        )}
      </Stack>

      <Stack gap="md" component="section" aria-labelledby="work-orders-title">
        <Title order={2} size="h3" id="work-orders-title">
          {t('workOrders.staff.listTitle')}
        </Title>
        <Form method="get" action={basePath} role="search" aria-label={t('workOrders.filters.label')} preventScrollReset key={JSON.stringify(filters)} data-testid="assignment-filters">
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
              name="vendor"
              label={t('workOrders.filters.vendor')}
              defaultValue={filters.vendorId ? String(filters.vendorId) : ''}
              data={[{ value: '', label: t('workOrders.filters.allVendors') }, ...page.vendors.map((vendor) => ({ value: String(vendor.id), label: vendor.companyName }))]}
              error={errors.vendor}
              style={{ flex: '2 1 200px' }}
            />
            <BuildingFilter
              name="building"
              label={t('workOrders.filters.building')}
              allLabel={t('workOrders.filters.allBuildings')}
              selected={page.building ?? (filters.buildingId ? { id: filters.buildingId, name: t('workOrders.filters.buildingNumber', { id: filters.buildingId }) } : null)}
              error={errors.building}
              style={{ flex: '2 1 200px', minWidth: 0 }}
              testId="assignments-filter-building"
            />
            <Checkbox name="overdue" value="1" label={t('workOrders.filters.overdue')} defaultChecked={filters.overdue} mt={32} data-testid="filter-overdue" />
            <Button type="submit" variant="default" mt={25} leftSection={<IconFilter size={16} aria-hidden />}>
              {t('workOrders.filters.apply')}
            </Button>
            {(filtered || Object.keys(errors).length > 0) && (
              <Anchor component={Link} to={basePath} size="sm" mt={33}>
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
          <EmptyState icon={<IconClipboardList size={30} aria-hidden />} variant="light" py="xl" data-testid="assignments-empty">
            <EmptyState.Title order={3}>{t(filtered ? 'workOrders.list.noMatchTitle' : 'workOrders.staff.emptyTitle')}</EmptyState.Title>
            <EmptyState.Description>{t(filtered ? 'workOrders.list.noMatchBody' : 'workOrders.staff.emptyBody')}</EmptyState.Description>
          </EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="assignments-table">
              <Table.Caption>{t('workOrders.staff.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('workOrders.list.number')}</Table.Th>
                  <Table.Th scope="col">{t('workOrders.list.job')}</Table.Th>
                  <Table.Th scope="col">{t('workOrders.staff.vendor')}</Table.Th>
                  <Table.Th scope="col">{t('workOrders.list.where')}</Table.Th>
                  <Table.Th scope="col">{t('workOrders.list.visit')}</Table.Th>
                  <Table.Th scope="col">{t('workOrders.list.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.items.map((row) => (
                  <Table.Tr key={row.id} data-testid="assignment-row" data-status={row.status} data-id={row.id} data-overdue={row.overdue ? 'yes' : 'no'}>
                    <Table.Td>
                      <Anchor component={Link} to={`${basePath}/${row.id}`} fw={600} size="sm" ff="monospace" aria-label={t('workOrders.list.open', { id: row.id, title: row.title })}>
                        #{row.id}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {row.title}
                      </Text>
                      {row.priority && <PriorityBadge priority={row.priority} size="xs" mt={2} />}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.vendorName}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.buildingName ?? '—'}</Text>
                      {row.unitNumber && (
                        <Text size="xs" c="dimmed">
                          {t('workOrders.detail.unit', { unit: row.unitNumber })}
                        </Text>
                      )}
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
                      <Group gap={4}>
                        <WorkOrderStatusBadge status={row.status} size="sm" />
                        {row.overdue && (
                          <Badge color="red.9" variant="filled" size="sm" autoContrast>
                            {t('workOrders.staff.overdue')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <KeysetPager
          label={t('workOrders.list.pagination')}
          firstHref={page.firstPage ? null : listHref(basePath, assignmentFilterValues(filters))}
          firstLabel={t('workOrders.list.first')}
          nextHref={list.nextCursor ? listHref(basePath, { ...assignmentFilterValues(filters), cursor: list.nextCursor }) : null}
          nextLabel={t('workOrders.list.next')}
          testId="assignments-pagination"
        />
      </Stack>
    </Stack>
  );
}
