/**
 * The form of the current booking step: one real `<Form method="post">` (id `booking-form`, so
 * the step indicator's buttons can submit it) carrying the step's fields, the other steps'
 * answers as hidden fields, and Back / Next (or Submit). Errors from the server show in an alert
 * that takes the focus, and beside each field.
 */
import { Button, Paper, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCreditCardPay, IconSend } from '@tabler/icons-react';
import { ErrorAlert } from '~/components/status-alerts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Form, Link, useNavigation } from 'react-router';
import { useRateLimitMessage, useRateLimitToast } from '~/components/forms/use-rate-limit-toast';
import type { FieldErrors } from '~/lib/form-fields';
import { useLanguage } from '~/lib/use-language';
import type { RateLimitedAnswer } from '~/server/responses.server';
import {
  CHOOSE_FIELDS,
  DETAILS_FIELDS,
  PAYMENT_CHOICE_FIELDS,
  type BookingField,
  type BookingStep,
  type DraftField,
  type DraftValues,
} from '../booking.fields';
import type { FeeQuote } from '../fees';
import { formatCents } from '~/lib/format';
import { BOOKING_FORM_ID, BOOKING_STEP_TITLE_ID } from './booking-stepper';
import classes from './booking.module.css';
import { ChooseStep } from './choose-step';
import { ConfirmStep, type ConfirmData } from './confirm-step';
import { DetailsStep } from './details-step';
import type { BookingHome } from './property-summary';

/** What the booking action answers when it does not redirect. */
export type BookingFailure = {
  ok: false;
  step: BookingStep;
  errors: FieldErrors<BookingField>;
  values: DraftValues;
  unavailable?: boolean;
};
export type BookingActionData = BookingFailure | RateLimitedAnswer;

type Props = {
  home: BookingHome;
  step: BookingStep;
  values: DraftValues;
  today: string;
  countries: { value: string; label: string }[];
  confirm: (ConfirmData & { quote: FeeQuote }) | null;
  result: BookingActionData | undefined;
};

const STEP_FIELDS: Record<BookingStep, readonly DraftField[]> = {
  choose: CHOOSE_FIELDS,
  details: DETAILS_FIELDS,
  confirm: PAYMENT_CHOICE_FIELDS,
};

export function BookingForm({ home, step, values, today, countries, confirm, result }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigation = useNavigation();
  const busyIntent = navigation.state === 'submitting' ? String(navigation.formData?.get('intent') ?? '') : null;
  const errors: FieldErrors<BookingField> = result && !result.ok ? (result.errors as FieldErrors<BookingField>) : {};
  const rateLimitMessage = useRateLimitMessage(result);
  useRateLimitToast(result);

  // Every answer from the server: focus its message, and start the card fields over.
  const alertRef = useRef<HTMLDivElement>(null);
  const [cardKey, setCardKey] = useState(0);
  useEffect(() => {
    if (!result) return;
    setCardKey((key) => key + 1);
    alertRef.current?.focus();
  }, [result]);

  const [dueNow, setDueNow] = useState<number | null>(confirm?.quote.dueNowCents ?? null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const hidden = (Object.keys(values) as DraftField[]).filter((field) => !STEP_FIELDS[step].includes(field) && values[field] !== undefined);
  const hasErrors = Object.keys(errors).length > 0;
  const message = errors.form ?? rateLimitMessage ?? (hasErrors ? t('common.form.fixErrors') : null);
  const countryName = countries.find((country) => country.value === values.country)?.label ?? values.country ?? '';

  const submitLabel =
    hydrated && dueNow !== null && dueNow > 0
      ? t('booking.confirm.payAndSubmit', { amount: formatCents(dueNow, lang) })
      : t('booking.confirm.submit');

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={BOOKING_STEP_TITLE_ID}>
      <Title order={2} size="h3" id={BOOKING_STEP_TITLE_ID} tabIndex={-1} mb={4}>
        {t(`booking.steps.${step}.title`)}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t(`booking.steps.${step}.intro`)}
      </Text>
      {message && (
        <ErrorAlert ref={alertRef} tabIndex={-1} mb="md" data-testid="booking-errors">
          {message}
        </ErrorAlert>
      )}
      <Form
        method="post"
        action={step === 'choose' ? `/booking/${home.id}` : `/booking/${home.id}?step=${step}`}
        id={BOOKING_FORM_ID}
        noValidate
        data-testid="booking-form"
      >
        <input type="hidden" name="step" value={step} />
        {hidden.map((field) => (
          <input key={field} type="hidden" name={field} value={values[field]} />
        ))}
        {step === 'choose' && (
          <ChooseStep values={values} errors={errors} today={today} maxOccupants={home.maxOccupants} availableFrom={home.availableDate} />
        )}
        {step === 'details' && <DetailsStep values={values} errors={errors} countries={countries} />}
        {step === 'confirm' && confirm && (
          <>
            <input type="hidden" name="idempotencyKey" value={confirm.idempotencyKey} />
            <ConfirmStep
              values={values}
              errors={errors}
              confirm={confirm}
              monthlyRentUsd={home.price}
              cardKey={cardKey}
              countryName={countryName}
              onChoiceChange={(choice) => setDueNow(choice.dueNowCents)}
            />
          </>
        )}
        <div className={classes.actions} style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
          {step === 'confirm' ? (
            <Button
              type="submit"
              name="intent"
              value="submit"
              size="md"
              loading={busyIntent === 'submit'}
              leftSection={dueNow ? <IconCreditCardPay size={18} aria-hidden /> : <IconSend size={18} aria-hidden />}
              data-testid="booking-submit"
            >
              {submitLabel}
            </Button>
          ) : (
            <Button
              type="submit"
              name="intent"
              value="next"
              loading={busyIntent === 'next'}
              rightSection={<IconArrowRight size={18} aria-hidden />}
              data-testid="booking-next"
            >
              {t('booking.actions.next')}
            </Button>
          )}
          {step === 'choose' ? (
            <Button component={Link} to={`/property/${home.id}`} variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden />}>
              {t('booking.actions.backToHome')}
            </Button>
          ) : (
            <Button
              type="submit"
              name="intent"
              value="back"
              formNoValidate
              variant="default"
              loading={busyIntent === 'back'}
              leftSection={<IconArrowLeft size={18} aria-hidden />}
              data-testid="booking-back"
            >
              {t('booking.actions.back')}
            </Button>
          )}
        </div>
      </Form>
    </Paper>
  );
}
