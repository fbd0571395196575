/**
 * The forms of a maintenance request's staff page (decision 026): triage, note/comment, assign
 * to a vendor, cancel, close. Every message is a translation key (`maintenanceQueue.errors.*`,
 * `common.form.*`); the server validates with these schemas again. Client-safe.
 */
import { isIsoDate } from '~/lib/iso-date';
import { z } from 'zod';
import { cleanMultiline, FIELD_MESSAGES } from '~/lib/form-fields';
import { QUEUE_CATEGORIES, QUEUE_PRIORITIES } from './queue.types';
import { INT4_MAX } from '~/lib/ids';

/** A note or comment, at most this long. */
export const NOTE_MAX = 2000;
/** Instructions to the vendor, at most this long. */
export const INSTRUCTIONS_MAX = 2000;
/** A cancellation reason, at most this long. */
export const CANCEL_REASON_MAX = 500;

export const QUEUE_MESSAGES = {
  priority: 'maintenanceQueue.errors.priority',
  category: 'maintenanceQueue.errors.category',
  vendor: 'maintenanceQueue.errors.vendor',
  dueDate: 'maintenanceQueue.errors.dueDate',
} as const;

const requiredText = (max: number) =>
  z.string(FIELD_MESSAGES.required).overwrite(cleanMultiline).min(1, FIELD_MESSAGES.required).max(max, FIELD_MESSAGES.tooLong);
const optionalText = (max: number) =>
  z
    .string()
    .overwrite(cleanMultiline)
    .max(max, FIELD_MESSAGES.tooLong)
    .optional()
    .transform((value) => (value ? value : null));

export const triageSchema = z.object({
  priority: z.enum(QUEUE_PRIORITIES, QUEUE_MESSAGES.priority),
  category: z.enum(QUEUE_CATEGORIES, QUEUE_MESSAGES.category),
});

export const noteSchema = z.object({ body: requiredText(NOTE_MAX) });

export const assignSchema = z.object({
  vendorId: z
    .string(QUEUE_MESSAGES.vendor)
    .regex(/^\d{1,10}$/, QUEUE_MESSAGES.vendor)
    .transform(Number)
    .refine((id) => id >= 1 && id <= INT4_MAX, QUEUE_MESSAGES.vendor),
  instructions: optionalText(INSTRUCTIONS_MAX),
  /** The date the work should be done by (end of that day, UTC), or nothing. */
  dueDate: z
    .string()
    .optional()
    .transform((value) => (value ? value.trim() : ''))
    .refine((value) => value === '' || isIsoDate(value), QUEUE_MESSAGES.dueDate)
    .transform((value) => (value ? new Date(`${value}T23:59:59Z`) : null)),
});

export const cancelSchema = z.object({ reason: requiredText(CANCEL_REASON_MAX) });

export const closeSchema = z.object({ note: optionalText(NOTE_MAX) });
