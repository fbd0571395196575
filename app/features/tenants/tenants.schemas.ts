/**
 * The tenant page's commands as zod schemas (decision 020), shared by the forms and the
 * action: amounts typed in dollars ("125.50", "$1,250") become integer cents; zero, negative,
 * more than two decimals and non-numbers are refused with a translation key; texts have limits.
 * Client-safe.
 */
import { z } from 'zod';
import { parseDollars } from '~/lib/money';
import { FIELD_MESSAGES, cleanLine, cleanMultiline } from '~/lib/form-fields';
import { INT4_MAX } from '~/lib/ids';

/** Charges staff may add by hand (mirrors `MANUAL_CHARGE_KINDS` of the ledger service). */
export const CHARGE_KINDS = ['rent', 'late_fee', 'utility', 'other', 'credit'] as const;
/** How money received outside the provider came in. */
export const OFFLINE_METHODS = ['check', 'cash', 'bank_transfer'] as const;

export const REFERENCE_MAX = 100;
export const CHARGE_DESCRIPTION_MAX = 200;
export const NOTIFY_TITLE_MAX = 120;
export const NOTIFY_MESSAGE_MAX = 1_000;
export const DEDUCTIONS_MAX = 10;
/** The largest amount accepted ($1,000,000), as the ledger's own guard. */
export const AMOUNT_MAX_CENTS = 100_000_000;

export const TENANT_MESSAGES = {
  amountInvalid: 'tenants.errors.amountInvalid',
  amountDecimals: 'tenants.errors.amountDecimals',
  amountPositive: 'tenants.errors.amountPositive',
  amountTooLarge: 'tenants.errors.amountTooLarge',
  dateInvalid: 'tenants.errors.dateInvalid',
  lease: 'tenants.errors.lease',
} as const;

/**
 * Dollars as typed → integer cents, or the translation key of what is wrong. Accepts an optional
 * `$`, thousands commas and at most two decimals; computed on the digits (no float rounding).
 */
export function dollarsToCents(raw: string): { cents: number } | { error: string } {
  const text = raw.trim();
  if (text === '') return { error: FIELD_MESSAGES.required };
  const cents = parseDollars(text.startsWith('.') ? `0${text}` : text);
  if (cents === null) {
    // Say what is wrong: a sign, too many decimals, or not an amount at all.
    if (/^[+-]/.test(text))
      return { error: /^\+/.test(text) && parseDollars(text.slice(1)) ? TENANT_MESSAGES.amountInvalid : TENANT_MESSAGES.amountPositive };
    if (/^\$?[\d,]*\.\d{3,}$/.test(text)) return { error: TENANT_MESSAGES.amountDecimals };
    return { error: TENANT_MESSAGES.amountInvalid };
  }
  if (cents <= 0) return { error: TENANT_MESSAGES.amountPositive };
  if (cents > AMOUNT_MAX_CENTS) return { error: TENANT_MESSAGES.amountTooLarge };
  return { cents };
}

/** A dollar amount field → integer cents (> 0, ≤ $1,000,000, whole cents). */
export const amountField = z.string().transform((value, ctx) => {
  const parsed = dollarsToCents(value);
  if ('error' in parsed) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed.cents;
});

const leaseIdField = z
  .string()
  .regex(/^\d{1,10}$/, TENANT_MESSAGES.lease)
  .transform(Number)
  .refine((id) => id >= 1 && id <= INT4_MAX, TENANT_MESSAGES.lease);

const isoDate = z
  .string()
  .trim()
  .min(1, FIELD_MESSAGES.required)
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}$/.test(value) &&
      !Number.isNaN(Date.parse(value)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    TENANT_MESSAGES.dateInvalid,
  );

const line = (max: number) => z.string().overwrite(cleanLine).max(max, FIELD_MESSAGES.tooLong);

export const addChargeSchema = z.object({
  leaseId: leaseIdField,
  kind: z.enum(CHARGE_KINDS, FIELD_MESSAGES.invalid),
  amount: amountField,
  dueDate: isoDate,
  description: line(CHARGE_DESCRIPTION_MAX).default(''),
});

export const recordPaymentSchema = z.object({
  leaseId: leaseIdField,
  amount: amountField,
  method: z.enum(OFFLINE_METHODS, FIELD_MESSAGES.invalid),
  reference: line(REFERENCE_MAX).default(''),
});

export const notifySchema = z.object({
  leaseId: leaseIdField,
  title: line(NOTIFY_TITLE_MAX).min(1, FIELD_MESSAGES.required),
  message: z.string().overwrite(cleanMultiline).min(1, FIELD_MESSAGES.required).max(NOTIFY_MESSAGE_MAX, FIELD_MESSAGES.tooLong),
});

export const endLeaseSchema = z.object({
  leaseId: leaseIdField,
  moveOutDate: isoDate,
});

/** One deposit deduction (a row of the end-lease form). */
export const deductionSchema = z.object({
  description: line(CHARGE_DESCRIPTION_MAX).min(1, FIELD_MESSAGES.required),
  amount: amountField,
});
