/**
 * The inputs of the vendor portal's work orders and invoices and of the staff assignments pages
 * (decision 029), shared by forms, loaders, actions and services: the lists'
 * query strings, the commands' fields and the invoice with its lines. Every message is a
 * translation key (`workOrders.errors.*`, `common.form.*`). Money is integer cents; a quantity
 * has at most two decimals and is carried as hundredths, so every product is computed on
 * integers. Client-safe.
 */
import { z } from 'zod';
import { FIELD_MESSAGES, cleanLine, cleanMultiline } from '~/lib/form-fields';
import { parseDollars } from '~/lib/money';

/** The work order's life cycle (mirrors the `work_order_status` enum; a test keeps them equal). */
export const WORK_ORDER_STATUS_VALUES = ['offered', 'accepted', 'declined', 'scheduled', 'in_progress', 'completed', 'cancelled'] as const;
export type WorkOrderStatusValue = (typeof WORK_ORDER_STATUS_VALUES)[number];
/** The statuses a vendor's overview counts (the issue's "new, accepted, scheduled, in progress, completed"). */
export const VENDOR_OVERVIEW_STATUSES = [
  'offered',
  'accepted',
  'scheduled',
  'in_progress',
  'completed',
] as const satisfies readonly WorkOrderStatusValue[];
export const INVOICE_STATUS_VALUES = ['submitted', 'approved', 'rejected', 'paid'] as const;
export type InvoiceStatusValue = (typeof INVOICE_STATUS_VALUES)[number];
export const INVOICE_LINE_KINDS = ['labour', 'materials'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];
/** How a payout was made (a subset of `payment_method_kind`). */
export const PAYOUT_METHODS = ['bank_transfer', 'check', 'cash'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
/** The phase of the photos sent with a status note. */
export const PHOTO_PHASES = ['before', 'after'] as const;
export type PhotoPhase = (typeof PHOTO_PHASES)[number];

/** Rows per page of the vendor's list. */
export const VENDOR_WORK_ORDERS_PAGE_SIZE = 25;
/** Rows per page of the staff list. */
export const ASSIGNMENTS_PAGE_SIZE = 50;
/** Reasons (decline, cancel, reassign, reject), at most this long. */
export const REASON_MAX = 500;
/** A status note or completion notes, at most this long. */
export const NOTE_MAX = 2_000;
/** Photos one note or completion may carry. */
export const WORK_ORDER_PHOTOS_PER_POST = 10;
/** The text search of the vendor's list, and a city, at most this long. */
export const SEARCH_MAX = 100;
export const INVOICE_NUMBER_MAX = 40;
export const INVOICE_LINES_MAX = 50;
export const LINE_DESCRIPTION_MAX = 200;
export const INVOICE_NOTES_MAX = 2_000;
export const PAYOUT_REFERENCE_MAX = 100;
/** The largest quantity of a line (hours, pieces): 100,000. */
export const QUANTITY_MAX_HUNDREDTHS = 10_000_000;
/** The largest unit price, line amount, tax or total: $10,000,000 (cents). */
export const INVOICE_AMOUNT_MAX_CENTS = 1_000_000_000;
/** An invoice PDF may be at most 10 MB. */
export const INVOICE_PDF_MAX_BYTES = 10 * 1024 * 1024;
/** How far ahead a visit may be scheduled (days), and how far in the past it may be typed (minutes, a clock's slack). */
export const SCHEDULE_MAX_DAYS = 366;
export const SCHEDULE_SLACK_MINUTES = 5;

export const WORK_ORDER_MESSAGES = {
  status: 'workOrders.errors.filterStatus',
  building: 'workOrders.errors.filterBuilding',
  vendor: 'workOrders.errors.filterVendor',
  cursor: 'workOrders.errors.filterCursor',
  workOrder: 'workOrders.errors.workOrderField',
  scheduleInvalid: 'workOrders.errors.scheduleInvalid',
  schedulePast: 'workOrders.errors.schedulePast',
  scheduleTooFar: 'workOrders.errors.scheduleTooFar',
  phase: 'workOrders.errors.phase',
  invoiceNumber: 'workOrders.errors.invoiceNumber',
  noLines: 'workOrders.errors.noLines',
  tooManyLines: 'workOrders.errors.tooManyLines',
  lineKind: 'workOrders.errors.lineKind',
  quantityInvalid: 'workOrders.errors.quantityInvalid',
  quantityDecimals: 'workOrders.errors.quantityDecimals',
  quantityPositive: 'workOrders.errors.quantityPositive',
  quantityTooLarge: 'workOrders.errors.quantityTooLarge',
  amountInvalid: 'workOrders.errors.amountInvalid',
  amountNegative: 'workOrders.errors.amountNegative',
  amountFractionalCents: 'workOrders.errors.amountFractionalCents',
  amountTooLarge: 'workOrders.errors.amountTooLarge',
  lineFractionalCents: 'workOrders.errors.lineFractionalCents',
  totalTooLarge: 'workOrders.errors.totalTooLarge',
  payoutMethod: 'workOrders.errors.payoutMethod',
} as const;

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

/** A keyset position: the row's exact `created_at` (microseconds, UTC) and id. */
export type WorkOrderCursor = { createdAt: string; id: number };

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_(\d{1,10})$/;

/** `2026-11-22T12:00:00.123456Z_42` → the cursor, or null. */
export function parseWorkOrderCursor(raw: string): WorkOrderCursor | null {
  const match = CURSOR.exec(raw);
  if (!match || Number.isNaN(Date.parse(match[1]!))) return null;
  const id = Number(match[2]);
  return id >= 1 && id <= 2_147_483_647 ? { createdAt: match[1]!, id } : null;
}

export function formatWorkOrderCursor(cursor: WorkOrderCursor): string {
  return `${cursor.createdAt}_${cursor.id}`;
}

/** A route's `:id`, or null for anything but a positive int4. */
export function parseRouteId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** An empty or missing query value reads as "not given". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/** A positive int4 id typed as digits. */
function idField(message: string) {
  return z
    .string()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .refine((id) => id >= 1 && id <= 2_147_483_647, message);
}

const cursorField = z.string().transform((raw, ctx) => {
  const cursor = parseWorkOrderCursor(raw);
  if (!cursor) ctx.addIssue({ code: 'custom', message: WORK_ORDER_MESSAGES.cursor });
  return cursor ?? z.NEVER;
});

/** The vendor's list filters (`?status=&building=&city=&q=&cursor=`). */
export type VendorWorkOrderFilters = {
  status: WorkOrderStatusValue | null;
  buildingId: number | null;
  /** A city, matched whole and in any case ('' for any). */
  city: string;
  /** Part of the job's title, or a work order number ('' for none). */
  q: string;
};

export const NO_VENDOR_FILTERS: VendorWorkOrderFilters = { status: null, buildingId: null, city: '', q: '' };

const vendorFilterShape = z.object({
  status: optional(z.enum(WORK_ORDER_STATUS_VALUES, WORK_ORDER_MESSAGES.status)),
  building: optional(idField(WORK_ORDER_MESSAGES.building)),
  city: optional(z.string().overwrite(cleanLine).max(SEARCH_MAX, FIELD_MESSAGES.tooLong)),
  q: optional(z.string().overwrite(cleanLine).max(SEARCH_MAX, FIELD_MESSAGES.tooLong)),
  cursor: optional(cursorField),
});

/** What a query string asks for: the filters and cursor, or the fields that are wrong (the list is then empty). */
export type ParsedQuery<F> =
  { ok: true; filters: F; cursor: WorkOrderCursor | null } | { ok: false; filters: F; cursor: null; issues: z.ZodError };

function pick(params: URLSearchParams, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = params.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}

/** The vendor's list query. Bad fields answer the issues, with the good ones kept as filters. */
export function parseVendorWorkOrderQuery(params: URLSearchParams): ParsedQuery<VendorWorkOrderFilters> {
  const parsed = vendorFilterShape.safeParse(pick(params, ['status', 'building', 'city', 'q', 'cursor']));
  if (parsed.success) {
    const value = parsed.data;
    return {
      ok: true,
      filters: { status: value.status ?? null, buildingId: value.building ?? null, city: value.city ?? '', q: value.q ?? '' },
      cursor: value.cursor ?? null,
    };
  }
  const keep = (name: 'status' | 'building' | 'city' | 'q') => {
    const one = vendorFilterShape.shape[name].safeParse(params.get(name) ?? undefined);
    return one.success ? one.data : undefined;
  };
  const status = keep('status') as WorkOrderStatusValue | undefined;
  return {
    ok: false,
    filters: {
      status: status ?? null,
      buildingId: (keep('building') as number | undefined) ?? null,
      city: (keep('city') as string | undefined) ?? '',
      q: (keep('q') as string | undefined) ?? '',
    },
    cursor: null,
    issues: parsed.error,
  };
}

/** The staff list filters (`?status=&vendor=&building=&overdue=1&cursor=`). */
export type AssignmentFilters = {
  status: WorkOrderStatusValue | null;
  vendorId: number | null;
  buildingId: number | null;
  /** Due date passed unfinished, or the visit time passed without a start. */
  overdue: boolean;
};

export const NO_ASSIGNMENT_FILTERS: AssignmentFilters = { status: null, vendorId: null, buildingId: null, overdue: false };

const assignmentFilterShape = z.object({
  status: optional(z.enum(WORK_ORDER_STATUS_VALUES, WORK_ORDER_MESSAGES.status)),
  vendor: optional(idField(WORK_ORDER_MESSAGES.vendor)),
  building: optional(idField(WORK_ORDER_MESSAGES.building)),
  overdue: optional(z.string()),
  cursor: optional(cursorField),
});

/** The staff list query. Bad fields answer the issues, with the good ones kept as filters. */
export function parseAssignmentQuery(params: URLSearchParams): ParsedQuery<AssignmentFilters> {
  const raw = pick(params, ['status', 'vendor', 'building', 'overdue', 'cursor']);
  const overdue = raw.overdue === '1' || raw.overdue === 'true' || raw.overdue === 'on';
  const parsed = assignmentFilterShape.safeParse(raw);
  if (parsed.success) {
    const value = parsed.data;
    return {
      ok: true,
      filters: { status: value.status ?? null, vendorId: value.vendor ?? null, buildingId: value.building ?? null, overdue },
      cursor: value.cursor ?? null,
    };
  }
  const keep = (name: 'status' | 'vendor' | 'building') => {
    const one = assignmentFilterShape.shape[name].safeParse(params.get(name) ?? undefined);
    return one.success ? one.data : undefined;
  };
  return {
    ok: false,
    filters: {
      status: (keep('status') as WorkOrderStatusValue | undefined) ?? null,
      vendorId: (keep('vendor') as number | undefined) ?? null,
      buildingId: (keep('building') as number | undefined) ?? null,
      overdue,
    },
    cursor: null,
    issues: parsed.error,
  };
}

/** `base` with the filters (and a cursor) as its query string; empty filters are left out. */
export function listHref(base: string, values: Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === '' || value === false) continue;
    params.set(name, value === true ? '1' : String(value));
  }
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

