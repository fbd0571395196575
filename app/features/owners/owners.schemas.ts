/**
 * The owners' forms (decision 061), client-safe: the owner record, the building's owner of
 * record with its management agreement, and an owner contribution. Messages are translation keys
 * (`owners.errors.*`, `common.form.*`). Money is typed in dollars (`parseDollars`) and becomes
 * integer cents; the fee percent is typed like "8" or "7.5" and becomes basis points.
 */
import { z } from 'zod';
import { FIELD_MESSAGES, TEXT_LIMITS, emailField, phoneField, requiredLine } from '~/lib/form-fields';
import { isIsoDate } from '~/lib/iso-date';
import { parseDollars } from '~/lib/money';

export const OWNER_KINDS = ['person', 'company'] as const;
export type OwnerKind = (typeof OWNER_KINDS)[number];
export const OWNER_LOCALES = ['en', 'it'] as const;

/** The largest flat fee, reserve or contribution a form accepts: $1,000,000. */
export const OWNER_AMOUNT_MAX_CENTS = 100_000_000;

/** The admin's commands on /admin/owners and /admin/owners/:ownerId. */
export const OWNER_ADMIN_INTENTS = [
  'create',
  'update',
  'assign-building',
  'save-agreement',
  'record-contribution',
  'regenerate-statement',
  'send-invitation',
  'send-message',
] as const;
export type OwnerAdminIntent = (typeof OWNER_ADMIN_INTENTS)[number];

export const OWNER_MESSAGES = {
  emailTaken: 'owners.errors.email_taken',
  percent: 'owners.errors.percent',
  amount: 'owners.errors.amount',
  day: 'owners.errors.day',
  date: 'owners.errors.date',
  building: 'owners.errors.building',
  month: 'owners.errors.month',
} as const;

/** The owner record: a person or a company, their e-mail (unique), phone and language. */
export const ownerSchema = z.object({
  kind: z.enum(OWNER_KINDS, FIELD_MESSAGES.invalid).default('person'),
  name: requiredLine(TEXT_LIMITS.name),
  email: emailField,
  phone: phoneField({ required: false }),
  locale: z.enum(OWNER_LOCALES, FIELD_MESSAGES.invalid).default('en'),
});
export type OwnerInput = z.output<typeof ownerSchema>;

/** Dollars typed into a form → cents within 0 … $1,000,000 ('' is 0). */
const dollars = z
  .string()
  .trim()
  .transform((text, ctx) => {
    if (text === '') return 0;
    const cents = parseDollars(text);
    if (cents === null || cents > OWNER_AMOUNT_MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: OWNER_MESSAGES.amount });
      return z.NEVER;
    }
    return cents;
  });

/** A percent typed with at most two decimals (0–100; "7.5" or "7,5") → basis points. */
const percentBp = z
  .string()
  .trim()
  .transform((text, ctx) => {
    if (text === '') return 0;
    const normal = text.replace(',', '.').replace(/%$/, '').trim();
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(normal) || Number(normal) > 100) {
      ctx.addIssue({ code: 'custom', message: OWNER_MESSAGES.percent });
      return z.NEVER;
    }
    const [whole = '0', fraction = ''] = normal.split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  });

/** A building's management agreement as typed: fee percent and/or flat fee, reserve, distribution day, start. */
export const agreementSchema = z.object({
  buildingId: z.coerce.number().int().positive(OWNER_MESSAGES.building),
  feePercent: percentBp,
  flatFee: dollars,
  reserve: dollars,
  distributionDay: z.coerce.number(OWNER_MESSAGES.day).int(OWNER_MESSAGES.day).min(1, OWNER_MESSAGES.day).max(28, OWNER_MESSAGES.day),
  startsOn: z.string().trim().refine(isIsoDate, OWNER_MESSAGES.date),
});
export type AgreementInput = z.output<typeof agreementSchema>;

/** Assigning a building to this owner (as owner of record). */
export const assignBuildingSchema = z.object({
  buildingId: z.coerce.number(OWNER_MESSAGES.building).int().positive(OWNER_MESSAGES.building),
});

/** An owner's contribution of cash into one building's trust account. */
export const contributionSchema = z.object({
  buildingId: z.coerce.number(OWNER_MESSAGES.building).int().positive(OWNER_MESSAGES.building),
  amount: dollars.refine((cents) => cents > 0, OWNER_MESSAGES.amount),
  date: z.string().trim().refine(isIsoDate, OWNER_MESSAGES.date),
});

/** The month (`YYYY-MM`) of a statement to regenerate. */
export const regenerateSchema = z.object({
  month: z
    .string()
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, OWNER_MESSAGES.month),
});
