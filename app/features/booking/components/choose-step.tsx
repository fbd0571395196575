/**
 * Step 1 "Choose Property": the stay. Dates are native date inputs (typed or picked; ISO
 * values), occupants are numbers bounded by the home's capacity.
 */
import { Grid, TextInput } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import type { FieldErrors } from '~/lib/form-fields';
import { BOOKING_LIMITS, type BookingField, type DraftValues } from '../booking.fields';
import { addMonths } from '../fees';

type Props = { values: DraftValues; errors: FieldErrors<BookingField>; today: string; maxOccupants: number; availableFrom: string | null };

export function ChooseStep({ values, errors, today, maxOccupants, availableFrom }: Props) {
  const { t } = useTranslation();
  const earliest = availableFrom && availableFrom > today ? availableFrom : today;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          type="date"
          name="moveIn"
          label={t('booking.fields.moveIn')}
          description={t('booking.fields.moveInHint')}
          required
          min={earliest}
          max={addMonths(today, BOOKING_LIMITS.maxMonthsAhead)}
          defaultValue={values.moveIn}
          error={errors.moveIn}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          type="date"
          name="moveOut"
          label={t('booking.fields.moveOut')}
          description={t('booking.fields.moveOutHint')}
          required
          min={addMonths(earliest, 1)}
          defaultValue={values.moveOut}
          error={errors.moveOut}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          type="number"
          name="adults"
          inputMode="numeric"
          label={t('booking.fields.adults')}
          description={t('booking.fields.adultsHint', { count: maxOccupants })}
          required
          min={1}
          max={maxOccupants}
          defaultValue={values.adults}
          error={errors.adults}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          type="number"
          name="children"
          inputMode="numeric"
          label={t('booking.fields.children')}
          description={t('booking.fields.childrenHint')}
          min={0}
          max={Math.max(0, maxOccupants - 1)}
          defaultValue={values.children}
          error={errors.children}
        />
      </Grid.Col>
    </Grid>
  );
}
