/**
 * The review list's filters: status, property and a search by reference, name or e-mail. A
 * plain GET form (works without JavaScript; every filtered list has its own URL); submitting
 * starts again at page 1 and closes the open panel.
 */
import { NativeSelect } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { FilterForm, optionsWithAll, SearchFilter } from '~/components/lists/filter-form';
import { APPLICATION_STATUSES, REVIEW_SEARCH_MAX, type ReviewPropertyOption } from '../applications.types';
import { hasReviewFilters, type ReviewFilters } from '../review-filters';

type Props = { basePath: string; filters: ReviewFilters; properties: ReviewPropertyOption[] };

export function ApplicationFilters({ basePath, filters, properties }: Props) {
  const { t } = useTranslation();
  const propertyOptions = properties.map((option) => ({ value: String(option.id), label: `${option.title} · ${option.city}` }));
  // A property reached by URL that is not among the options still shows as chosen.
  if (filters.propertyId && !properties.some((option) => option.id === filters.propertyId)) {
    propertyOptions.unshift({
      value: String(filters.propertyId),
      label: t('applications.filters.propertyNumber', { id: filters.propertyId }),
    });
  }
  const formKey = `${filters.status ?? ''}|${filters.propertyId ?? ''}|${filters.q}`;
  return (
    <FilterForm list="applications" action={basePath} formKey={formKey} showClear={hasReviewFilters(filters)}>
      <NativeSelect
        name="status"
        label={t('applications.filters.status')}
        defaultValue={filters.status ?? ''}
        data={optionsWithAll(t('applications.filters.allStatuses'), APPLICATION_STATUSES, (status) => ({
          value: status,
          label: t(`applications.status.${status}`),
        }))}
        style={{ flex: '1 1 160px' }}
        data-testid="applications-filter-status"
      />
      <NativeSelect
        name="property"
        label={t('applications.filters.property')}
        defaultValue={filters.propertyId ? String(filters.propertyId) : ''}
        data={[{ value: '', label: t('applications.filters.allProperties') }, ...propertyOptions]}
        style={{ flex: '2 1 220px', minWidth: 0 }}
        data-testid="applications-filter-property"
      />
      <SearchFilter
        label={t('applications.filters.search')}
        defaultValue={filters.q}
        maxLength={REVIEW_SEARCH_MAX}
        testId="applications-filter-q"
      />
    </FilterForm>
  );
}
