/**
 * The tenant's maintenance forms (decision 027), shared by the page, the scripted
 * form with its offline queue, and the server that validates every field again: a new request
 * (unit, category, priority, title, description, where in the unit, permission to enter with up
 * to three time windows, notes for the visit, the device's client id), a comment, a cancellation
 * and a rating. Messages are translation keys (`translateIssues`). Client-safe.
 */
import { z } from 'zod';
import { addIsoDays } from '~/lib/time-zones';
import { FIELD_MESSAGES, cleanLine, cleanMultiline } from '~/lib/form-fields';
import { INT4_MAX } from '~/lib/ids';
import type { EntryWindow } from '~/features/work-orders/entry-windows';

/** What a tenant may report (the `maintenance_category` enum; a test keeps them equal). */
export const MAINTENANCE_CATEGORY_VALUES = [
  'plumbing',
  'electrical',
  'hvac',
  'appliance',
  'pest_control',
  'locks_doors',
  'structural',
  'other',
] as const;
/** How urgent it is (the `maintenance_priority` enum). */
export const MAINTENANCE_PRIORITY_VALUES = ['emergency', 'urgent', 'routine'] as const;
/** The life cycle's statuses in order (the `maintenance_status` enum), `cancelled` last. */
export const MAINTENANCE_STATUS_VALUES = ['submitted', 'triaged', 'scheduled', 'in_progress', 'completed', 'closed', 'cancelled'] as const;
export type TenantMaintenanceStatus = (typeof MAINTENANCE_STATUS_VALUES)[number];
/** Statuses in which the tenant may still cancel (nobody has been sent yet). */
export const TENANT_CANCELLABLE_STATUSES = ['submitted', 'triaged'] as const satisfies readonly TenantMaintenanceStatus[];
/** Statuses in which the tenant may rate the work (once). */
export const TENANT_RATABLE_STATUSES = ['completed', 'closed'] as const satisfies readonly TenantMaintenanceStatus[];
/** Statuses in which the conversation is over (no more comments). */
export const FINISHED_MAINTENANCE_STATUSES = ['closed', 'cancelled'] as const satisfies readonly TenantMaintenanceStatus[];

/** At most this many photos per request (the issue: "up to 5 photos"). */
export const MAINTENANCE_MAX_PHOTOS = 5;
/** At most this many time windows for the visit. */
export const ENTRY_WINDOW_SLOTS = 3;
/** How far ahead a time window may be (days). */
export const ENTRY_WINDOW_MAX_DAYS = 60;
/** A tenant's list shows this many requests a page. */
export const TENANT_REQUESTS_PAGE_SIZE = 20;

export const MAINTENANCE_LIMITS = {
  title: 120,
  description: 5000,
  location: 120,
  entryNotes: 500,
  comment: 2000,
  ratingComment: 2000,
  cancelReason: 500,
} as const;

export const MAINTENANCE_MESSAGES = {
  category: 'maintenance.errors.category',
  priority: 'maintenance.errors.priority',
  unit: 'maintenance.errors.unit',
  windowDate: 'maintenance.errors.windowDate',
  windowPast: 'maintenance.errors.windowPast',
  windowFar: 'maintenance.errors.windowFar',
  windowTime: 'maintenance.errors.windowTime',
  windowOrder: 'maintenance.errors.windowOrder',
  rating: 'maintenance.errors.rating',
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const text = (max: number) => z.string().overwrite(cleanLine).max(max, FIELD_MESSAGES.tooLong);
const multiline = (max: number) => z.string().overwrite(cleanMultiline).max(max, FIELD_MESSAGES.tooLong);
const checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true' || value === '1');

/**
 * A new request. `today` (YYYY-MM-DD, UTC) bounds the windows: from yesterday (a home ahead of
 * UTC) to ENTRY_WINDOW_MAX_DAYS ahead. Field errors of window `i` are reported on
 * `windowDate{i}` / `windowFrom{i}` / `windowTo{i}` (see `maintenanceFormErrorsPath`).
 */
export function maintenanceRequestSchema(today: string) {
  const earliest = addIsoDays(today, -1);
  const latest = addIsoDays(today, ENTRY_WINDOW_MAX_DAYS);
  const window = z.object({ date: z.string().trim(), from: z.string().trim(), to: z.string().trim() }).superRefine((value, ctx) => {
    if (!isRealDate(value.date)) ctx.addIssue({ code: 'custom', path: ['date'], message: MAINTENANCE_MESSAGES.windowDate });
    else if (value.date < earliest) ctx.addIssue({ code: 'custom', path: ['date'], message: MAINTENANCE_MESSAGES.windowPast });
    else if (value.date > latest) ctx.addIssue({ code: 'custom', path: ['date'], message: MAINTENANCE_MESSAGES.windowFar });
    if (!HH_MM.test(value.from)) ctx.addIssue({ code: 'custom', path: ['from'], message: MAINTENANCE_MESSAGES.windowTime });
    if (!HH_MM.test(value.to)) ctx.addIssue({ code: 'custom', path: ['to'], message: MAINTENANCE_MESSAGES.windowTime });
    else if (HH_MM.test(value.from) && value.to <= value.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: MAINTENANCE_MESSAGES.windowOrder });
  });
  return z.object({
    unitId: z.coerce
      .number({ error: MAINTENANCE_MESSAGES.unit })
      .int(MAINTENANCE_MESSAGES.unit)
      .min(1, MAINTENANCE_MESSAGES.unit)
      .max(INT4_MAX, MAINTENANCE_MESSAGES.unit),
    category: z.enum(MAINTENANCE_CATEGORY_VALUES, { error: MAINTENANCE_MESSAGES.category }),
    priority: z.enum(MAINTENANCE_PRIORITY_VALUES, { error: MAINTENANCE_MESSAGES.priority }),
    title: text(MAINTENANCE_LIMITS.title).min(1, FIELD_MESSAGES.required),
    description: multiline(MAINTENANCE_LIMITS.description).min(1, FIELD_MESSAGES.required),
    location: text(MAINTENANCE_LIMITS.location).default(''),
    permissionToEnter: checkbox,
    entryWindows: z.array(window).max(ENTRY_WINDOW_SLOTS).default([]),
    entryNotes: multiline(MAINTENANCE_LIMITS.entryNotes).default(''),
    clientId: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .pipe(z.uuid({ error: FIELD_MESSAGES.invalid }).optional()),
  });
}

