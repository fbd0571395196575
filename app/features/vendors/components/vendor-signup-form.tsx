/**
 * The vendor application form (spec §2 /vendor-signup). Plain checkboxes (Mantine
 * Checkbox.Group) and a native date input, so it posts the same with or without JavaScript.
 */
import { Divider, Grid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { FormFailureAlert, PublicFormCard } from '~/components/forms/public-form-card';
import { useActionResult } from '~/components/forms/use-action-result';
import { useRateLimitMessage } from '~/components/forms/use-rate-limit-toast';
import { EmailField, PersonNameField, PhoneField } from '~/components/forms/person-fields';
import { IconSend } from '@tabler/icons-react';
import { SuccessAlert } from '~/components/status-alerts';
import { useTranslation } from '~/lib/i18n';
import { SubmitButton } from '~/components/icon-button';
import { Form } from 'react-router';
import type { ActionResult } from '~/lib/action-result';
import { TEXT_LIMITS, type FieldErrors } from '~/lib/form-fields';
import { WEBSITE_MAX, type VendorSignupField, type VendorSignupValues } from '../vendors.schemas';
import { VendorServiceFields } from './vendor-service-fields';

/** The sign-up form's one command (the form posts no `intent`: the action assumes it). */
export const VENDOR_SIGNUP_INTENTS = ['apply'] as const;
export type VendorSignupIntent = (typeof VENDOR_SIGNUP_INTENTS)[number];

/** What /vendor-signup's action answers (decision 037); a refusal echoes the typed `VendorSignupValues`. */
export type VendorSignupActionResult = ActionResult<VendorSignupIntent>;

type Props = {
  result: VendorSignupActionResult | undefined;
  /** Show the success message on the page (no-JavaScript submissions). */
  sent: boolean;
  /** YYYY-MM-DD, the earliest insurance expiry accepted (from the server, so both renders agree). */
  today: string;
};

/** The vendor's website (optional, `https://…`), on the sign-up and the profile forms. */
export function VendorWebsiteField({ defaultValue, error }: { defaultValue: string; error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <TextInput
      name="website"
      type="url"
      label={t('forms.vendor.form.website')}
      description={t('forms.vendor.form.websiteHint')}
      placeholder="https://"
      autoComplete="url"
      maxLength={WEBSITE_MAX}
      defaultValue={defaultValue}
      error={error}
    />
  );
}

const EMPTY: VendorSignupValues = {
  companyName: '',
  contactName: '',
  email: '',
  phone: '',
  website: '',
  trades: [],
  serviceCountries: ['US'],
  serviceStates: [],
  insuranceExpiry: '',
  notes: '',
};

export function VendorSignupForm({ result, sent, today }: Props) {
  const { t } = useTranslation();
  // The success toast shows the action's message; a rate-limit refusal, the spec §8 toast.
  const outcome = useActionResult(result, { toast: { title: 'forms.vendor.success.title' } });
  const { failed, busy, formRef, formKey } = outcome;
  const errors: FieldErrors<VendorSignupField> = outcome.errors;
  // A rate-limit refusal echoes the text fields only: the lists then start over.
  const values: VendorSignupValues = failed ? { ...EMPTY, ...(outcome.values as Partial<VendorSignupValues>) } : EMPTY;
  const rateLimitMessage = useRateLimitMessage(result);

  return (
    <PublicFormCard titleId="vendor-form-title" title={t('forms.vendor.form.title')}>
      {sent && (
        <SuccessAlert title={t('forms.vendor.success.title')} mb="md" data-testid="vendor-sent">
          {t('forms.vendor.success.body')}
        </SuccessAlert>
      )}
      {failed && (
        <FormFailureAlert
          formError={errors.form}
          rateLimitMessage={rateLimitMessage}
          color={errors.form || rateLimitMessage ? 'yellow' : 'red'}
        />
      )}
      <Form method="post" ref={formRef} key={formKey} noValidate data-testid="vendor-form">
        <Stack gap="lg">
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                name="companyName"
                label={t('forms.vendor.form.companyName')}
                autoComplete="organization"
                required
                maxLength={TEXT_LIMITS.name}
                defaultValue={values.companyName}
                error={errors.companyName}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <PersonNameField name="contactName" label={t('forms.vendor.form.contactName')} errors={errors} values={values} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <EmailField name="email" label={t('forms.vendor.form.email')} errors={errors} values={values} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <PhoneField name="phone" label={t('forms.vendor.form.phone')} required errors={errors} values={values} />
            </Grid.Col>
            <Grid.Col span={12}>
              <VendorWebsiteField defaultValue={values.website} error={errors.website} />
            </Grid.Col>
          </Grid>

          <Divider />
          <VendorServiceFields values={values} errors={errors} />

          <Divider />
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                name="insuranceExpiry"
                type="date"
                label={t('forms.vendor.form.insuranceExpiry')}
                description={t('forms.vendor.form.insuranceHint')}
                min={today}
                defaultValue={values.insuranceExpiry}
                error={errors.insuranceExpiry}
              />
            </Grid.Col>
          </Grid>
          <Textarea
            name="notes"
            label={t('forms.vendor.form.notes')}
            description={t('forms.vendor.form.notesHint')}
            rows={4}
            maxLength={TEXT_LIMITS.notes}
            defaultValue={values.notes}
            error={errors.notes}
          />
          <Text size="xs" c="dimmed">
            {t('forms.vendor.form.reviewNote')}
          </Text>
          <SubmitButton loading={busy} icon={IconSend} style={{ alignSelf: 'flex-start' }}>
            {t('forms.vendor.form.submit')}
          </SubmitButton>
        </Stack>
      </Form>
    </PublicFormCard>
  );
}
