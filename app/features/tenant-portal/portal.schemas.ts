/**
 * The tenant portal's forms (decision 022), shared by page and action: pay now
 * (an amount in dollars; paid on the provider's hosted page, decision 049), autopay (a day of the
 * month; the card is saved on the hosted page) and signing a lease (typed full name, consent, the
 * fingerprint of the document shown; what is due at signing is paid on the hosted page first).
 * No card field: cards are given on the provider's page only. Client-safe.
 */
import { z } from 'zod';
import { parseDollars } from '~/lib/money';
import { FIELD_MESSAGES, cleanLine } from '~/lib/form-fields';

export const PORTAL_MESSAGES = {
  amountFormat: 'tenantPortal.errors.amountFormat',
  amountPositive: 'tenantPortal.errors.amountPositive',
  day: 'tenantPortal.errors.day',
  consent: 'tenantPortal.errors.consent',
} as const;

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

/** Signing: typed name, consent and the document fingerprint shown; what is due is paid before (decision 049). */
export const signFormSchema = z
  .object({
    typedName: z.string().overwrite(cleanLine).min(1, FIELD_MESSAGES.required).max(120, FIELD_MESSAGES.tooLong),
    consent: z.string().optional(),
    documentSha256: z.string().regex(/^[0-9a-f]{64}$/, FIELD_MESSAGES.invalid),
  })
  .superRefine((values, ctx) => {
    if (!values.consent) ctx.addIssue({ code: 'custom', path: ['consent'], message: PORTAL_MESSAGES.consent });
  })
  .transform((values) => ({ typedName: values.typedName, consent: Boolean(values.consent), documentSha256: values.documentSha256 }));

/** Paying what is due at signing: only the form's key (one per page view); the amount is the lease's. */
export const signingPayFormSchema = z.object({ key: idempotencyKey });
