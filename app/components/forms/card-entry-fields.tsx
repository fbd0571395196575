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
import { Grid, Text, TextInput, type MantineSpacing, type TextInputProps } from '@mantine/core';
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
  // Each field: its input id's suffix, its grid span and what differs; all are required and show their error.
  const fields: { idSuffix: string; span: number; name: CardField; input: TextInputProps }[] = [
    {
      idSuffix: 'name',
      span: 12,
      name: 'nameOnCard',
      input: { label: labels.name, autoComplete: 'cc-name', maxLength: nameMaxLength, defaultValue: nameOnCard },
    },
    {
      idSuffix: 'number',
      span: 12,
      name: 'cardNumber',
      input: {
        label: labels.number,
        autoComplete: 'cc-number',
        inputMode: 'numeric',
        maxLength: 23,
        placeholder: '1234 1234 1234 1234',
        leftSection: <IconLock size={16} aria-hidden />,
      },
    },
    {
      idSuffix: 'expiry',
      span: 6,
      name: 'expiry',
      input: {
        label: labels.expiry,
        description: labels.expiryHint,
        autoComplete: 'cc-exp',
        inputMode: 'numeric',
        maxLength: 7,
        placeholder: labels.expiryPlaceholder,
      },
    },
    {
      idSuffix: 'cvc',
      span: 6,
      name: 'cvc',
      input: { label: labels.cvc, description: labels.cvcHint, autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 4 },
    },
  ];
  return (
    <>
      <Grid gap={gap}>
        {fields.map(({ idSuffix, span, name, input }) => (
          <Grid.Col key={name} span={span}>
            <TextInput id={idPrefix ? `${idPrefix}-${idSuffix}` : undefined} name={name} {...input} required error={errors[name]} />
          </Grid.Col>
        ))}
      </Grid>
      <Text size="xs" c="dimmed">
        {labels.safety}
      </Text>
    </>
  );
}
