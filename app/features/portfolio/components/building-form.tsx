/**
 * The building form (create and edit; decision 015): name, address, coordinates (or
 * the ZIP code's), year built, shared amenities, descriptions in English and Italian, and — for
 * admins — the property manager. A real form: it works without JavaScript; the server validates
 * it again and sends translated field errors back with the values typed.
 */
import { Alert, Button, Checkbox, Grid, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';
import { AMENITY_KEYS } from '~/lib/amenities';
import { US_STATES } from '~/lib/us-states';
import { PORTFOLIO_TEXT_LIMITS } from '../portfolio.schemas';
import type { BuildingDetail, ManagerOption } from '../portfolio.types';
import type { PortfolioActionResult } from '../portfolio.page.server';
import { useActionResult } from '~/components/forms/use-action-result';
import { PORTFOLIO_TOAST } from './portfolio-toast';

type Props = {
  building: BuildingDetail | null;
  managers: ManagerOption[];
  /** Admins choose the manager; property managers see who it is. */
  canAssignManager: boolean;
  result: PortfolioActionResult | undefined;
};

export function BuildingForm({ building, managers, canAssignManager, result }: Props) {
  const { t } = useTranslation();
  const intent = building ? 'update-building' : 'create-building';
  const { failed, busy, formRef } = useActionResult(result, { intent, toast: PORTFOLIO_TOAST });
  const errors = failed?.errors ?? {};
  const typed = failed?.values as Record<string, string | string[]> | undefined;
  const value = (field: string, fallback: string | number | null | undefined): string =>
    typed ? String(typed[field] ?? '') : fallback === null || fallback === undefined ? '' : String(fallback);
  const amenities = typed ? ((typed.amenities as string[]) ?? []) : (building?.amenities ?? []);
  return (
    <Form method="post" ref={formRef} noValidate data-testid="building-form">
      <input type="hidden" name="intent" value={intent} />
      <Stack gap="md">
        {errors.form && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {errors.form}
          </Alert>
        )}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              name="name"
              label={t('portfolio.form.name')}
              required
              maxLength={PORTFOLIO_TEXT_LIMITS.buildingName}
              defaultValue={value('name', building?.name)}
              error={errors.name}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              name="streetAddress"
              label={t('portfolio.form.streetAddress')}
              required
              maxLength={PORTFOLIO_TEXT_LIMITS.streetAddress}
              defaultValue={value('streetAddress', building?.streetAddress)}
              error={errors.streetAddress}
              autoComplete="off"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput
              name="city"
              label={t('portfolio.form.city')}
              required
              maxLength={PORTFOLIO_TEXT_LIMITS.city}
              defaultValue={value('city', building?.city)}
              error={errors.city}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 7, sm: 4 }}>
            <NativeSelect
              name="state"
              label={t('portfolio.form.state')}
              required
              defaultValue={value('state', building?.state)}
              error={errors.state}
              data={[
                { value: '', label: t('portfolio.form.chooseState') },
                ...Object.entries(US_STATES).map(([code, name]) => ({ value: code, label: `${name} (${code})` })),
              ]}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 5, sm: 3 }}>
            <TextInput
              name="zipCode"
              label={t('portfolio.form.zipCode')}
              required
              inputMode="numeric"
              maxLength={5}
              defaultValue={value('zipCode', building?.zipCode)}
              error={errors.zipCode}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <TextInput
              name="latitude"
              label={t('portfolio.form.latitude')}
              inputMode="decimal"
              defaultValue={value('latitude', building?.latitude)}
              error={errors.latitude}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <TextInput
              name="longitude"
              label={t('portfolio.form.longitude')}
              inputMode="decimal"
              defaultValue={value('longitude', building?.longitude)}
              error={errors.longitude}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              name="yearBuilt"
              label={t('portfolio.form.yearBuilt')}
              inputMode="numeric"
              maxLength={4}
              defaultValue={value('yearBuilt', building?.yearBuilt)}
              error={errors.yearBuilt}
            />
          </Grid.Col>
        </Grid>
        <Text size="xs" c="dimmed" mt={-8}>
          {t('portfolio.form.coordinatesHint')}
        </Text>
        <Checkbox.Group label={t('portfolio.form.amenities')} defaultValue={amenities} error={errors.amenities}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
            {AMENITY_KEYS.map((key) => (
              <Checkbox key={key} name="amenities" value={key} label={t(`listings.amenity.${key}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Textarea
          name="description"
          label={t('portfolio.form.description')}
          autosize
          minRows={3}
          maxLength={PORTFOLIO_TEXT_LIMITS.description}
          defaultValue={value('description', building?.description)}
          error={errors.description}
        />
        <Textarea
          name="descriptionIt"
          label={t('portfolio.form.descriptionIt')}
          lang="it"
          autosize
          minRows={3}
          maxLength={PORTFOLIO_TEXT_LIMITS.description}
          defaultValue={value('descriptionIt', building?.descriptionIt)}
          error={errors.descriptionIt}
        />
        {canAssignManager && (
          <NativeSelect
            name="managerId"
            label={t('portfolio.form.manager')}
            description={t('portfolio.form.managerHint')}
            defaultValue={value('managerId', building?.managerId)}
            error={errors.managerId}
            data={[
              { value: '', label: t('portfolio.form.noManager') },
              ...managers.map((manager) => ({ value: manager.id, label: `${manager.name} · ${manager.email}` })),
            ]}
            data-testid="building-manager"
          />
        )}
        <Button
          type="submit"
          loading={busy}
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
          data-testid="building-submit"
        >
          {building ? t('portfolio.form.save') : t('portfolio.form.create')}
        </Button>
      </Stack>
    </Form>
  );
}