/** The vendor's filters as query values. */
export function vendorFilterValues(filters: VendorWorkOrderFilters) {
  return { status: filters.status, building: filters.buildingId, city: filters.city, q: filters.q };
}

/** The staff filters as query values. */
export function assignmentFilterValues(filters: AssignmentFilters) {
  return { status: filters.status, vendor: filters.vendorId, building: filters.buildingId, overdue: filters.overdue };
}

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

const reasonField = z.string().overwrite(cleanMultiline).min(1, FIELD_MESSAGES.required).max(REASON_MAX, FIELD_MESSAGES.tooLong);

/** Decline an offered work order. */
export const declineSchema = z.object({ reason: reasonField });

/** Cancel an open work order (staff). */
export const cancelSchema = z.object({ reason: reasonField });

/** Reject a submitted invoice (staff). */
export const rejectInvoiceSchema = z.object({ reason: reasonField });

/** Reassign an open work order to another vendor (staff). */
export const reassignSchema = z.object({ vendorId: idField(WORK_ORDER_MESSAGES.vendor), reason: reasonField });

/** Record the payout of an approved invoice (staff). */
export const payInvoiceSchema = z.object({
  method: z.enum(PAYOUT_METHODS, WORK_ORDER_MESSAGES.payoutMethod),
  reference: z.string().overwrite(cleanLine).max(PAYOUT_REFERENCE_MAX, FIELD_MESSAGES.tooLong).default(''),
});

