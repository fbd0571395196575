/**
 * Step 3 "Confirmation": a review of the answers (each with an Edit button back to its step),
 * the application summary and how to pay (card now, or everything at lease signing; optionally
 * the deposit now). The card is given on the provider's hosted page after submitting (decision
 * 049): no card field here. With JavaScript the summary follows the choice as it changes.
 */
import { Alert, Anchor, Button, Checkbox, Divider, Group, Paper, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFlask, IconPencil } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { TestModeNotice } from '~/components/test-mode-notice';
import type { FieldErrors } from '~/lib/form-fields';
import { formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { BookingField, DraftValues, PaymentMethodChoice } from '../booking.fields';
import { quoteApplication, type FeeSettings } from '../fees';
import { formatCents } from '~/lib/format';
import { FeeSummary } from './fee-summary';

export type ConfirmData = {
  settings: FeeSettings;
  idempotencyKey: string;
  /** The sandbox's test cards, when payments are in test mode. */
  testCards: { succeeds: string; declined: string } | null;
};

type Props = {
  values: DraftValues;
  errors: FieldErrors<BookingField>;
  confirm: ConfirmData;
  monthlyRentUsd: number;
  /** Changes after every answer from the server, so the payment choices start again. */
  cardKey: number;
  countryName: string;
  onChoiceChange?: (choice: { paymentMethod: PaymentMethodChoice; payDepositNow: boolean; dueNowCents: number }) => void;
};

function groupCard(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

function ReviewBlock({ title, step, rows }: { title: string; step: 'choose' | 'details'; rows: [string, string][] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`review-${step}`}>
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Text fw={700} size="sm">
          {title}
        </Text>
        <Button
          type="submit"
          name="intent"
          value={`goto:${step}`}
          formNoValidate
          variant="default"
          size="compact-sm"
          leftSection={<IconPencil size={14} aria-hidden />}
          aria-label={t('booking.confirm.editStep', { step: title })}
        >
          {t('booking.confirm.edit')}
        </Button>
      </Group>
      <Stack gap={2}>
        {rows.map(([label, value]) => (
          <Text size="sm" key={label}>
            <Text span c="dimmed">
              {label}:
            </Text>{' '}
            {value}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

export function ConfirmStep({ values, errors, confirm, monthlyRentUsd, cardKey, countryName, onChoiceChange }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethodChoice>(
    values.paymentMethod === 'pay_at_signing' ? 'pay_at_signing' : 'card',
  );
  const [payDeposit, setPayDeposit] = useState(values.payDeposit === 'on');
  const moveIn = values.moveIn ?? '';
  const moveOut = values.moveOut ?? '';
  const quote = quoteApplication({ monthlyRentUsd, moveIn, moveOut, settings: confirm.settings, paymentMethod, payDepositNow: payDeposit });
  const cardQuote = quoteApplication({
    monthlyRentUsd,
    moveIn,
    moveOut,
    settings: confirm.settings,
    paymentMethod: 'card',
    payDepositNow: false,
  });
  const money = (cents: number) => formatCents(cents, lang);
  const byCard = paymentMethod === 'card';
  // Without JavaScript the radio cannot reveal the card fields, so the server's HTML shows them.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const showCard = byCard || !hydrated;

  const change = (method: PaymentMethodChoice, deposit: boolean) => {
    setPaymentMethod(method);
    setPayDeposit(deposit);
    const next = quoteApplication({
      monthlyRentUsd,
      moveIn,
      moveOut,
      settings: confirm.settings,
      paymentMethod: method,
      payDepositNow: deposit,
    });
    onChoiceChange?.({ paymentMethod: method, payDepositNow: deposit && method === 'card', dueNowCents: next.dueNowCents });
  };

  const occupants = [
    t('booking.review.adults', { count: Number(values.adults ?? 1) }),
    Number(values.children ?? 0) > 0 ? t('booking.review.children', { count: Number(values.children) }) : null,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <Stack gap="lg">
      <TestModeNotice testMode={confirm.testCards !== null} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <ReviewBlock
          title={t('booking.steps.choose.label')}
          step="choose"
          rows={[
            [t('booking.fields.moveIn'), moveIn ? formatIsoDate(moveIn, lang) : ''],
            [t('booking.fields.moveOut'), moveOut ? formatIsoDate(moveOut, lang) : ''],
            [t('booking.review.occupants'), occupants],
          ]}
        />
        <ReviewBlock
          title={t('booking.steps.details.label')}
          step="details"
          rows={[
            [t('booking.review.name'), `${values.firstName ?? ''} ${values.lastName ?? ''}`.trim()],
            [t('booking.fields.email'), values.email ?? ''],
            [t('booking.fields.phone'), values.phone ?? ''],
            [t('booking.review.address'), [values.currentAddress, values.city, values.zipCode, countryName].filter(Boolean).join(', ')],
          ]}
        />
      </SimpleGrid>

      <FeeSummary quote={quote} moveIn={moveIn} moveOut={moveOut} />
      <Divider />

      <Radio.Group
        name="paymentMethod"
        label={t('booking.fields.paymentMethod')}
        value={paymentMethod}
        onChange={(value) => change(value === 'pay_at_signing' ? 'pay_at_signing' : 'card', payDeposit)}
        error={errors.paymentMethod}
        required
      >
        <Stack gap="xs" mt="xs">
          <Radio
            value="card"
            label={t('booking.payment.card')}
            description={t('booking.payment.cardHint', { amount: money(cardQuote.dueNowCents) })}
            data-testid="pay-card"
          />
          <Radio
            value="pay_at_signing"
            label={t('booking.payment.atSigning')}
            description={t('booking.payment.atSigningHint')}
            data-testid="pay-at-signing"
          />
        </Stack>
      </Radio.Group>

      {showCard && (
        <Stack gap="md" key={cardKey} data-testid="card-payment">
          {!byCard && (
            <Text size="sm" c="dimmed">
              {t('booking.payment.cardOnlyHint')}
            </Text>
          )}
          {quote.depositCents > 0 && (
            <Checkbox
              name="payDeposit"
              value="on"
              checked={payDeposit}
              onChange={(event) => change(paymentMethod, event.currentTarget.checked)}
              label={t('booking.payment.payDeposit', { amount: money(quote.depositCents) })}
              description={t('booking.payment.payDepositHint')}
            />
          )}
          <Text size="sm" c="dimmed" data-testid="hosted-payment-note">
            {t('booking.payment.hosted')}
          </Text>
          {confirm.testCards && (
            <Alert
              color="blue"
              variant="light"
              icon={<IconFlask aria-hidden />}
              title={t('booking.payment.testMode.title')}
              data-testid="test-cards"
            >
              <Text size="sm">{t('booking.payment.testMode.hostedBody')}</Text>
              <Text size="sm" mt={4}>
                {t('booking.payment.testMode.succeeds')}: <code>{groupCard(confirm.testCards.succeeds)}</code>
                {' · '}
                {t('booking.payment.testMode.declined')}: <code>{groupCard(confirm.testCards.declined)}</code>
              </Text>
            </Alert>
          )}
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        {t('booking.confirm.consentPrefix')}{' '}
        <Anchor href="/terms" size="xs" underline="always">
          {t('booking.confirm.terms')}
        </Anchor>{' '}
        {t('booking.confirm.and')}{' '}
        <Anchor href="/privacy" size="xs" underline="always">
          {t('booking.confirm.privacy')}
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
