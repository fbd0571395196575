/**
 * What every work-order flow's inputs share (decision 044): the life cycle's status values, the
 * invoice's, a route's `:id`, the id and reason fields, and the translation keys of those fields
 * (`workOrders.errors.*`). The flows' own inputs live beside it: `work-order-lists.schemas.ts`
 * (query strings of the vendor's and the staff lists), `assignments.schemas.ts` (staff commands),
 * `vendor-response.schemas.ts` (decline, schedule), `completion.schemas.ts` (status notes,
 * completion), `invoices.schemas.ts` (the invoice, its review and payout). Client-safe.
 */
import { z } from 'zod';
import { FIELD_MESSAGES, cleanMultiline } from '~/lib/form-fields';
import { INT4_MAX, parseId } from '~/lib/ids';

/** The work order's life cycle (mirrors the `work_order_status` enum; a test keeps them equal). */
export const WORK_ORDER_STATUS_VALUES = ['offered', 'accepted', 'declined', 'scheduled', 'in_progress', 'completed', 'cancelled'] as const;
export type WorkOrderStatusValue = (typeof WORK_ORDER_STATUS_VALUES)[number];
export const INVOICE_STATUS_VALUES = ['submitted', 'approved', 'rejected', 'paid'] as const;
export type InvoiceStatusValue = (typeof INVOICE_STATUS_VALUES)[number];

/** Reasons (decline, cancel, reassign, reject), at most this long. */
export const REASON_MAX = 500;

/** Translation keys of the fields more than one flow reads. */
export const WORK_ORDER_MESSAGES = {
  status: 'workOrders.errors.filterStatus',
  building: 'workOrders.errors.filterBuilding',
  vendor: 'workOrders.errors.filterVendor',
  workOrder: 'workOrders.errors.workOrderField',
} as const;

/** A route's `:id`, or null for anything but a positive int4. */
export function parseRouteId(raw: string | undefined): number | null {
  return parseId(raw);
}

/** An empty or missing query value reads as "not given" (a field of a list or a form). */
export const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/** A positive int4 id typed as digits. */
export function idField(message: string) {
  return z
    .string()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .refine((id) => id >= 1 && id <= INT4_MAX, message);
}

/** A reason (decline, cancel, reassign, reject): required, at most REASON_MAX characters. */
export const reasonField = z.string().overwrite(cleanMultiline).min(1, FIELD_MESSAGES.required).max(REASON_MAX, FIELD_MESSAGES.tooLong);