/**
 * A visit time typed in a `datetime-local` field (`YYYY-MM-DDTHH:MM`, seconds optional), read as
 * UTC (every time on the signed-in pages is UTC) → an ISO instant. Refused: not a real time,
 * earlier than `now` less SCHEDULE_SLACK_MINUTES, later than SCHEDULE_MAX_DAYS from `now`.
 */
export function scheduleSchema(now: Date) {
  return z.object({
    scheduledFor: z
      .string()
      .trim()
      .min(1, FIELD_MESSAGES.required)
      .transform((raw, ctx) => {
        const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d{1,3})?Z?$/.exec(raw);
        const parts = match ? match.slice(1, 7).map((part) => Number(part ?? 0)) : [];
        const instant = match ? new Date(Date.UTC(parts[0]!, parts[1]! - 1, parts[2]!, parts[3]!, parts[4]!, parts[5]!)) : null;
        const real =
          instant !== null &&
          instant.getUTCFullYear() === parts[0] &&
          instant.getUTCMonth() === parts[1]! - 1 &&
          instant.getUTCDate() === parts[2] &&
          parts[3]! < 24;
        if (!real) {
          ctx.addIssue({ code: 'custom', message: WORK_ORDER_MESSAGES.scheduleInvalid });
          return z.NEVER;
        }
        if (instant.getTime() < now.getTime() - SCHEDULE_SLACK_MINUTES * 60_000) {
          ctx.addIssue({ code: 'custom', message: WORK_ORDER_MESSAGES.schedulePast });
          return z.NEVER;
        }
        if (instant.getTime() > now.getTime() + SCHEDULE_MAX_DAYS * 86_400_000) {
          ctx.addIssue({ code: 'custom', message: WORK_ORDER_MESSAGES.scheduleTooFar });
          return z.NEVER;
        }
        return instant.toISOString();
      }),
  });
}

