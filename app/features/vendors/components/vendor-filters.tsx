/**
 * The vendor list's filters: a search by company or e-mail, status, trade, US state served and
 * insurance. A plain GET form (works without JavaScript; every filtered list has its own URL);
 * submitting starts again at page 1.
 */
import { NativeSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { FilterForm, optionsWithAll } from '~/components/lists/filter-form';
import { US_STATES } from '~/lib/us-states';
import { hasVendorFilters, INSURANCE_FILTERS, VENDOR_SEARCH_MAX, VENDOR_STATUSES, type VendorFilters } from '../vendor-admin.types';
import { VENDOR_TRADES } from '../vendors.schemas';

type Props = { base: string; filters: VendorFilters };

export function VendorFiltersForm({ base, filters }: Props) {
  const { t } = useTranslation();
  const formKey = [filters.q, filters.status, filters.trade, filters.state, filters.insurance].join('|');
  const all = t('vendors.filters.all');
  return (
    <FilterForm
      action={base}
      label={t('vendors.filters.label')}
      formKey={formKey}
      testId="vendors-filters"
      applyLabel={t('vendors.filters.apply')}
      clearLabel={t('vendors.filters.clear')}
      showClear={hasVendorFilters(filters)}
      clearTestId="vendors-filter-clear"
    >
      <TextInput
        name="q"
        type="search"
        label={t('vendors.filters.search')}
        defaultValue={filters.q}
        maxLength={VENDOR_SEARCH_MAX}
        leftSection={<IconSearch size={16} aria-hidden />}
        style={{ flex: '2 1 220px' }}
        data-testid="vendors-filter-q"
      />
      <NativeSelect
        name="status"
        label={t('vendors.filters.status')}
        defaultValue={filters.status ?? ''}
        data={optionsWithAll(all, VENDOR_STATUSES, (status) => ({ value: status, label: t(`vendors.status.${status}`) }))}
        style={{ flex: '1 1 140px' }}
        data-testid="vendors-filter-status"
      />
      <NativeSelect
        name="trade"
        label={t('vendors.filters.trade')}
        defaultValue={filters.trade ?? ''}
        data={optionsWithAll(all, VENDOR_TRADES, (trade) => ({ value: trade, label: t(`forms.vendor.trade.${trade}`) }))}
        style={{ flex: '1 1 180px' }}
        data-testid="vendors-filter-trade"
      />
      <NativeSelect
        name="state"
        label={t('vendors.filters.state')}
        defaultValue={filters.state ?? ''}
        data={optionsWithAll(all, Object.entries(US_STATES), ([code, name]) => ({ value: code, label: `${code} · ${name}` }))}
        style={{ flex: '1 1 160px' }}
        data-testid="vendors-filter-state"
      />
      <NativeSelect
        name="insurance"
        label={t('vendors.filters.insurance')}
        defaultValue={filters.insurance ?? ''}
        data={optionsWithAll(all, INSURANCE_FILTERS, (filter) => ({
          value: filter,
          label: t(`vendors.filters.insuranceOption.${filter}`),
        }))}
        style={{ flex: '1 1 180px' }}
        data-testid="vendors-filter-insurance"
      />
    </FilterForm>
  );
}
