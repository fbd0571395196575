/**
 * The unit form (create and edit; decision 015): number, titles and descriptions in
 * English and Italian, rent, layout, size, occupants, type, status, availability, amenities and
 * whether it is listed on the website. A real form (works without JavaScript); the server
 * validates again and answers translated field errors with the values typed.
 */
import { Alert, Button, Checkbox, Grid, NativeSelect, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';
import { AMENITY_KEYS } from '~/lib/amenities';
import { PROPERTY_TYPES, UNIT_STATUSES } from '~/lib/property-types';
import { PORTFOLIO_TEXT_LIMITS } from '../portfolio.schemas';
import type { UnitDetail } from '../portfolio.types';
import type { PortfolioActionResult } from '../portfolio.page.server';
import { useActionResult } from '~/components/forms/use-action-result';
import { PORTFOLIO_TOAST } from './portfolio-toast';

export function UnitForm({ unit, result }: { unit: UnitDetail | null; result: PortfolioActionResult | undefined }) {
  const { t } = useTranslation();
  const intent = unit ? 'update-unit' : 'create-unit';
  const { failed, busy, formRef } = useActionResult(result, { intent, toast: PORTFOLIO_TOAST });
  const errors = failed?.errors ?? {};
  const typed = failed?.values as Record<string, string | string[]> | undefined;
  const value = (field: keyof UnitDetail, fallback = ''): string => {
    if (typed) return String(typed[field] ?? '');
    const current = unit?.[field];
    return current === null || current === undefined ? fallback : String(current);
  };
  const amenities = typed ? ((typed.amenities as string[]) ?? []) : (unit?.amenities ?? []);
  const listed = typed ? ['on', 'true'].includes(String(typed.listed)) : (unit?.listed ?? false);
  return (
    <Form method="post" ref={formRef} noValidate data-testid="unit-form">
      <input type="hidden" name="intent" value={intent} />
      <Stack gap="md">
        {errors.form && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {errors.form}
          </Alert>
        )}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <TextInput
              name="unitNumber"
              label={t('portfolio.unitForm.unitNumber')}
              required
              maxLength={PORTFOLIO_TEXT_LIMITS.unitNumber}
              defaultValue={value('unitNumber')}
              error={errors.unitNumber}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 9 }}>
            <TextInput
              name="title"
              label={t('portfolio.unitForm.unitTitle')}
              required
              maxLength={PORTFOLIO_TEXT_LIMITS.title}
              defaultValue={value('title')}
              error={errors.title}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput
              name="titleIt"
              lang="it"
              label={t('portfolio.unitForm.unitTitleIt')}
              maxLength={PORTFOLIO_TEXT_LIMITS.title}
              defaultValue={value('titleIt')}
              error={errors.titleIt}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <TextInput
              name="price"
              label={t('portfolio.unitForm.price')}
              required
              inputMode="numeric"
              defaultValue={value('price')}
              error={errors.price}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <NativeSelect
              name="propertyType"
              label={t('portfolio.unitForm.propertyType')}
              required
              defaultValue={value('propertyType', 'apartment')}
              error={errors.propertyType}
              data={PROPERTY_TYPES.map((type) => ({ value: type, label: t(`listings.type.${type}`) }))}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <NativeSelect
              name="status"
              label={t('portfolio.unitForm.status')}
              defaultValue={value('status', 'available')}
              error={errors.status}
              data={UNIT_STATUSES.map((status) => ({ value: status, label: t(`listings.status.${status}`) }))}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput
              name="bedrooms"
              label={t('portfolio.unitForm.bedrooms')}
              required
              inputMode="numeric"
              defaultValue={value('bedrooms')}
              error={errors.bedrooms}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput
              name="bathrooms"
              label={t('portfolio.unitForm.bathrooms')}
              required
              inputMode="decimal"
              defaultValue={value('bathrooms')}
              error={errors.bathrooms}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput
              name="squareFeet"
              label={t('portfolio.unitForm.squareFeet')}
              required
              inputMode="numeric"
              defaultValue={value('squareFeet')}
              error={errors.squareFeet}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput
              name="maxOccupants"
              label={t('portfolio.unitForm.maxOccupants')}
              required
              inputMode="numeric"
              defaultValue={value('maxOccupants')}
              error={errors.maxOccupants}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              name="availableDate"
              type="date"
              label={t('portfolio.unitForm.availableDate')}
              defaultValue={value('availableDate')}
              error={errors.availableDate}
            />
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
          name="description"
          label={t('portfolio.unitForm.description')}
          required
          autosize
          minRows={4}
          maxLength={PORTFOLIO_TEXT_LIMITS.description}
          defaultValue={value('description')}
          error={errors.description}
        />
        <Textarea
          name="descriptionIt"
          lang="it"
          label={t('portfolio.unitForm.descriptionIt')}
          autosize
          minRows={4}
          maxLength={PORTFOLIO_TEXT_LIMITS.description}
          defaultValue={value('descriptionIt')}
          error={errors.descriptionIt}
        />
        <Checkbox.Group label={t('portfolio.unitForm.amenities')} defaultValue={amenities} error={errors.amenities}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
            {AMENITY_KEYS.map((key) => (
              <Checkbox key={key} name="amenities" value={key} label={t(`listings.amenity.${key}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Button
          type="submit"
          loading={busy}
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
          data-testid="unit-submit"
        >
          {unit ? t('portfolio.unitForm.save') : t('portfolio.unitForm.create')}
        </Button>
      </Stack>
    </Form>
  );
}