/** A status note: text and/or photos (the photos arrive as files), with the photos' phase. */
export const noteSchema = z.object({
  note: z.string().overwrite(cleanMultiline).max(NOTE_MAX, FIELD_MESSAGES.tooLong).default(''),
  phase: optional(z.enum(PHOTO_PHASES, WORK_ORDER_MESSAGES.phase)),
});

/** Completion: the notes are required; after photos arrive as files. */
export const completeSchema = z.object({
  notes: z.string().overwrite(cleanMultiline).min(1, FIELD_MESSAGES.required).max(NOTE_MAX, FIELD_MESSAGES.tooLong),
});

// ---------------------------------------------------------------------------------------------
// Invoices
// ---------------------------------------------------------------------------------------------

/** One line as a service receives it: `quantity` typed ("1.5", "1,5") or a number, `unitCents` integer cents. */
export type InvoiceLineInput = { kind: string; description: string; quantity: string | number; unitCents: number };

/** An invoice as a service receives it (from the form through `readInvoiceForm`, or from a seed). */
export type InvoiceInput = { workOrderId: number; number: string; lines: InvoiceLineInput[]; taxCents: number; notes?: string | null };

/** A checked line: quantity in hundredths, amounts in cents. */
export type ValidInvoiceLine = {
  kind: InvoiceLineKind;
  description: string;
  quantityHundredths: number;
  unitCents: number;
  amountCents: number;
};

export type ValidInvoice = {
  workOrderId: number;
  number: string;
  lines: ValidInvoiceLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  notes: string | null;
};

/** A field's problem: a translation key and the value its message shows (`{{max}}`). */
export type FieldIssue = { key: string; max?: number };

/**
 * Invoice problems keyed by the invoice form's field names: `workOrderId`, `number`, `lines`,
 * `tax`, `notes`, and per line `lines.<i>.kind|description|quantity|unitPrice|amount`.
 */
export type InvoiceErrors = Record<string, FieldIssue>;

/** "1.5", "1,5", "2", 1.25 → hundredths, or the translation key of what is wrong. */
export function quantityToHundredths(raw: string | number): { hundredths: number } | { error: string } {
  const text = typeof raw === 'number' ? (Number.isFinite(raw) ? String(raw) : 'x') : raw.trim();
  if (text === '') return { error: FIELD_MESSAGES.required };
  if (/^-/.test(text)) return { error: WORK_ORDER_MESSAGES.quantityPositive };
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(text);
  if (!match) return { error: WORK_ORDER_MESSAGES.quantityInvalid };
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { error: WORK_ORDER_MESSAGES.quantityDecimals };
  const hundredths = Number(match[1]) * 100 + Number(fraction.padEnd(2, '0'));
  if (hundredths <= 0) return { error: WORK_ORDER_MESSAGES.quantityPositive };
  if (hundredths > QUANTITY_MAX_HUNDREDTHS) return { error: WORK_ORDER_MESSAGES.quantityTooLarge };
  return { hundredths };
}