export type MaintenanceRequestInput = z.output<ReturnType<typeof maintenanceRequestSchema>>;

/**
 * The schema's input from a submitted form's text fields: the window rows
 * (`windowDate{i}`, `windowFrom{i}`, `windowTo{i}`) become `entryWindows`, rows left wholly empty
 * are dropped and a half-filled row is kept (so it is refused, not silently lost). Answers the
 * object and, per kept window, the form row it came from (for the errors).
 */
export function maintenanceFormValues(fields: Record<string, string>): { values: Record<string, unknown>; rows: number[] } {
  const entryWindows: EntryWindow[] = [];
  const rows: number[] = [];
  for (let i = 0; i < ENTRY_WINDOW_SLOTS; i += 1) {
    const row = { date: fields[`windowDate${i}`] ?? '', from: fields[`windowFrom${i}`] ?? '', to: fields[`windowTo${i}`] ?? '' };
    if (!row.date.trim() && !row.from.trim() && !row.to.trim()) continue;
    entryWindows.push(row);
    rows.push(i);
  }
  const { unitId, category, priority, title, description, location, permissionToEnter, entryNotes, clientId } = fields;
  return {
    values: { unitId, category, priority, title, description, location, permissionToEnter, entryNotes, clientId, entryWindows },
    rows,
  };
}

/**
 * The form field an issue of the request schema belongs to: `entryWindows.{k}.date` → the
 * `windowDate{row}` of the k-th kept row; everything else its own name.
 */
export function maintenanceFormErrorsPath(path: readonly PropertyKey[], rows: readonly number[]): string {
  if (path[0] === 'entryWindows' && typeof path[1] === 'number') {
    const row = rows[path[1]] ?? path[1];
    const part = path[2] === 'from' ? 'From' : path[2] === 'to' ? 'To' : 'Date';
    return `window${part}${row}`;
  }
  return typeof path[0] === 'string' ? path[0] : 'form';
}

/** A comment on one's own request. */
export const maintenanceCommentSchema = z.object({
  body: multiline(MAINTENANCE_LIMITS.comment).min(1, FIELD_MESSAGES.required),
});

/** Cancelling one's own request (the reason is optional). */
export const maintenanceCancelSchema = z.object({
  reason: multiline(MAINTENANCE_LIMITS.cancelReason).default(''),
});

/** Rating the finished work: 1–5 stars and an optional comment. */
export const maintenanceRatingSchema = z.object({
  rating: z.coerce
    .number({ error: MAINTENANCE_MESSAGES.rating })
    .int(MAINTENANCE_MESSAGES.rating)
    .min(1, MAINTENANCE_MESSAGES.rating)
    .max(5, MAINTENANCE_MESSAGES.rating),
  comment: multiline(MAINTENANCE_LIMITS.ratingComment).default(''),
});

/** The tenant's pages of a request. */
export function tenantRequestPath(requestId: number): string {
  return `/tenant-portal/maintenance/${requestId}`;
}

/** Where the scripted form (and the offline queue) posts a new request: multipart, JSON answer. */
export const MAINTENANCE_REQUESTS_API = '/api/maintenance-requests';
