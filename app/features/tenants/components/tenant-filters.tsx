/**
 * The directory's filters: a search by name, e-mail or unit number, the building, "balance due"
 * and "lease ending within N days". A plain GET form (works without JavaScript; every filtered
 * list has its own URL); submitting starts again at page 1.
 */
import { Checkbox, TextInput } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { FilterForm, SearchFilter } from '~/components/lists/filter-form';
import type { BuildingOption } from '~/features/portfolio/building-options.server';
import { BuildingFilter } from '~/components/lists/building-filter';
import { ENDING_WITHIN_MAX, hasTenantFilters, TENANT_SEARCH_MAX, type TenantFilters, type TenantsBase } from '../tenants.types';

type Props = { base: TenantsBase; filters: TenantFilters; building: BuildingOption | null };

export function TenantFiltersForm({ base, filters, building }: Props) {
  const { t } = useTranslation();
  const formKey = `${filters.q}|${filters.buildingId ?? ''}|${filters.balanceDue}|${filters.endingWithin ?? ''}`;
  return (
    <FilterForm
      action={base}
      label={t('tenants.filters.label')}
      formKey={formKey}
      testId="tenants-filters"
      applyLabel={t('tenants.filters.apply')}
      clearLabel={t('tenants.filters.clear')}
      showClear={hasTenantFilters(filters)}
      clearTestId="tenants-filter-clear"
    >
      <SearchFilter label={t('tenants.filters.search')} defaultValue={filters.q} maxLength={TENANT_SEARCH_MAX} testId="tenants-filter-q" />
      <BuildingFilter
        name="building"
        label={t('tenants.filters.building')}
        allLabel={t('tenants.filters.allBuildings')}
        selected={
          building ??
          (filters.buildingId ? { id: filters.buildingId, name: t('tenants.filters.buildingNumber', { id: filters.buildingId }) } : null)
        }
        style={{ flex: '2 1 200px', minWidth: 0 }}
        testId="tenants-filter-building"
      />
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
      <Checkbox
        name="due"
        value="1"
        label={t('tenants.filters.balanceDue')}
        defaultChecked={filters.balanceDue}
        py={8}
        data-testid="tenants-filter-due"
      />
    </FilterForm>
  );
}