/**
 * Dollars as typed ("125.50", "$1,250", "12,50") → integer cents ≥ 0, or the key of what is
 * wrong: a sign (negative), more than two decimals (a fraction of a cent), not an amount.
 */
export function dollarsToCents(raw: string): { cents: number } | { error: string } {
  const text = raw.trim();
  if (text === '') return { error: FIELD_MESSAGES.required };
  if (/^-/.test(text.replace(/^\$/, ''))) return { error: WORK_ORDER_MESSAGES.amountNegative };
  const cents = parseDollars(text.startsWith('.') ? `0${text}` : text);
  if (cents === null) {
    if (/^\$?[\d,.]*[.,]\d{3,}$/.test(text.replace(/\s/g, '')) && !/,\d{3}$/.test(text))
      return { error: WORK_ORDER_MESSAGES.amountFractionalCents };
    return { error: WORK_ORDER_MESSAGES.amountInvalid };
  }
  if (cents > INVOICE_AMOUNT_MAX_CENTS) return { error: WORK_ORDER_MESSAGES.amountTooLarge };
  return { cents };
}

/** `value` as a whole number of cents ≥ 0 within the cap, or the key of what is wrong. */
function checkCents(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return WORK_ORDER_MESSAGES.amountInvalid;
  if (value < 0) return WORK_ORDER_MESSAGES.amountNegative;
  if (!Number.isInteger(value)) return WORK_ORDER_MESSAGES.amountFractionalCents;
  if (value > INVOICE_AMOUNT_MAX_CENTS) return WORK_ORDER_MESSAGES.amountTooLarge;
  return null;
}

const NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._/#-]*$/;

/**
 * Checks an invoice and computes its amounts (decision 029, "Bad input"): a number
 * (1–40 characters: letters, digits, space . _ / # -), 1–50 lines, each of kind labour or
 * materials with a description, a quantity > 0 with at most two decimals and a unit price in
 * whole cents ≥ 0, whose amount `quantity × unit price` must be a whole number of cents; tax in
 * whole cents ≥ 0; the total (subtotal + tax) at most $10,000,000. Answers the checked invoice,
 * or every problem keyed by the form's field names (nothing is rounded away).
 */
