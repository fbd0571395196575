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
import { ListBuildingFilter } from '~/components/lists/building-filter';
import { hasPaymentFilters, PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentFilters } from '../payments.schemas';

/** The select filters: the query parameter (also `payments.filters.<name>`, `payments.<name>.<value>`), its values, its flex. */
const PAYMENT_SELECTS = [
  ['status', PAYMENT_STATUSES, '1 1 140px'],
  ['kind', PAYMENT_KINDS, '1 1 150px'],
  ['method', PAYMENT_METHODS, '1 1 150px'],
] as const;

type Props = { basePath: string; filters: PaymentFilters; building: BuildingOption | null; errors: Record<string, string> };

export function PaymentFilterForm({ basePath, filters, building, errors }: Props) {
  const { t } = useTranslation();
  const all = t('payments.filters.all');
  return (
    <FilterForm
      list="payments"
      action={basePath}
      formKey={JSON.stringify(filters)}
      showClear={hasPaymentFilters(filters)}
      errors={errors}
      align="start"
      footer={<DatesFilterFooter cursorError={errors.cursor} hint={t('payments.filters.datesHint')} />}
    >
      {PAYMENT_SELECTS.map(([name, values, flex]) => (
        <NativeSelect
          key={name}
          name={name}
          label={t(`payments.filters.${name}`)}
          defaultValue={filters[name] ?? ''}
          data={optionsWithAll(all, values, (value: string) => ({ value, label: t(`payments.${name}.${value}`) }))}
          error={errors[name]}
          style={{ flex }}
        />
      ))}
      <DateRangeFilter
        labels={{ from: t('payments.filters.from'), to: t('payments.filters.to') }}
        from={filters.from}
        to={filters.to}
        errors={errors}
      />
      <ListBuildingFilter
        texts="payments.filters"
        building={building}
        buildingId={filters.buildingId}
        error={errors.building}
        testId="payments-filter-building"
      />
    </FilterForm>
  );
}
