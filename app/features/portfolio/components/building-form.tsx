/**
 * The building form (create and edit; decision 015): name, address, time zone (decision 047;
 * empty = the state's), coordinates (or the ZIP code's), year built, shared amenities, descriptions in English and Italian, and — for
 * admins — the property manager. A real form: it works without JavaScript; the server validates
 * it again and sends translated field errors back with the values typed.
 */
import { Fieldset, Grid, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { LATE_FEE_FREQUENCIES, LATE_FEE_KINDS, lateFeeFormValues, type LateFeeFormField } from '~/lib/late-fees';
import { useTranslation } from '~/lib/i18n';
import { US_TIME_ZONES } from '~/lib/time-zones';
import { US_STATES } from '~/lib/us-states';
import { PORTFOLIO_TEXT_LIMITS } from '../portfolio.schemas';
import type { BuildingDetail, ManagerOption } from '../portfolio.types';
import type { PortfolioActionResult } from '../portfolio.page.server';
import { AmenitiesField, PortfolioForm, usePortfolioForm } from './portfolio-form';

type Props = {
  building: BuildingDetail | null;
  managers: ManagerOption[];
  /** Admins choose the manager; property managers see who it is. */
  canAssignManager: boolean;
  result: PortfolioActionResult | undefined;
};

export function BuildingForm({ building, managers, canAssignManager, result }: Props) {
  const { t } = useTranslation();
  const { errors, field, amenities, frame, typed } = usePortfolioForm('building', building, result);
  // The building's own late-fee rule (decision 048): what was typed, else the stored rule.
  const ruleValues: Record<string, string> = {
    ...lateFeeFormValues(building?.lateFeeRule ?? null),
    lateFeeMode: building?.lateFeeRule ? 'own' : 'company',
  };
  const ruleField = (name: LateFeeFormField | 'lateFeeMode') => ({
    name,
    label: t(`portfolio.form.lateFee.${name}`),
    defaultValue: typed ? String(typed[name] ?? '') : ruleValues[name],
    error: errors[name],
    'data-testid': `building-${name}`,
  });
  return (
    <PortfolioForm {...frame} submitLabel={building ? t('portfolio.form.save') : t('portfolio.form.create')}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput {...field('name')} label={t('portfolio.form.name')} required maxLength={PORTFOLIO_TEXT_LIMITS.buildingName} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            {...field('streetAddress')}
            label={t('portfolio.form.streetAddress')}
            required
            maxLength={PORTFOLIO_TEXT_LIMITS.streetAddress}
            autoComplete="off"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput {...field('city')} label={t('portfolio.form.city')} required maxLength={PORTFOLIO_TEXT_LIMITS.city} />
        </Grid.Col>
        <Grid.Col span={{ base: 7, sm: 4 }}>
          <NativeSelect
            {...field('state')}
            label={t('portfolio.form.state')}
            required
            data={[
              { value: '', label: t('portfolio.form.chooseState') },
              ...Object.entries(US_STATES).map(([code, name]) => ({ value: code, label: `${name} (${code})` })),
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 5, sm: 3 }}>
          <TextInput {...field('zipCode')} label={t('portfolio.form.zipCode')} required inputMode="numeric" maxLength={5} />
        </Grid.Col>
        <Grid.Col span={12}>
          <NativeSelect
            {...field('timeZone')}
            label={t('portfolio.form.timeZone')}
            description={t('portfolio.form.timeZoneHint')}
            data={[
              { value: '', label: t('portfolio.form.timeZoneFromState') },
              ...US_TIME_ZONES.map((zone) => ({ value: zone, label: t(`portfolio.timeZones.${zone}`) })),
            ]}
            data-testid="building-time-zone"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <TextInput {...field('latitude')} label={t('portfolio.form.latitude')} inputMode="decimal" />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <TextInput {...field('longitude')} label={t('portfolio.form.longitude')} inputMode="decimal" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput {...field('yearBuilt')} label={t('portfolio.form.yearBuilt')} inputMode="numeric" maxLength={4} />
        </Grid.Col>
      </Grid>
      <Text size="xs" c="dimmed" mt={-8}>
        {t('portfolio.form.coordinatesHint')}
      </Text>
      <AmenitiesField label={t('portfolio.form.amenities')} defaultValue={amenities} error={errors.amenities} />
      <Textarea
        {...field('description')}
        label={t('portfolio.form.description')}
        autosize
        minRows={3}
        maxLength={PORTFOLIO_TEXT_LIMITS.description}
      />
      <Textarea
        {...field('descriptionIt')}
        label={t('portfolio.form.descriptionIt')}
        lang="it"
        autosize
        minRows={3}
        maxLength={PORTFOLIO_TEXT_LIMITS.description}
      />
      <Fieldset legend={t('portfolio.form.lateFee.legend')} data-testid="building-late-fees">
        <Stack gap="sm">
          <NativeSelect
            {...ruleField('lateFeeMode')}
            description={t('portfolio.form.lateFee.modeHint')}
            data={[
              { value: 'company', label: t('portfolio.form.lateFee.company') },
              { value: 'own', label: t('portfolio.form.lateFee.own') },
            ]}
          />
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }}>
            <TextInput {...ruleField('lateFeeGraceDays')} inputMode="numeric" maxLength={2} />
            <NativeSelect
              {...ruleField('lateFeeKind')}
              data={LATE_FEE_KINDS.map((kind) => ({ value: kind, label: t(`portfolio.form.lateFee.kinds.${kind}`) }))}
            />
            <NativeSelect
              {...ruleField('lateFeeFrequency')}
              data={LATE_FEE_FREQUENCIES.map((frequency) => ({ value: frequency, label: t(`common.lateFee.frequencies.${frequency}`) }))}
            />
            <TextInput {...ruleField('lateFeeAmount')} inputMode="decimal" leftSection="$" />
            <TextInput {...ruleField('lateFeePercent')} inputMode="decimal" rightSection="%" />
            <TextInput {...ruleField('lateFeeCap')} inputMode="decimal" leftSection="$" />
            <TextInput {...ruleField('lateFeeCapPercent')} inputMode="decimal" rightSection="%" />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('portfolio.form.lateFee.hint')}
          </Text>
        </Stack>
      </Fieldset>
      {canAssignManager && (
        <NativeSelect
          {...field('managerId')}
          label={t('portfolio.form.manager')}
          description={t('portfolio.form.managerHint')}
          data={[
            { value: '', label: t('portfolio.form.noManager') },
            ...managers.map((manager) => ({ value: manager.id, label: `${manager.name} · ${manager.email}` })),
          ]}
          data-testid="building-manager"
        />
      )}
    </PortfolioForm>
  );
}
