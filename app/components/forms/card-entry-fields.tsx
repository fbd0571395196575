/**
 * The card fields of a payment form (decision 009 "Booking flow and payments", decision 021):
 * name on card, card number (with a lock icon), expiry and CVC, with the browser's `cc-*`
 * autofill hints and numeric keypads, then the "your card is safe" line. Never prefilled but for
 * the name. Used by the booking's confirm step and the tenant portal's payment forms.
 *
 * Props: `labels` (already translated; the two hints are optional), `errors` (server messages by
 * field), `nameMaxLength`, `nameOnCard` (the echoed name), `idPrefix` (fixed input ids
 * `<prefix>-name|number|expiry|cvc` where a page shows several card forms) and `gap` (the grid's).
 */
import { Grid, Text, TextInput, type MantineSpacing } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** The posted card fields. */
export type CardField = 'nameOnCard' | 'cardNumber' | 'expiry' | 'cvc';

type Props = {
  labels: {
    name: string;
    number: string;
    expiry: string;
    expiryHint?: string;
    expiryPlaceholder: string;
    cvc: string;
    cvcHint?: string;
    safety: string;
  };
  errors?: Partial<Record<CardField, string>>;
  nameMaxLength: number;
  nameOnCard?: string;
  idPrefix?: string;
  gap: MantineSpacing;
};

export function CardEntryFields({ labels, errors = {}, nameMaxLength, nameOnCard, idPrefix, gap }: Props) {
  const id = (suffix: string) => (idPrefix ? `${idPrefix}-${suffix}` : undefined);
  return (
    <>
      <Grid gap={gap}>
        <Grid.Col span={12}>
          <TextInput
            id={id('name')}
            name="nameOnCard"
            label={labels.name}
            autoComplete="cc-name"
            maxLength={nameMaxLength}
            required
            defaultValue={nameOnCard}
            error={errors.nameOnCard}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput
            id={id('number')}
            name="cardNumber"
            label={labels.number}
            autoComplete="cc-number"
            inputMode="numeric"
            maxLength={23}
            placeholder="1234 1234 1234 1234"
            required
            error={errors.cardNumber}
            leftSection={<IconLock size={16} aria-hidden />}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <TextInput
            id={id('expiry')}
            name="expiry"
            label={labels.expiry}
            description={labels.expiryHint}
            autoComplete="cc-exp"
            inputMode="numeric"
            maxLength={7}
            placeholder={labels.expiryPlaceholder}
            required
            error={errors.expiry}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <TextInput
            id={id('cvc')}
            name="cvc"
            label={labels.cvc}
            description={labels.cvcHint}
            autoComplete="cc-csc"
            inputMode="numeric"
            maxLength={4}
            required
            error={errors.cvc}
          />
        </Grid.Col>
      </Grid>
      <Text size="xs" c="dimmed">
        {labels.safety}
      </Text>
    </>
  );
}
