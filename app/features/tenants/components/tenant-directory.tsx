/**
 * The tenants directory as /admin/tenants and /dashboard/tenants show it: the filters, one row
 * per signer of each lease (name and e-mail linking to the tenant's page, unit, building, lease
 * status and end, balance) and keyset pagination (first, next) that keeps the filters. An empty list says
 * whether nothing matches the filters or there are no tenants yet.
 */
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { KeysetPager } from '~/components/keyset-pager';
import { ListTable, NoWrapCell, TwoLineCell } from '~/components/lists/list-table';
import { formatCents, formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { BuildingOption } from '~/features/portfolio/building-options.server';
import { hasTenantFilters, tenantsHref, type TenantFilters, type TenantListPage, type TenantsBase } from '../tenants.types';
import { LeaseStatusBadge } from './lease-status-badge';
import { TenantFiltersForm } from './tenant-filters';

type Props = { base: TenantsBase; list: TenantListPage; filters: TenantFilters; building: BuildingOption | null };

export function TenantDirectory({ base, list, filters, building }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const filtered = hasTenantFilters(filters) || filters.after !== null;
  return (
    <Stack gap="md" data-testid="tenant-directory">
      <TenantFiltersForm base={base} filters={filters} building={building} />
      <ListTable
        texts="tenants.list"
        columns={['tenant', 'unit', 'lease', 'leaseEnd', { key: 'balance', align: 'right' }]}
        icon={IconUserSearch}
        filtered={filtered}
        isEmpty={list.items.length === 0}
        minWidth={760}
        testIdPrefix="tenants"
      >
        {list.items.map((row) => (
          <Table.Tr key={row.id} data-testid="tenant-row" data-email={row.email} data-lease={row.leaseId}>
            <Table.Td>
              {row.userId ? (
                <Anchor component={Link} to={`${base}/${encodeURIComponent(row.userId)}`} fw={600} size="sm" data-testid="tenant-open">
                  {row.name}
                </Anchor>
              ) : (
                <Text size="sm" fw={600}>
                  {row.name}
                </Text>
              )}
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {row.email}
              </Text>
            </Table.Td>
            <TwoLineCell main={t('tenants.list.unitLabel', { unit: row.unitNumber })} detail={row.buildingName} />
            <Table.Td>
              <LeaseStatusBadge status={row.leaseStatus} />
            </Table.Td>
            <NoWrapCell>{formatIsoDate(row.endDate, lang)}</NoWrapCell>
            <Table.Td ta="right">
              <Text
                size="sm"
                fw={row.balanceCents > 0 ? 700 : 400}
                style={{ whiteSpace: 'nowrap' }}
                data-testid="tenant-balance"
                data-cents={row.balanceCents}
              >
                {formatCents(row.balanceCents, lang)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <KeysetPager
        label={t('tenants.pagination.label')}
        firstHref={filters.after ? tenantsHref(base, filters, null) : null}
        firstLabel={t('tenants.pagination.first')}
        nextHref={list.next ? tenantsHref(base, filters, list.next) : null}
        nextLabel={t('tenants.pagination.next')}
        testId="tenants-pagination"
      />
    </Stack>
  );
}
