/**
 * The unit form (create and edit; decision 015): number, titles and descriptions in
 * English and Italian, rent, layout, size, occupants, type, status, availability, amenities and
 * whether it is listed on the website. A real form (works without JavaScript); the server
 * validates again and answers translated field errors with the values typed.
 */
import { Grid, NativeSelect, Switch, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { PROPERTY_TYPES, UNIT_STATUSES } from '~/lib/property-types';
import { PORTFOLIO_TEXT_LIMITS } from '../portfolio.schemas';
import type { UnitDetail } from '../portfolio.types';
import type { PortfolioActionResult } from '../portfolio.page.server';
import { AmenitiesField, PortfolioForm, usePortfolioForm } from './portfolio-form';

export function UnitForm({ unit, result }: { unit: UnitDetail | null; result: PortfolioActionResult | undefined }) {
  const { t } = useTranslation();
  const { errors, typed, field, amenities, frame } = usePortfolioForm('unit', unit, result);
  const listed = typed ? ['on', 'true'].includes(String(typed.listed)) : (unit?.listed ?? false);
  return (
    <PortfolioForm {...frame} submitLabel={unit ? t('portfolio.unitForm.save') : t('portfolio.unitForm.create')}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <TextInput
            {...field('unitNumber')}
            label={t('portfolio.unitForm.unitNumber')}
            required
            maxLength={PORTFOLIO_TEXT_LIMITS.unitNumber}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          <TextInput {...field('title')} label={t('portfolio.unitForm.unitTitle')} required maxLength={PORTFOLIO_TEXT_LIMITS.title} />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput {...field('titleIt')} lang="it" label={t('portfolio.unitForm.unitTitleIt')} maxLength={PORTFOLIO_TEXT_LIMITS.title} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <TextInput {...field('price')} label={t('portfolio.unitForm.price')} required inputMode="numeric" />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <NativeSelect
            {...field('propertyType', 'apartment')}
            label={t('portfolio.unitForm.propertyType')}
            required
            data={PROPERTY_TYPES.map((type) => ({ value: type, label: t(`listings.type.${type}`) }))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <NativeSelect
            {...field('status', 'available')}
            label={t('portfolio.unitForm.status')}
            data={UNIT_STATUSES.map((status) => ({ value: status, label: t(`listings.status.${status}`) }))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput {...field('bedrooms')} label={t('portfolio.unitForm.bedrooms')} required inputMode="numeric" />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput {...field('bathrooms')} label={t('portfolio.unitForm.bathrooms')} required inputMode="decimal" />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput {...field('squareFeet')} label={t('portfolio.unitForm.squareFeet')} required inputMode="numeric" />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput {...field('maxOccupants')} label={t('portfolio.unitForm.maxOccupants')} required inputMode="numeric" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput {...field('availableDate')} type="date" label={t('portfolio.unitForm.availableDate')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Switch
            name="listed"
            value="on"
            mt={{ base: 0, sm: 'lg' }}
            label={t('portfolio.unitForm.listed')}
            description={t('portfolio.unitForm.listedHint')}
            defaultChecked={listed}
            error={errors.listed}
            data-testid="unit-listed-switch"
          />
        </Grid.Col>
      </Grid>
      <Textarea
        {...field('description')}
        label={t('portfolio.unitForm.description')}
        required
        autosize
        minRows={4}
        maxLength={PORTFOLIO_TEXT_LIMITS.description}
      />
      <Textarea
        {...field('descriptionIt')}
        lang="it"
        label={t('portfolio.unitForm.descriptionIt')}
        autosize
        minRows={4}
        maxLength={PORTFOLIO_TEXT_LIMITS.description}
      />
      <AmenitiesField label={t('portfolio.unitForm.amenities')} defaultValue={amenities} error={errors.amenities} />
    </PortfolioForm>
  );
}
