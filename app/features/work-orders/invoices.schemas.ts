/**
 * The vendor's invoice for a completed work order and the staff's review of it: the invoice with
 * its lines (checked and totalled by `validateInvoice`, read from the form by `readInvoiceForm`,
 * the same code in the browser and on the server), rejecting it with a reason and recording its
 * payout. Money is integer cents; a quantity has at most two decimals and is carried as
 * hundredths, so every product is computed on integers. Messages are translation keys
 * (`workOrders.errors.*`, `common.form.*`). Client-safe.
 */
import { z } from 'zod';
import { FIELD_MESSAGES, cleanLine, cleanMultiline } from '~/lib/form-fields';
import { parseDollars } from '~/lib/money';
import { reasonField, WORK_ORDER_MESSAGES } from './work-orders.schemas';
import { isId } from '~/lib/ids';

export const INVOICE_LINE_KINDS = ['labour', 'materials'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];
/** How a payout was made (a subset of `payment_method_kind`). */
export const PAYOUT_METHODS = ['bank_transfer', 'check', 'cash'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
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

const INVOICE_MESSAGES = {
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

/** Reject a submitted invoice (staff). */
export const rejectInvoiceSchema = z.object({ reason: reasonField });

/** Record the payout of an approved invoice (staff). */
export const payInvoiceSchema = z.object({
  method: z.enum(PAYOUT_METHODS, INVOICE_MESSAGES.payoutMethod),
  reference: z.string().overwrite(cleanLine).max(PAYOUT_REFERENCE_MAX, FIELD_MESSAGES.tooLong).default(''),
});

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
  if (/^-/.test(text)) return { error: INVOICE_MESSAGES.quantityPositive };
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(text);
  if (!match) return { error: INVOICE_MESSAGES.quantityInvalid };
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { error: INVOICE_MESSAGES.quantityDecimals };
  const hundredths = Number(match[1]) * 100 + Number(fraction.padEnd(2, '0'));
  if (hundredths <= 0) return { error: INVOICE_MESSAGES.quantityPositive };
  if (hundredths > QUANTITY_MAX_HUNDREDTHS) return { error: INVOICE_MESSAGES.quantityTooLarge };
  return { hundredths };
}

/**
 * Dollars as typed ("125.50", "$1,250", "12,50") → integer cents ≥ 0, or the key of what is
 * wrong: a sign (negative), more than two decimals (a fraction of a cent), not an amount.
 */
export function dollarsToCents(raw: string): { cents: number } | { error: string } {
  const text = raw.trim();
  if (text === '') return { error: FIELD_MESSAGES.required };
  if (/^-/.test(text.replace(/^\$/, ''))) return { error: INVOICE_MESSAGES.amountNegative };
  const cents = parseDollars(text.startsWith('.') ? `0${text}` : text);
  if (cents === null) {
    if (/^\$?[\d,.]*[.,]\d{3,}$/.test(text.replace(/\s/g, '')) && !/,\d{3}$/.test(text))
      return { error: INVOICE_MESSAGES.amountFractionalCents };
    return { error: INVOICE_MESSAGES.amountInvalid };
  }
  if (cents > INVOICE_AMOUNT_MAX_CENTS) return { error: INVOICE_MESSAGES.amountTooLarge };
  return { cents };
}

/** `value` as a whole number of cents ≥ 0 within the cap, or the key of what is wrong. */
function checkCents(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return INVOICE_MESSAGES.amountInvalid;
  if (value < 0) return INVOICE_MESSAGES.amountNegative;
  if (!Number.isInteger(value)) return INVOICE_MESSAGES.amountFractionalCents;
  if (value > INVOICE_AMOUNT_MAX_CENTS) return INVOICE_MESSAGES.amountTooLarge;
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
  if (!isId(workOrderId)) errors.workOrderId = { key: WORK_ORDER_MESSAGES.workOrder };
  const number = cleanLine(String(input.number ?? ''));
  if (number === '') errors.number = { key: FIELD_MESSAGES.required };
  else if (number.length > INVOICE_NUMBER_MAX) errors.number = { key: FIELD_MESSAGES.tooLong, max: INVOICE_NUMBER_MAX };
  else if (!NUMBER_PATTERN.test(number)) errors.number = { key: INVOICE_MESSAGES.invoiceNumber };
  const notes = cleanMultiline(String(input.notes ?? ''));
  if (notes.length > INVOICE_NOTES_MAX) errors.notes = { key: FIELD_MESSAGES.tooLong, max: INVOICE_NOTES_MAX };
  const taxProblem = checkCents(input.taxCents);
  if (taxProblem) errors.tax = { key: taxProblem };

  const rawLines = Array.isArray(input.lines) ? input.lines : [];
  if (rawLines.length === 0) errors.lines = { key: INVOICE_MESSAGES.noLines };
  if (rawLines.length > INVOICE_LINES_MAX) errors.lines = { key: INVOICE_MESSAGES.tooManyLines, max: INVOICE_LINES_MAX };
  const lines: ValidInvoiceLine[] = [];
  rawLines.slice(0, INVOICE_LINES_MAX).forEach((line, index) => {
    const at = (field: string) => `lines.${index}.${field}`;
    const kind = (INVOICE_LINE_KINDS as readonly string[]).includes(line.kind) ? (line.kind as InvoiceLineKind) : null;
    if (!kind) errors[at('kind')] = { key: INVOICE_MESSAGES.lineKind };
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
      errors[at('amount')] = { key: INVOICE_MESSAGES.lineFractionalCents };
      return;
    }
    const amount = product / 100n;
    if (amount > BigInt(INVOICE_AMOUNT_MAX_CENTS)) {
      errors[at('amount')] = { key: INVOICE_MESSAGES.amountTooLarge };
      return;
    }
    lines.push({ kind, description, quantityHundredths: quantity.hundredths, unitCents: line.unitCents, amountCents: Number(amount) });
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const totalCents = subtotalCents + input.taxCents;
  if (totalCents > INVOICE_AMOUNT_MAX_CENTS) return { ok: false, errors: { lines: { key: INVOICE_MESSAGES.totalTooLarge } } };
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
