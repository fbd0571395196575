/** Step 2 "Tenant Details": who applies and where they live now (spec §3 application form). */
import { Grid, NativeSelect, TextInput, Textarea, type GridColProps } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { fieldProps } from '~/lib/field-props';
import type { FieldErrors } from '~/lib/form-fields';
import { BOOKING_LIMITS, type BookingField, type DraftValues } from '../booking.fields';

type Props = { values: DraftValues; errors: FieldErrors<BookingField>; countries: { value: string; label: string }[] };

type TextField = {
  name: Exclude<keyof DraftValues & BookingField, 'country' | 'specialRequests'>;
  span: GridColProps['span'];
  autoComplete: string;
  maxLength: number;
  type?: 'email' | 'tel';
};

const HALF = { base: 12, sm: 6 };

/** The text inputs in page order: all required, labelled `booking.fields.<name>`. */
const TEXT_FIELDS: TextField[] = [
  { name: 'firstName', span: HALF, autoComplete: 'given-name', maxLength: BOOKING_LIMITS.name },
  { name: 'lastName', span: HALF, autoComplete: 'family-name', maxLength: BOOKING_LIMITS.name },
  { name: 'email', span: HALF, autoComplete: 'email', maxLength: BOOKING_LIMITS.email, type: 'email' },
  { name: 'phone', span: HALF, autoComplete: 'tel', maxLength: BOOKING_LIMITS.phone, type: 'tel' },
  { name: 'currentAddress', span: 12, autoComplete: 'address-line1', maxLength: BOOKING_LIMITS.address },
  { name: 'city', span: { base: 12, sm: 5 }, autoComplete: 'address-level2', maxLength: BOOKING_LIMITS.city },
  { name: 'zipCode', span: { base: 12, sm: 3 }, autoComplete: 'postal-code', maxLength: BOOKING_LIMITS.zipCode },
];

export function DetailsStep({ values, errors, countries }: Props) {
  const { t } = useTranslation();
  const field = fieldProps(values, errors);
  return (
    <Grid gap="md">
      {TEXT_FIELDS.map(({ name, span, autoComplete, maxLength, type }) => (
        <Grid.Col key={name} span={span}>
          <TextInput
            {...field(name)}
            label={t(`booking.fields.${name}`)}
            autoComplete={autoComplete}
            maxLength={maxLength}
            required
            type={type ?? 'text'}
            inputMode={type}
          />
        </Grid.Col>
      ))}
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <NativeSelect {...field('country')} label={t('booking.fields.country')} autoComplete="country" required data={countries} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Textarea
          {...field('specialRequests')}
          label={t('booking.fields.specialRequests')}
          description={t('booking.fields.specialRequestsHint', { max: BOOKING_LIMITS.specialRequests })}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={BOOKING_LIMITS.specialRequests}
        />
      </Grid.Col>
    </Grid>
  );
}
