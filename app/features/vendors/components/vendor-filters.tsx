/**
 * The vendor list's filters: a search by company or e-mail, status, trade, US state served and
 * insurance. A plain GET form (works without JavaScript; every filtered list has its own URL);
 * submitting starts again at page 1.
 */
import { NativeSelect } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { FilterForm, optionsWithAll, SearchFilter } from '~/components/lists/filter-form';
import { US_STATES } from '~/lib/us-states';
import { hasVendorFilters, INSURANCE_FILTERS, VENDOR_SEARCH_MAX, VENDOR_STATUSES, type VendorFilters } from '../vendor-admin.types';
import { VENDOR_TRADES } from '../vendors.schemas';

type Props = { base: string; filters: VendorFilters };

export function VendorFiltersForm({ base, filters }: Props) {
  const { t } = useTranslation();
  const formKey = [filters.q, filters.status, filters.trade, filters.state, filters.insurance].join('|');
  const all = t('vendors.filters.all');
  // One select per filter: "all" first, then `option(item)` for each item.
  const select = <T,>(
    name: 'status' | 'trade' | 'state' | 'insurance',
    flex: string,
    items: readonly T[],
    option: (item: T) => { value: string; label: string },
  ) => (
    <NativeSelect
      name={name}
      label={t(`vendors.filters.${name}`)}
      defaultValue={filters[name] ?? ''}
      data={optionsWithAll(all, items, option)}
      style={{ flex }}
      data-testid={`vendors-filter-${name}`}
    />
  );
  return (
    <FilterForm list="vendors" action={base} formKey={formKey} showClear={hasVendorFilters(filters)}>
      <SearchFilter label={t('vendors.filters.search')} defaultValue={filters.q} maxLength={VENDOR_SEARCH_MAX} testId="vendors-filter-q" />
      {select('status', '1 1 140px', VENDOR_STATUSES, (status) => ({ value: status, label: t(`vendors.status.${status}`) }))}
      {select('trade', '1 1 180px', VENDOR_TRADES, (trade) => ({ value: trade, label: t(`forms.vendor.trade.${trade}`) }))}
      {select('state', '1 1 160px', Object.entries(US_STATES), ([code, name]) => ({ value: code, label: `${code} · ${name}` }))}
      {select('insurance', '1 1 180px', INSURANCE_FILTERS, (filter) => ({
        value: filter,
        label: t(`vendors.filters.insuranceOption.${filter}`),
      }))}
    </FilterForm>
  );
}
