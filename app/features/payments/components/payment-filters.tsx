/**
 * The payments list's filters: status, kind, method, a date range (UTC days) and a building. A
 * plain GET form (works without JavaScript; every filtered list has its own URL); applying starts
 * again from the newest payment. A field the server refused shows its message.
 */
import { Anchor, Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Form, Link } from 'react-router';
import type { BuildingOption } from '~/features/portfolio/building-options.server';
import { BuildingFilter } from '~/components/lists/building-filter';
import { hasPaymentFilters, PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentFilters } from '../payments.schemas';

type Props = { basePath: string; filters: PaymentFilters; building: BuildingOption | null; errors: Record<string, string> };

export function PaymentFilterForm({ basePath, filters, building, errors }: Props) {
  const { t } = useTranslation();
  const all = { value: '', label: t('payments.filters.all') };
  const key = JSON.stringify(filters);
  return (
    <Form
      method="get"
      action={basePath}
      role="search"
      aria-label={t('payments.filters.label')}
      preventScrollReset
      data-testid="payments-filters"
      key={key}
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <NativeSelect
          name="status"
          label={t('payments.filters.status')}
          defaultValue={filters.status ?? ''}
          data={[all, ...PAYMENT_STATUSES.map((value) => ({ value, label: t(`payments.status.${value}`) }))]}
          error={errors.status}
          style={{ flex: '1 1 140px' }}
        />
        <NativeSelect
          name="kind"
          label={t('payments.filters.kind')}
          defaultValue={filters.kind ?? ''}
          data={[all, ...PAYMENT_KINDS.map((value) => ({ value, label: t(`payments.kind.${value}`) }))]}
          error={errors.kind}
          style={{ flex: '1 1 150px' }}
        />
        <NativeSelect
          name="method"
          label={t('payments.filters.method')}
          defaultValue={filters.method ?? ''}
          data={[all, ...PAYMENT_METHODS.map((value) => ({ value, label: t(`payments.method.${value}`) }))]}
          error={errors.method}
          style={{ flex: '1 1 150px' }}
        />
        <TextInput
          type="date"
          name="from"
          label={t('payments.filters.from')}
          defaultValue={filters.from ?? ''}
          error={errors.from}
          style={{ flex: '1 1 150px' }}
        />
        <TextInput
          type="date"
          name="to"
          label={t('payments.filters.to')}
          defaultValue={filters.to ?? ''}
          error={errors.to}
          style={{ flex: '1 1 150px' }}
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
        <Button type="submit" variant="default" mt={25} leftSection={<IconFilter size={16} aria-hidden />}>
          {t('payments.filters.apply')}
        </Button>
        {(hasPaymentFilters(filters) || Object.keys(errors).length > 0) && (
          <Anchor component={Link} to={basePath} preventScrollReset size="sm" mt={33} data-testid="payments-filter-clear">
            {t('payments.filters.clear')}
          </Anchor>
        )}
      </Group>
      {errors.cursor && (
        <Text c="red" size="sm" mt="xs" role="alert">
          {errors.cursor}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {t('payments.filters.datesHint')}
      </Text>
    </Form>
  );
}
