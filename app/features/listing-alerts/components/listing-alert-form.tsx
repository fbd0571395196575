/**
 * The listing-alert form of /subscriptions: e-mail plus the listing search's criteria. A real
 * `<Form method="post">`: without JavaScript the server answers errors or redirects to
 * `?subscribed=…`; with JavaScript a toast confirms and the form starts over.
 */
import { Alert, NativeSelect, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { FormFailureAlert, PublicFormCard } from '~/components/forms/public-form-card';
import { useActionResult } from '~/components/forms/use-action-result';
import { useRateLimitMessage } from '~/components/forms/use-rate-limit-toast';
import { EmailField } from '~/components/forms/person-fields';
import { IconBell, IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';
import type { ActionResult } from '~/lib/action-result';
import type { FieldErrors } from '~/lib/form-fields';
import { LISTING_CAPACITY_OPTIONS, LISTING_MAX_PRICE } from '~/lib/constants';
import { ALERT_FREQUENCIES, ALERT_LOCATION_MAX, type ListingAlertField, type ListingAlertFormValues } from '../listing-alerts.schemas';
import { TwoColumnFields } from '~/components/forms/two-column-fields';
import { SubmitButton } from '~/components/icon-button';
import { WholeNumberInput } from '~/components/forms/whole-number-input';

export type SubscribeState = 'pending' | 'confirmed';

/** The commands of /subscriptions: the form posts no `intent` (`subscribe`); the link's button posts `unsubscribe`. */
export const ALERT_INTENTS = ['subscribe', 'unsubscribe'] as const;
export type AlertIntent = (typeof ALERT_INTENTS)[number];

/** What /subscriptions' action answers (decision 037): a success tells the alert's state; a refusal echoes the typed values. */
export type ListingAlertActionResult = ActionResult<AlertIntent, { state: SubscribeState }>;

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

/** The two ends of the monthly-price range, the same whole-dollar input each. */
const PRICE_BOUNDS = ['minPrice', 'maxPrice'] as const;

export function ListingAlertForm({ result, initial, subscribed, locations }: Props) {
  const { t } = useTranslation();
  // The success toast: the action's message under the title of the alert's state (double
  // opt-in, or already subscribed); a rate-limit refusal shows the spec §8 toast.
  const toastTitle = result?.ok ? subscribeMessageKeys(result.state).title : undefined;
  const outcome = useActionResult(result, { toast: { title: toastTitle } });
  const { failed, busy, formRef, formKey } = outcome;
  const errors: FieldErrors<ListingAlertField> = outcome.errors;
  const values: ListingAlertFormValues = failed ? { ...initial, ...(outcome.values as Partial<ListingAlertFormValues>) } : initial;
  const rateLimitMessage = useRateLimitMessage(result);

  const shown = subscribed ? subscribeMessageKeys(subscribed) : null;
  return (
    <PublicFormCard titleId="alert-form-title" title={t('forms.alerts.form.title')} intro={t('forms.alerts.form.intro')}>
      {shown && (
        <Alert color="teal" icon={<IconMailCheck aria-hidden />} title={t(shown.title)} mb="md" data-testid="alert-subscribed">
          {t(shown.body)}
        </Alert>
      )}
      {failed && <FormFailureAlert formError={errors.form} rateLimitMessage={rateLimitMessage} />}
      <Form method="post" action="/subscriptions" ref={formRef} key={formKey} noValidate data-testid="alert-form">
        <Stack gap="sm">
          <EmailField name="email" label={t('forms.alerts.form.email')} errors={errors} values={values} />
          <TwoColumnFields gap="sm">
            <>
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
            </>
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
            {PRICE_BOUNDS.map((bound) => (
              <WholeNumberInput
                key={bound}
                name={bound}
                max={LISTING_MAX_PRICE}
                label={t(`forms.alerts.form.${bound}`)}
                defaultValue={values[bound]}
                error={errors[bound]}
              />
            ))}
          </TwoColumnFields>
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
          <SubmitButton loading={busy} icon={IconBell} style={{ alignSelf: 'flex-start' }}>
            {t('forms.alerts.form.submit')}
          </SubmitButton>
        </Stack>
      </Form>
    </PublicFormCard>
  );
}