export function validateInvoice(input: InvoiceInput): { ok: true; invoice: ValidInvoice } | { ok: false; errors: InvoiceErrors } {
  const errors: InvoiceErrors = {};
  const workOrderId = input.workOrderId;
  if (!Number.isSafeInteger(workOrderId) || workOrderId < 1 || workOrderId > 2_147_483_647)
    errors.workOrderId = { key: WORK_ORDER_MESSAGES.workOrder };
  const number = cleanLine(String(input.number ?? ''));
  if (number === '') errors.number = { key: FIELD_MESSAGES.required };
  else if (number.length > INVOICE_NUMBER_MAX) errors.number = { key: FIELD_MESSAGES.tooLong, max: INVOICE_NUMBER_MAX };
  else if (!NUMBER_PATTERN.test(number)) errors.number = { key: WORK_ORDER_MESSAGES.invoiceNumber };
  const notes = cleanMultiline(String(input.notes ?? ''));
  if (notes.length > INVOICE_NOTES_MAX) errors.notes = { key: FIELD_MESSAGES.tooLong, max: INVOICE_NOTES_MAX };
  const taxProblem = checkCents(input.taxCents);
  if (taxProblem) errors.tax = { key: taxProblem };

  const rawLines = Array.isArray(input.lines) ? input.lines : [];
  if (rawLines.length === 0) errors.lines = { key: WORK_ORDER_MESSAGES.noLines };
  if (rawLines.length > INVOICE_LINES_MAX) errors.lines = { key: WORK_ORDER_MESSAGES.tooManyLines, max: INVOICE_LINES_MAX };
  const lines: ValidInvoiceLine[] = [];
  rawLines.slice(0, INVOICE_LINES_MAX).forEach((line, index) => {
    const at = (field: string) => `lines.${index}.${field}`;
    const kind = (INVOICE_LINE_KINDS as readonly string[]).includes(line.kind) ? (line.kind as InvoiceLineKind) : null;
    if (!kind) errors[at('kind')] = { key: WORK_ORDER_MESSAGES.lineKind };
    const description = cleanLine(String(line.description ?? ''));
    if (description === '') errors[at('description')] = { key: FIELD_MESSAGES.required };
    else if (description.length > LINE_DESCRIPTION_MAX)
      errors[at('description')] = { key: FIELD_MESSAGES.tooLong, max: LINE_DESCRIPTION_MAX };
    const quantity = quantityToHundredths(line.quantity);
    if ('error' in quantity) errors[at('quantity')] = { key: quantity.error };
    const unitProblem = checkCents(line.unitCents);
    if (unitProblem) errors[at('unitPrice')] = { key: unitProblem };
    if (!kind || 'error' in quantity || unitProblem || description === '' || description.length > LINE_DESCRIPTION_MAX) return;
    // hundredths × cents / 100 must be whole: computed exactly (BigInt), never as a float.
    const product = BigInt(quantity.hundredths) * BigInt(line.unitCents);
    if (product % 100n !== 0n) {
      errors[at('amount')] = { key: WORK_ORDER_MESSAGES.lineFractionalCents };
      return;
    }
    const amount = product / 100n;
    if (amount > BigInt(INVOICE_AMOUNT_MAX_CENTS)) {
      errors[at('amount')] = { key: WORK_ORDER_MESSAGES.amountTooLarge };
      return;
    }
    lines.push({ kind, description, quantityHundredths: quantity.hundredths, unitCents: line.unitCents, amountCents: Number(amount) });
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const totalCents = subtotalCents + input.taxCents;
  if (totalCents > INVOICE_AMOUNT_MAX_CENTS) return { ok: false, errors: { lines: { key: WORK_ORDER_MESSAGES.totalTooLarge } } };
  return { ok: true, invoice: { workOrderId, number, lines, subtotalCents, taxCents: input.taxCents, totalCents, notes: notes || null } };
}

/** How many line rows the form's fields hold (`lines.<i>.*`), capped one above the limit so "too many" can be said. */
function lineIndexes(fields: Record<string, string>): number[] {
  const indexes = new Set<number>();
  for (const name of Object.keys(fields)) {
    const match = /^lines\.(\d{1,3})\.(kind|description|quantity|unitPrice)$/.exec(name);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes].sort((a, b) => a - b).slice(0, INVOICE_LINES_MAX + 1);
}

/**
 * The invoice form's fields (`workOrderId`, `number`, `tax` in dollars, `notes`, and per row
 * `lines.<i>.kind|description|quantity|unitPrice`, the price in dollars) → an `InvoiceInput`,
 * with the problems of the dollar fields (a sign, a fraction of a cent…) keyed like
 * `validateInvoice`'s. Rows with neither a description nor a price are dropped. Client-safe: the form shows the
 * same totals the server will compute.
 */
export function readInvoiceForm(fields: Record<string, string>): { input: InvoiceInput; errors: InvoiceErrors } {
  const errors: InvoiceErrors = {};
  const workOrderRaw = fields.workOrderId ?? '';
  const workOrderId = /^\d{1,10}$/.test(workOrderRaw) ? Number(workOrderRaw) : 0;
  const tax = dollarsToCents(fields.tax?.trim() ? fields.tax : '0');
  if ('error' in tax) errors.tax = { key: tax.error };
  const lines: InvoiceLineInput[] = [];
  for (const index of lineIndexes(fields)) {
    const value = (field: string) => fields[`lines.${index}.${field}`] ?? '';
    // A row with neither a description nor a price is a spare row left empty (its quantity may hold the default 1).
    if ([value('description'), value('unitPrice')].every((text) => text.trim() === '')) continue;
    const row = lines.length;
    const unit = dollarsToCents(value('unitPrice'));
    if ('error' in unit) errors[`lines.${row}.unitPrice`] = { key: unit.error };
    lines.push({
      kind: value('kind'),
      description: value('description'),
      quantity: value('quantity'),
      unitCents: 'cents' in unit ? unit.cents : 0,
    });
  }
  return {
    input: { workOrderId, number: fields.number ?? '', lines, taxCents: 'cents' in tax ? tax.cents : 0, notes: fields.notes ?? '' },
    errors,
  };
}

/** A quantity in hundredths as typed back ("1.5", "2"). */
export function formatQuantity(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const fraction = hundredths % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}
