/**
 * The staff assignments page of /admin/assignments and /dashboard/assignments (decision
 * 029): the invoices waiting for a decision or a payout (approve, reject, pay from here), then
 * every work order across vendors with filters — status, vendor, building, overdue — as a plain
 * GET form (each filtered list has its own URL), one row per work order and keyset pagination.
 * Follows changes live.
 */
import { NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { CheckboxFilter, optionsWithAll } from '~/components/lists/filter-form';
import { ListBuildingFilter } from '~/components/lists/building-filter';
import { assignmentFilterValues } from '../work-order-lists.schemas';
import type { AssignmentsPage as PageData, CommandResult, StaffIntent } from '../work-orders.types';
import { PriorityBadge, WorkOrderStatusBadges } from './badges';
import { InvoiceCard } from './invoice-card';
import { InvoiceReview } from './invoice-review';
import { useLiveWorkOrders } from './use-live-work-orders';
import { WorkOrderFilters, WorkOrderNumberCell, WorkOrderTable, WorkOrderVisitCell } from './work-order-list-parts';

export function AssignmentsPage({ page, result }: { page: PageData; result: CommandResult<StaffIntent> | undefined }) {
  const { t } = useTranslation();
  useLiveWorkOrders();
  const { basePath, filters, list, errors } = page;
  const filtered = Boolean(filters.status || filters.vendorId || filters.buildingId || filters.overdue);
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
            <InvoiceCard
              key={invoice.id}
              invoice={invoice}
              pdfHref={`${basePath}/invoices/${invoice.id}/pdf`}
              workOrderHref={`${basePath}/${invoice.workOrderId}#invoice-${invoice.id}`}
              showVendor
            >
              <InvoiceReview invoice={invoice} result={result} />
            </InvoiceCard>
          ))
        )}
      </Stack>

      <Stack gap="md" component="section" aria-labelledby="work-orders-title">
        <Title order={2} size="h3" id="work-orders-title">
          {t('workOrders.staff.listTitle')}
        </Title>
        <WorkOrderFilters action={basePath} filters={filters} errors={errors} filtered={filtered} testId="assignment-filters">
          <NativeSelect
            name="vendor"
            label={t('workOrders.filters.vendor')}
            defaultValue={filters.vendorId ? String(filters.vendorId) : ''}
            data={optionsWithAll(t('workOrders.filters.allVendors'), page.vendors, (vendor) => ({
              value: String(vendor.id),
              label: vendor.companyName,
            }))}
            error={errors.vendor}
            style={{ flex: '2 1 200px' }}
          />
          <ListBuildingFilter
            texts="workOrders.filters"
            building={page.building}
            buildingId={filters.buildingId}
            error={errors.building}
            testId="assignments-filter-building"
          />
          <CheckboxFilter
            name="overdue"
            label={t('workOrders.filters.overdue')}
            checked={filters.overdue}
            align="start"
            testId="filter-overdue"
          />
        </WorkOrderFilters>
        <WorkOrderTable
          errors={errors}
          list={list}
          firstPage={page.firstPage}
          base={basePath}
          values={assignmentFilterValues(filters)}
          pagerTestId="assignments-pagination"
          filtered={filtered}
          emptyKey="workOrders.staff.empty"
          emptyTestId="assignments-empty"
          emptyTitleOrder={3}
          minWidth={860}
          caption={t('workOrders.staff.caption')}
          columns={[
            { label: t('workOrders.list.number') },
            { label: t('workOrders.list.job') },
            { label: t('workOrders.staff.vendor') },
            { label: t('workOrders.list.where') },
            { label: t('workOrders.list.visit') },
            { label: t('workOrders.list.status') },
          ]}
          testId="assignments-table"
        >
          {list.items.map((row) => (
            <Table.Tr
              key={row.id}
              data-testid="assignment-row"
              data-status={row.status}
              data-id={row.id}
              data-overdue={row.overdue ? 'yes' : 'no'}
            >
              <WorkOrderNumberCell href={`${basePath}/${row.id}`} row={row} />
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
              <WorkOrderVisitCell row={row} />
              <Table.Td>
                <WorkOrderStatusBadges status={row.status} overdue={row.overdue} size="sm" gap={4} />
              </Table.Td>
            </Table.Tr>
          ))}
        </WorkOrderTable>
      </Stack>
    </Stack>
  );
}
