/**
 * /admin/vendors: the filters, one row per vendor (company and e-mail linking to its page,
 * status, trades, states served, insurance, whether it can receive work, rating) and numbered
 * pagination made of links that keep the filters. An empty list says whether nothing matches the
 * filters or no vendor has applied yet.
 */
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { ListTable } from '~/components/lists/list-table';
import { LinkPagination } from '~/components/lists/link-pagination';
import { formatIsoDate, formatNumber } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import { hasVendorFilters, vendorsHref, type VendorFilters, type VendorListPage } from '../vendor-admin.types';
import { VendorEligibilityBadge, VendorRating, VendorStatusBadge } from './vendor-badges';
import { VendorFiltersForm } from './vendor-filters';

type Props = { base: string; list: VendorListPage; filters: VendorFilters };

/** At most this many trades are named in a row; the rest is counted. */
const TRADES_SHOWN = 3;

export function VendorList({ base, list, filters }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const filtered = hasVendorFilters(filters);
  return (
    <Stack gap="md" data-testid="vendor-list">
      <VendorFiltersForm base={base} filters={filters} />
      <Text size="sm" c="dimmed" data-testid="vendors-total">
        {t('vendors.list.total', { count: list.total, formatted: formatNumber(list.total, lang) })}
      </Text>
      <ListTable
        texts="vendors.list"
        columns={['vendor', 'status', 'trades', 'insurance', 'work', 'rating']}
        icon={IconBuildingStore}
        filtered={filtered}
        isEmpty={list.items.length === 0}
        minWidth={900}
        testIdPrefix="vendors"
      >
        {list.items.map((row) => (
          <Table.Tr key={row.id} data-testid="vendor-row" data-email={row.email} data-status={row.status}>
            <Table.Td>
              <Anchor component={Link} to={`${base}/${row.id}`} fw={600} size="sm" data-testid="vendor-open">
                {row.companyName}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {row.email}
              </Text>
              <Text size="xs" c="dimmed">
                {t('vendors.list.applied', { date: formatIsoDate(row.createdAt, lang) })}
              </Text>
            </Table.Td>
            <Table.Td>
              <VendorStatusBadge status={row.status} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {row.trades
                  .slice(0, TRADES_SHOWN)
                  .map((trade) => t(`forms.vendor.trade.${trade}`, { defaultValue: trade }))
                  .join(', ')}
                {row.trades.length > TRADES_SHOWN && ` ${t('vendors.list.more', { count: row.trades.length - TRADES_SHOWN })}`}
              </Text>
              {row.serviceStates.length > 0 && (
                <Text size="xs" c="dimmed">
                  {row.serviceStates.join(' · ')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {row.insuranceExpiry ? formatIsoDate(row.insuranceExpiry, lang) : '—'}
              </Text>
              <Text size="xs" c="dimmed">
                {t(row.insuranceVerified ? 'vendors.insurance.verified' : 'vendors.insurance.unverified')}
              </Text>
            </Table.Td>
            <Table.Td>
              <VendorEligibilityBadge eligibility={row.eligibility} />
            </Table.Td>
            <Table.Td>
              <VendorRating average={row.ratingAverage} count={row.ratingCount} />
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <LinkPagination
        page={list.page}
        pageCount={list.pageCount}
        hrefFor={(page) => vendorsHref(base, filters, page)}
        testId="vendors-pagination"
      />
    </Stack>
  );
}
