/**
 * The payments back office's inputs (decision 020 and 022), shared by the pages, their
 * loaders and the refund action: the list filters in the URL (`?status=&kind=&method=&from=&to=
 * &building=&cursor=`), the reconciliation range (`?view=reconciliation&from=&to=&building=`, at
 * most 92 days) and the refund form (an amount in dollars, a reason, the form's idempotency key).
 * Every message is a translation key (`payments.errors.*`, `common.form.*`). Client-safe.
 */
import { isIsoDate } from '~/lib/iso-date';
import { instantCursor } from '~/lib/keyset-cursor';
import { addIsoDays } from '~/lib/time-zones';
import { parseDollars } from '~/lib/money';
import { z } from 'zod';
import { FIELD_MESSAGES, cleanLine } from '~/lib/form-fields';
import { INT4_MAX } from '~/lib/ids';
import { cursorParam, dayRangeCheck, filteredHref, optionalParam as optional, pickParams } from '~/lib/query-filters';

export const PAYMENT_STATUSES = ['pending', 'processing', 'succeeded', 'failed', 'refunded'] as const;
export const PAYMENT_KINDS = ['application_fee', 'deposit', 'rent', 'other'] as const;
export const PAYMENT_METHODS = ['card', 'autopay', 'bank_debit', 'check', 'cash', 'bank_transfer'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Rows per page of the list. */
export const PAYMENTS_PAGE_SIZE = 50;
/** The longest reconciliation range, in days (both ends included). */
export const RECONCILIATION_MAX_DAYS = 92;
/** The largest CSV export, in rows. */
export const PAYMENTS_CSV_MAX_ROWS = 100_000;
/** A refund's reason, at most this long. */
export const REFUND_REASON_MAX = 500;

export const PAYMENT_MESSAGES = {
  status: 'payments.errors.status',
  kind: 'payments.errors.kind',
  method: 'payments.errors.method',
  date: 'payments.errors.date',
  range: 'payments.errors.range',
  rangeTooLong: 'payments.errors.rangeTooLong',
  building: 'payments.errors.building',
  cursor: 'payments.errors.cursor',
  amountFormat: 'payments.errors.amountFormat',
  amountPositive: 'payments.errors.amountPositive',
} as const;

/** Days from `from` to `to`, both included (ISO dates). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const dateField = z.string().refine(isIsoDate, PAYMENT_MESSAGES.date);
const buildingField = z
  .string()
  .regex(/^\d{1,10}$/, PAYMENT_MESSAGES.building)
  .transform(Number)
  .refine((id) => id >= 1 && id <= INT4_MAX, PAYMENT_MESSAGES.building);

/** A keyset position: the row's exact `created_at` (as PostgreSQL prints it, UTC) and id. */
export type PaymentCursor = { createdAt: string; id: number };

/** The list's cursors: an instant (decision 037, `app/lib/keyset-cursor.ts`). */
const CURSOR = instantCursor();

/** `2026-11-22T12:00:00.123456Z_42` → the cursor, or null. */
export function parseCursor(raw: string): PaymentCursor | null {
  const cursor = CURSOR.parse(raw);
  return cursor && { createdAt: cursor.key, id: cursor.id };
}

export function formatCursor(cursor: PaymentCursor): string {
  return CURSOR.format({ key: cursor.createdAt, id: cursor.id });
}

const filterShape = z
  .object({
    status: optional(z.enum(PAYMENT_STATUSES, PAYMENT_MESSAGES.status)),
    kind: optional(z.enum(PAYMENT_KINDS, PAYMENT_MESSAGES.kind)),
    method: optional(z.enum(PAYMENT_METHODS, PAYMENT_MESSAGES.method)),
    from: optional(dateField),
    to: optional(dateField),
    building: optional(buildingField),
    cursor: cursorParam(parseCursor, PAYMENT_MESSAGES.cursor),
  })
  .superRefine(dayRangeCheck(PAYMENT_MESSAGES.range));

/** The list's filters (also the CSV export's). Dates are UTC days of `created_at`, both ends included. */
export type PaymentFilters = {
  status: PaymentStatus | null;
  kind: PaymentKind | null;
  method: PaymentMethod | null;
  from: string | null;
  to: string | null;
  buildingId: number | null;
};

export const NO_FILTERS: PaymentFilters = { status: null, kind: null, method: null, from: null, to: null, buildingId: null };

export type FilterField = 'status' | 'kind' | 'method' | 'from' | 'to' | 'building' | 'cursor';

/** What a query string asks for: filters and cursor, or the fields that are wrong (translation keys). */
export type ParsedFilters =
  { ok: true; filters: PaymentFilters; cursor: PaymentCursor | null } | { ok: false; issues: z.ZodError; filters: PaymentFilters };

/** The list filters of `params`. Unknown values are refused (400), never silently dropped. */
export function parsePaymentFilters(params: URLSearchParams): ParsedFilters {
  const parsed = filterShape.safeParse(pickParams(params, ['status', 'kind', 'method', 'from', 'to', 'building', 'cursor']));
  if (!parsed.success) return { ok: false, issues: parsed.error, filters: NO_FILTERS };
  const { status, kind, method, from, to, building, cursor } = parsed.data;
  return {
    ok: true,
    filters: {
      status: status ?? null,
      kind: kind ?? null,
      method: method ?? null,
      from: from ?? null,
      to: to ?? null,
      buildingId: building ?? null,
    },
    cursor: cursor ?? null,
  };
}

/** True when any filter narrows the list. */
export function hasPaymentFilters(filters: PaymentFilters): boolean {
  return Object.values(filters).some((value) => value !== null);
}

/** The list (or CSV) URL for `filters`, optionally at `cursor`. */
export function paymentsHref(basePath: string, filters: PaymentFilters, cursor?: string | null): string {
  const { status, kind, method, from, to, buildingId } = filters;
  return filteredHref(basePath, { status, kind, method, from, to, building: buildingId }, cursor);
}

export type ReconciliationQuery = { from: string; to: string; buildingId: number | null };

/**
 * The reconciliation range of `params` (`from`, `to`, `building`); by default the 30 days up to
 * `today` (ISO). At most `RECONCILIATION_MAX_DAYS` days.
 */
export function parseReconciliationQuery(
  params: URLSearchParams,
  today: string,
): { ok: true; query: ReconciliationQuery } | { ok: false; issues: z.ZodError; query: ReconciliationQuery } {
  const fallback = { from: addIsoDays(today, -29), to: today, buildingId: null };
  const parsed = z
    .object({ from: optional(dateField), to: optional(dateField), building: optional(buildingField) })
    .superRefine((value, ctx) => {
      const to = value.to ?? today;
      const from = value.from ?? addIsoDays(to, -29);
      if (from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: PAYMENT_MESSAGES.range });
      else if (daysInRange(from, to) > RECONCILIATION_MAX_DAYS)
        ctx.addIssue({ code: 'custom', path: ['from'], message: PAYMENT_MESSAGES.rangeTooLong });
    })
    .safeParse(pickParams(params, ['from', 'to', 'building']));
  if (!parsed.success) return { ok: false, issues: parsed.error, query: fallback };
  const to = parsed.data.to ?? today;
  return { ok: true, query: { from: parsed.data.from ?? addIsoDays(to, -29), to, buildingId: parsed.data.building ?? null } };
}

/**
 * The refund form: `amount` in dollars → `amountCents` (> 0, at most two decimals), an optional
 * `reason`, and the form's `idempotencyKey` (one per page view, so a double submit refunds once).
 * Whether the amount fits what is left of the payment is the service's answer (`above_refundable`).
 */
export const refundFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .min(1, FIELD_MESSAGES.required)
    .transform((text, ctx) => {
      const cents = parseDollars(text);
      if (cents === null) {
        ctx.addIssue({
          code: 'custom',
          message: /^-/.test(text.replace(/[\s$]/g, '')) ? PAYMENT_MESSAGES.amountPositive : PAYMENT_MESSAGES.amountFormat,
        });
        return z.NEVER;
      }
      if (cents <= 0) {
        ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.amountPositive });
        return z.NEVER;
      }
      return cents;
    }),
  reason: z.string().overwrite(cleanLine).max(REFUND_REASON_MAX, FIELD_MESSAGES.tooLong).default(''),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, FIELD_MESSAGES.invalid),
});

export type RefundField = 'amount' | 'reason' | 'idempotencyKey';
