/**
 * Step 1 "Choose Property": the stay. Dates are native date inputs (typed or picked; ISO
 * values), occupants are numbers bounded by the home's capacity.
 */
import { Grid, TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import type { FieldErrors } from '~/lib/form-fields';
import { BOOKING_LIMITS, type BookingField, type DraftValues } from '../booking.fields';
import { addMonths } from '../fees';

type Props = { values: DraftValues; errors: FieldErrors<BookingField>; today: string; maxOccupants: number; availableFrom: string | null };

type StayField = 'moveIn' | 'moveOut' | 'adults' | 'children';

export function ChooseStep({ values, errors, today, maxOccupants, availableFrom }: Props) {
  const { t } = useTranslation();
  const earliest = availableFrom && availableFrom > today ? availableFrom : today;
  // Each field is labelled `booking.fields.<name>` with the hint `<name>Hint` (given `hint` values).
  const fields: { name: StayField; hint?: Record<string, unknown>; input: TextInputProps }[] = [
    { name: 'moveIn', input: { type: 'date', required: true, min: earliest, max: addMonths(today, BOOKING_LIMITS.maxMonthsAhead) } },
    { name: 'moveOut', input: { type: 'date', required: true, min: addMonths(earliest, 1) } },
    {
      name: 'adults',
      hint: { count: maxOccupants },
      input: { type: 'number', inputMode: 'numeric', required: true, min: 1, max: maxOccupants },
    },
    { name: 'children', input: { type: 'number', inputMode: 'numeric', min: 0, max: Math.max(0, maxOccupants - 1) } },
  ];
  return (
    <Grid gap="md">
      {fields.map(({ name, hint, input }) => (
        <Grid.Col key={name} span={{ base: 12, sm: 6 }}>
          <TextInput
            {...input}
            name={name}
            label={t(`booking.fields.${name}`)}
            description={t(`booking.fields.${name}Hint`, hint)}
            defaultValue={values[name]}
            error={errors[name]}
          />
        </Grid.Col>
      ))}
    </Grid>
  );
}
