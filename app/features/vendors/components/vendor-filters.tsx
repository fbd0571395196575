/**
 * The vendor list's filters: a search by company or e-mail, status, trade, US state served and
 * insurance. A plain GET form (works without JavaScript; every filtered list has its own URL);
 * submitting starts again at page 1.
 */
import { Anchor, Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { US_STATES } from '~/lib/us-states';
import { hasVendorFilters, INSURANCE_FILTERS, VENDOR_SEARCH_MAX, VENDOR_STATUSES, type VendorFilters } from '../vendor-admin.types';
import { VENDOR_TRADES } from '../vendors.schemas';

type Props = { base: string; filters: VendorFilters };

export function VendorFiltersForm({ base, filters }: Props) {
  const { t } = useTranslation();
  const formKey = [filters.q, filters.status, filters.trade, filters.state, filters.insurance].join('|');
  const all = { value: '', label: t('vendors.filters.all') };
  return (
    <Form method="get" action={base} role="search" aria-label={t('vendors.filters.label')} preventScrollReset key={formKey} data-testid="vendors-filters">
      <Group align="flex-end" gap="sm" wrap="wrap">
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
          data={[all, ...VENDOR_STATUSES.map((status) => ({ value: status, label: t(`vendors.status.${status}`) }))]}
          style={{ flex: '1 1 140px' }}
          data-testid="vendors-filter-status"
        />
        <NativeSelect
          name="trade"
          label={t('vendors.filters.trade')}
          defaultValue={filters.trade ?? ''}
          data={[all, ...VENDOR_TRADES.map((trade) => ({ value: trade, label: t(`forms.vendor.trade.${trade}`) }))]}
          style={{ flex: '1 1 180px' }}
          data-testid="vendors-filter-trade"
        />
        <NativeSelect
          name="state"
          label={t('vendors.filters.state')}
          defaultValue={filters.state ?? ''}
          data={[all, ...Object.entries(US_STATES).map(([code, name]) => ({ value: code, label: `${code} · ${name}` }))]}
          style={{ flex: '1 1 160px' }}
          data-testid="vendors-filter-state"
        />
        <NativeSelect
          name="insurance"
          label={t('vendors.filters.insurance')}
          defaultValue={filters.insurance ?? ''}
          data={[all, ...INSURANCE_FILTERS.map((filter) => ({ value: filter, label: t(`vendors.filters.insuranceOption.${filter}`) }))]}
          style={{ flex: '1 1 180px' }}
          data-testid="vendors-filter-insurance"
        />
        <Button type="submit" variant="default" leftSection={<IconFilter size={16} aria-hidden />}>
          {t('vendors.filters.apply')}
        </Button>
        {hasVendorFilters(filters) && (
          <Anchor component={Link} to={base} preventScrollReset size="sm" py={8} data-testid="vendors-filter-clear">
            {t('vendors.filters.clear')}
          </Anchor>
        )}
      </Group>
    </Form>
  );
}
