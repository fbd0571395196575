/**
 * The listing-alert form of /subscriptions: e-mail plus the listing search's criteria. A real
 * `<Form method="post">`: without JavaScript the server answers errors or redirects to
 * `?subscribed=…`; with JavaScript a toast confirms and the form starts over.
 */
import { Alert, Button, Grid, NativeSelect, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useFormOutcome } from '~/components/forms/use-form-outcome';
import { useRateLimitMessage, useRateLimitToast } from '~/components/forms/use-rate-limit-toast';
import { IconAlertCircle, IconBell, IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';
import { TEXT_LIMITS, type FieldErrors } from '~/lib/form-fields';
import { LISTING_CAPACITY_OPTIONS, LISTING_MAX_PRICE } from '~/lib/constants';
import { ALERT_FREQUENCIES, ALERT_LOCATION_MAX, type ListingAlertField, type ListingAlertFormValues } from '../listing-alerts.schemas';

export type SubscribeState = 'pending' | 'confirmed';

export type ListingAlertActionResult =
  | { ok: true; state: SubscribeState }
  | { ok: false; errors: FieldErrors<ListingAlertField>; values: ListingAlertFormValues }
  /** Refused by the rate limiter (HTTP 429): nothing was saved or sent. */
  | { ok: false; rateLimited: { action: string; retryAfterS: number }; errors: FieldErrors<ListingAlertField>; values?: undefined };

type Props = {
  result: ListingAlertActionResult | undefined;
  /** Starting values (from a listing search's query string). */
  initial: ListingAlertFormValues;
  /** A no-JavaScript submission's outcome, to show on the page. */
  subscribed: SubscribeState | null;
  /** Suggestions for the location field ("Austin, TX"). */
  locations: string[];
};

/** The success text for a subscription outcome: double opt-in, or already subscribed. */
export function subscribeMessageKeys(state: SubscribeState) {
  return state === 'confirmed'
    ? { title: 'forms.alerts.already.title', body: 'forms.alerts.already.body' }
    : { title: 'forms.alerts.pending.title', body: 'forms.alerts.pending.body' };
}

export function ListingAlertForm({ result, initial, subscribed, locations }: Props) {
  const { t } = useTranslation();
  const failed = result && !result.ok ? result : undefined;
  const errors: FieldErrors<ListingAlertField> = failed?.errors ?? {};
  const values = failed?.values ?? initial;
  useRateLimitToast(result);
  const rateLimitMessage = useRateLimitMessage(result);

  const { busy, formRef, formKey } = useFormOutcome(result, (ok) => {
    if (!ok.ok) return;
    const keys = subscribeMessageKeys(ok.state);
    notifications.show({ color: 'teal', title: t(keys.title), message: t(keys.body) });
  });

  const shown = subscribed ? subscribeMessageKeys(subscribed) : null;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="alert-form-title">
      <Title order={2} size="h3" id="alert-form-title" mb="xs">
        {t('forms.alerts.form.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('forms.alerts.form.intro')}
      </Text>
      {shown && (
        <Alert color="teal" icon={<IconMailCheck aria-hidden />} title={t(shown.title)} mb="md" data-testid="alert-subscribed">
          {t(shown.body)}
        </Alert>
      )}
      {failed && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} mb="md" data-testid="form-errors">
          {errors.form ?? rateLimitMessage ?? t('common.form.fixErrors')}
        </Alert>
      )}
      <Form method="post" action="/subscriptions" ref={formRef} key={formKey} noValidate data-testid="alert-form">
        <Stack gap="sm">
          <TextInput
            name="email"
            type="email"
            label={t('forms.alerts.form.email')}
            autoComplete="email"
            required
            maxLength={TEXT_LIMITS.email}
            defaultValue={values.email}
            error={errors.email}
          />
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                name="location"
                label={t('forms.alerts.form.location')}
                description={t('forms.alerts.form.locationHint')}
                maxLength={ALERT_LOCATION_MAX}
                autoComplete="off"
                list="alert-locations"
                defaultValue={values.location}
                error={errors.location}
              />
              <datalist id="alert-locations">
                {locations.map((location) => (
                  <option key={location} value={location} />
                ))}
              </datalist>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NativeSelect
                name="capacity"
                label={t('forms.alerts.form.capacity')}
                description={t('forms.alerts.form.capacityHint')}
                defaultValue={values.capacity}
                error={errors.capacity}
                data={[
                  { value: '', label: t('forms.alerts.form.capacityAny') },
                  ...LISTING_CAPACITY_OPTIONS.map((n) => ({ value: String(n), label: t('forms.alerts.capacityOption', { count: n }) })),
                ]}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                name="minPrice"
                type="number"
                inputMode="numeric"
                min={0}
                max={LISTING_MAX_PRICE}
                step={1}
                label={t('forms.alerts.form.minPrice')}
                defaultValue={values.minPrice}
                error={errors.minPrice}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                name="maxPrice"
                type="number"
                inputMode="numeric"
                min={0}
                max={LISTING_MAX_PRICE}
                step={1}
                label={t('forms.alerts.form.maxPrice')}
                defaultValue={values.maxPrice}
                error={errors.maxPrice}
              />
            </Grid.Col>
          </Grid>
          <Radio.Group
            name="frequency"
            label={t('alerts.frequency.label')}
            defaultValue={values.frequency || 'immediate'}
            error={errors.frequency}
            data-testid="alert-frequency"
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="xs" mt={6}>
              {ALERT_FREQUENCIES.map((frequency) => (
                <Radio
                  key={frequency}
                  value={frequency}
                  label={t(`alerts.frequency.${frequency}`)}
                  description={t(`alerts.frequency.${frequency}Hint`)}
                />
              ))}
            </SimpleGrid>
          </Radio.Group>
          <Text size="xs" c="dimmed">
            {t('forms.alerts.form.consent')}
          </Text>
          <Button type="submit" loading={busy} leftSection={<IconBell size={16} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
            {t('forms.alerts.form.submit')}
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}
