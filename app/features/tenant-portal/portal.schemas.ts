/**
 * The tenant portal's forms (decision 022), shared by page and action: pay now
 * (an amount in dollars; paid on the provider's hosted page, decision 049), autopay (a day of the
 * month; the card is saved on the hosted page) and signing
 * a lease (typed full name, consent, the fingerprint of the document shown, and a card when
 * something is due at signing). Card checks reuse the booking flow's (Luhn, MM/YY not past, CVC)
 * and its messages. Client-safe.
 */
import { z } from 'zod';
import { parseDollars } from '~/lib/money';
import { BOOKING_MESSAGES } from '~/features/booking/booking.schemas';
import { FIELD_MESSAGES, cleanLine } from '~/lib/form-fields';
import { cardDigits, containsCardNumber, expiryIsCurrent, isCvc, parseExpiry, passesLuhn } from '~/server/payments/card';

export const PORTAL_MESSAGES = {
  amountFormat: 'tenantPortal.errors.amountFormat',
  amountPositive: 'tenantPortal.errors.amountPositive',
  day: 'tenantPortal.errors.day',
  consent: 'tenantPortal.errors.consent',
} as const;

/** What a card form posts, checked; `card` is the provider's source (in memory only). */
const cardFields = {
  nameOnCard: z.string().overwrite(cleanLine).max(120, FIELD_MESSAGES.tooLong).default(''),
  cardNumber: z.string().default(''),
  expiry: z.string().default(''),
  cvc: z.string().default(''),
};

type CardValues = { nameOnCard: string; cardNumber: string; expiry: string; cvc: string };

function checkCard(values: CardValues, ctx: z.RefinementCtx, now: Date): void {
  if (!values.nameOnCard) ctx.addIssue({ code: 'custom', path: ['nameOnCard'], message: FIELD_MESSAGES.required });
  else if (containsCardNumber(values.nameOnCard))
    ctx.addIssue({ code: 'custom', path: ['nameOnCard'], message: BOOKING_MESSAGES.cardNumberInText });
  const digits = cardDigits(values.cardNumber);
  if (!values.cardNumber.trim()) ctx.addIssue({ code: 'custom', path: ['cardNumber'], message: FIELD_MESSAGES.required });
  else if (!digits) ctx.addIssue({ code: 'custom', path: ['cardNumber'], message: BOOKING_MESSAGES.cardNumberInvalid });
  else if (!passesLuhn(digits)) ctx.addIssue({ code: 'custom', path: ['cardNumber'], message: BOOKING_MESSAGES.cardNumberLuhn });
  const expiry = parseExpiry(values.expiry);
  if (!values.expiry.trim()) ctx.addIssue({ code: 'custom', path: ['expiry'], message: FIELD_MESSAGES.required });
  else if (!expiry) ctx.addIssue({ code: 'custom', path: ['expiry'], message: BOOKING_MESSAGES.expiryFormat });
  else if (!expiryIsCurrent(expiry, now)) ctx.addIssue({ code: 'custom', path: ['expiry'], message: BOOKING_MESSAGES.expiryPast });
  if (!values.cvc.trim()) ctx.addIssue({ code: 'custom', path: ['cvc'], message: FIELD_MESSAGES.required });
  else if (!isCvc(values.cvc)) ctx.addIssue({ code: 'custom', path: ['cvc'], message: BOOKING_MESSAGES.cvc });
}

function toCard(values: CardValues) {
  const expiry = parseExpiry(values.expiry)!;
  return {
    type: 'card' as const,
    number: cardDigits(values.cardNumber) ?? '',
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: values.cvc.trim(),
    name: values.nameOnCard,
  };
}

const amountField = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const cents = parseDollars(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: value.trim() ? PORTAL_MESSAGES.amountFormat : FIELD_MESSAGES.required });
      return z.NEVER;
    }
    if (cents <= 0) {
      ctx.addIssue({ code: 'custom', message: PORTAL_MESSAGES.amountPositive });
      return z.NEVER;
    }
    return cents;
  });

const idempotencyKey = z.string().regex(/^[0-9a-f-]{36}$/, FIELD_MESSAGES.invalid);

/**
 * Pay now: the lease and an amount (dollars). The card or bank account is given on the
 * provider's hosted page (decision 049), never on ours.
 */
export const payFormSchema = z
  .object({ leaseId: z.coerce.number().int().positive(), amount: amountField, key: idempotencyKey })
  .transform((values) => ({ leaseId: values.leaseId, amountCents: values.amount, key: values.key }));

/** Autopay on: the lease and the day of the month (1–28); the card is saved on the provider's hosted page (decision 049). */
export const autopayFormSchema = z.object({
  leaseId: z.coerce.number().int().positive(),
  day: z.coerce.number({ error: PORTAL_MESSAGES.day }).int(PORTAL_MESSAGES.day).min(1, PORTAL_MESSAGES.day).max(28, PORTAL_MESSAGES.day),
});

/** Signing: typed name, consent, the document fingerprint shown, and a card when `cardRequired`. */
export function signFormSchema(now: Date, cardRequired: boolean) {
  return z
    .object({
      typedName: z.string().overwrite(cleanLine).min(1, FIELD_MESSAGES.required).max(120, FIELD_MESSAGES.tooLong),
      consent: z.string().optional(),
      documentSha256: z.string().regex(/^[0-9a-f]{64}$/, FIELD_MESSAGES.invalid),
      key: idempotencyKey,
      ...cardFields,
    })
    .superRefine((values, ctx) => {
      if (!values.consent) ctx.addIssue({ code: 'custom', path: ['consent'], message: PORTAL_MESSAGES.consent });
      if (cardRequired) checkCard(values, ctx, now);
    })
    .transform((values) => ({
      typedName: values.typedName,
      consent: Boolean(values.consent),
      documentSha256: values.documentSha256,
      key: values.key,
      card: cardRequired ? toCard(values) : null,
    }));
}
