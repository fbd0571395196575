/**
 * The directory's filters: a search by name, e-mail or unit number, the building, "balance due"
 * and "lease ending within N days". A plain GET form (works without JavaScript; every filtered
 * list has its own URL); submitting starts again at page 1.
 */
import { TextInput } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { CheckboxFilter, FilterForm, SearchFilter } from '~/components/lists/filter-form';
import type { BuildingOption } from '~/features/portfolio/building-options.server';
import { ListBuildingFilter } from '~/components/lists/building-filter';
import { ENDING_WITHIN_MAX, hasTenantFilters, TENANT_SEARCH_MAX, type TenantFilters, type TenantsBase } from '../tenants.types';

type Props = { base: TenantsBase; filters: TenantFilters; building: BuildingOption | null };

export function TenantFiltersForm({ base, filters, building }: Props) {
  const { t } = useTranslation();
  const formKey = `${filters.q}|${filters.buildingId ?? ''}|${filters.balanceDue}|${filters.endingWithin ?? ''}`;
  return (
    <FilterForm list="tenants" action={base} formKey={formKey} showClear={hasTenantFilters(filters)}>
      <SearchFilter label={t('tenants.filters.search')} defaultValue={filters.q} maxLength={TENANT_SEARCH_MAX} testId="tenants-filter-q" />
      <ListBuildingFilter texts="tenants.filters" building={building} buildingId={filters.buildingId} testId="tenants-filter-building" />
      <TextInput
        name="ending"
        type="number"
        inputMode="numeric"
        min={1}
        max={ENDING_WITHIN_MAX}
        label={t('tenants.filters.endingWithin')}
        description={t('tenants.filters.endingWithinHint', { max: ENDING_WITHIN_MAX })}
        defaultValue={filters.endingWithin ?? ''}
        style={{ flex: '1 1 140px' }}
        data-testid="tenants-filter-ending"
      />
      <CheckboxFilter name="due" label={t('tenants.filters.balanceDue')} checked={filters.balanceDue} testId="tenants-filter-due" />
    </FilterForm>
  );
}
