/**
 * The payments list's filters: status, kind, method, a date range (UTC days) and a building. A
 * plain GET form (works without JavaScript; every filtered list has its own URL); applying starts
 * again from the newest payment. A field the server refused shows its message.
 */
import { NativeSelect } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { FilterForm, optionsWithAll } from '~/components/lists/filter-form';
import { DateRangeFilter, DatesFilterFooter } from '~/components/lists/list-toolbar';
import type { BuildingOption } from '~/features/portfolio/building-options.server';
import { BuildingFilter } from '~/components/lists/building-filter';
import { hasPaymentFilters, PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentFilters } from '../payments.schemas';

type Props = { basePath: string; filters: PaymentFilters; building: BuildingOption | null; errors: Record<string, string> };

export function PaymentFilterForm({ basePath, filters, building, errors }: Props) {
  const { t } = useTranslation();
  const all = t('payments.filters.all');
  return (
    <FilterForm
      action={basePath}
      label={t('payments.filters.label')}
      formKey={JSON.stringify(filters)}
      testId="payments-filters"
      applyLabel={t('payments.filters.apply')}
      clearLabel={t('payments.filters.clear')}
      showClear={hasPaymentFilters(filters) || Object.keys(errors).length > 0}
      clearTestId="payments-filter-clear"
      align="start"
      footer={<DatesFilterFooter cursorError={errors.cursor} hint={t('payments.filters.datesHint')} />}
    >
      <NativeSelect
        name="status"
        label={t('payments.filters.status')}
        defaultValue={filters.status ?? ''}
        data={optionsWithAll(all, PAYMENT_STATUSES, (value) => ({ value, label: t(`payments.status.${value}`) }))}
        error={errors.status}
        style={{ flex: '1 1 140px' }}
      />
      <NativeSelect
        name="kind"
        label={t('payments.filters.kind')}
        defaultValue={filters.kind ?? ''}
        data={optionsWithAll(all, PAYMENT_KINDS, (value) => ({ value, label: t(`payments.kind.${value}`) }))}
        error={errors.kind}
        style={{ flex: '1 1 150px' }}
      />
      <NativeSelect
        name="method"
        label={t('payments.filters.method')}
        defaultValue={filters.method ?? ''}
        data={optionsWithAll(all, PAYMENT_METHODS, (value) => ({ value, label: t(`payments.method.${value}`) }))}
        error={errors.method}
        style={{ flex: '1 1 150px' }}
      />
      <DateRangeFilter
        labels={{ from: t('payments.filters.from'), to: t('payments.filters.to') }}
        from={filters.from}
        to={filters.to}
        errors={errors}
      />
      <BuildingFilter
        name="building"
        label={t('payments.filters.building')}
        allLabel={t('payments.filters.allBuildings')}
        selected={
          building ??
          (filters.buildingId ? { id: filters.buildingId, name: t('payments.filters.buildingNumber', { id: filters.buildingId }) } : null)
        }
        error={errors.building}
        style={{ flex: '2 1 200px', minWidth: 0 }}
        testId="payments-filter-building"
      />
    </FilterForm>
  );
}
