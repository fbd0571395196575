/** Step 2 "Tenant Details": who applies and where they live now (spec §3 application form). */
import { Grid, NativeSelect, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import type { FieldErrors } from '~/lib/form-fields';
import { BOOKING_LIMITS, type BookingField, type DraftValues } from '../booking.fields';

type Props = { values: DraftValues; errors: FieldErrors<BookingField>; countries: { value: string; label: string }[] };

export function DetailsStep({ values, errors, countries }: Props) {
  const { t } = useTranslation();
  const text = (
    name: BookingField,
    props: {
      label: string;
      autoComplete: string;
      maxLength: number;
      required?: boolean;
      type?: string;
      inputMode?: 'tel' | 'email' | 'text';
    },
  ) => (
    <TextInput
      name={name}
      label={props.label}
      autoComplete={props.autoComplete}
      maxLength={props.maxLength}
      required={props.required ?? true}
      type={props.type ?? 'text'}
      inputMode={props.inputMode}
      defaultValue={values[name as keyof DraftValues]}
      error={errors[name]}
    />
  );
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {text('firstName', { label: t('booking.fields.firstName'), autoComplete: 'given-name', maxLength: BOOKING_LIMITS.name })}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {text('lastName', { label: t('booking.fields.lastName'), autoComplete: 'family-name', maxLength: BOOKING_LIMITS.name })}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {text('email', {
          label: t('booking.fields.email'),
          autoComplete: 'email',
          maxLength: BOOKING_LIMITS.email,
          type: 'email',
          inputMode: 'email',
        })}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        {text('phone', {
          label: t('booking.fields.phone'),
          autoComplete: 'tel',
          maxLength: BOOKING_LIMITS.phone,
          type: 'tel',
          inputMode: 'tel',
        })}
      </Grid.Col>
      <Grid.Col span={12}>
        {text('currentAddress', {
          label: t('booking.fields.currentAddress'),
          autoComplete: 'address-line1',
          maxLength: BOOKING_LIMITS.address,
        })}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        {text('city', { label: t('booking.fields.city'), autoComplete: 'address-level2', maxLength: BOOKING_LIMITS.city })}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        {text('zipCode', { label: t('booking.fields.zipCode'), autoComplete: 'postal-code', maxLength: BOOKING_LIMITS.zipCode })}
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <NativeSelect
          name="country"
          label={t('booking.fields.country')}
          autoComplete="country"
          required
          defaultValue={values.country}
          error={errors.country}
          data={countries}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Textarea
          name="specialRequests"
          label={t('booking.fields.specialRequests')}
          description={t('booking.fields.specialRequestsHint', { max: BOOKING_LIMITS.specialRequests })}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={BOOKING_LIMITS.specialRequests}
          defaultValue={values.specialRequests}
          error={errors.specialRequests}
        />
      </Grid.Col>
    </Grid>
  );
}
