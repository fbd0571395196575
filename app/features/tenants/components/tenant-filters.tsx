/**
 * The directory's filters: a search by name, e-mail or unit number, the building, "balance due"
 * and "lease ending within N days". A plain GET form (works without JavaScript; every filtered
 * list has its own URL); submitting starts again at page 1.
 */
import { Anchor, Button, Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { ENDING_WITHIN_MAX, hasTenantFilters, TENANT_SEARCH_MAX, type TenantBuildingOption, type TenantFilters, type TenantsBase } from '../tenants.types';

type Props = { base: TenantsBase; filters: TenantFilters; buildings: TenantBuildingOption[] };

export function TenantFiltersForm({ base, filters, buildings }: Props) {
  const { t } = useTranslation();
  const options = buildings.map((option) => ({ value: String(option.id), label: option.name }));
  if (filters.buildingId && !buildings.some((option) => option.id === filters.buildingId)) {
    options.unshift({ value: String(filters.buildingId), label: t('tenants.filters.buildingNumber', { id: filters.buildingId }) });
  }
  const formKey = `${filters.q}|${filters.buildingId ?? ''}|${filters.balanceDue}|${filters.endingWithin ?? ''}`;
  return (
    <Form method="get" action={base} role="search" aria-label={t('tenants.filters.label')} preventScrollReset key={formKey} data-testid="tenants-filters">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          name="q"
          type="search"
          label={t('tenants.filters.search')}
          defaultValue={filters.q}
          maxLength={TENANT_SEARCH_MAX}
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flex: '2 1 220px' }}
          data-testid="tenants-filter-q"
        />
        <NativeSelect
          name="building"
          label={t('tenants.filters.building')}
          defaultValue={filters.buildingId ? String(filters.buildingId) : ''}
          data={[{ value: '', label: t('tenants.filters.allBuildings') }, ...options]}
          style={{ flex: '2 1 200px', minWidth: 0 }}
          data-testid="tenants-filter-building"
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
        <Checkbox name="due" value="1" label={t('tenants.filters.balanceDue')} defaultChecked={filters.balanceDue} py={8} data-testid="tenants-filter-due" />
        <Button type="submit" variant="default" leftSection={<IconFilter size={16} aria-hidden />}>
          {t('tenants.filters.apply')}
        </Button>
        {hasTenantFilters(filters) && (
          <Anchor component={Link} to={base} preventScrollReset size="sm" py={8} data-testid="tenants-filter-clear">
            {t('tenants.filters.clear')}
          </Anchor>
        )}
      </Group>
    </Form>
  );
}
