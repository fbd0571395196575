/**
 * The query strings of the vendor's work-order list (`/vendor-portal/work-orders`) and the staff
 * assignments list (`/admin/assignments`, `/dashboard/assignments`): their filters, the keyset
 * cursor, page sizes, and the links that carry the filters. A bad field empties the list and
 * keeps the good filters. Messages are translation keys (`workOrders.errors.*`,
 * `common.form.*`). Client-safe.
 */
import { instantCursor } from '~/lib/keyset-cursor';
import { z } from 'zod';
import { FIELD_MESSAGES, cleanLine } from '~/lib/form-fields';
import { idField, optionalField, WORK_ORDER_MESSAGES, WORK_ORDER_STATUS_VALUES, type WorkOrderStatusValue } from './work-orders.schemas';

/** The statuses a vendor's overview counts (the issue's "new, accepted, scheduled, in progress, completed"). */
export const VENDOR_OVERVIEW_STATUSES = [
  'offered',
  'accepted',
  'scheduled',
  'in_progress',
  'completed',
] as const satisfies readonly WorkOrderStatusValue[];
/** Rows per page of the vendor's list. */
export const VENDOR_WORK_ORDERS_PAGE_SIZE = 25;
/** Rows per page of the staff list. */
export const ASSIGNMENTS_PAGE_SIZE = 50;
/** The text search of the vendor's list, and a city, at most this long. */
export const SEARCH_MAX = 100;

const LIST_MESSAGES = { cursor: 'workOrders.errors.filterCursor' } as const;

/** A keyset position: the row's exact `created_at` (microseconds, UTC) and id. */
export type WorkOrderCursor = { createdAt: string; id: number };

/** The list's cursors: an instant (decision 037, `app/lib/keyset-cursor.ts`). */
const CURSOR = instantCursor();

/** `2026-11-22T12:00:00.123456Z_42` → the cursor, or null. */
export function parseWorkOrderCursor(raw: string): WorkOrderCursor | null {
  const cursor = CURSOR.parse(raw);
  return cursor && { createdAt: cursor.key, id: cursor.id };
}

export function formatWorkOrderCursor(cursor: WorkOrderCursor): string {
  return CURSOR.format({ key: cursor.createdAt, id: cursor.id });
}

const cursorField = z.string().transform((raw, ctx) => {
  const cursor = parseWorkOrderCursor(raw);
  if (!cursor) ctx.addIssue({ code: 'custom', message: LIST_MESSAGES.cursor });
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
  status: optionalField(z.enum(WORK_ORDER_STATUS_VALUES, WORK_ORDER_MESSAGES.status)),
  building: optionalField(idField(WORK_ORDER_MESSAGES.building)),
  city: optionalField(z.string().overwrite(cleanLine).max(SEARCH_MAX, FIELD_MESSAGES.tooLong)),
  q: optionalField(z.string().overwrite(cleanLine).max(SEARCH_MAX, FIELD_MESSAGES.tooLong)),
  cursor: optionalField(cursorField),
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
  status: optionalField(z.enum(WORK_ORDER_STATUS_VALUES, WORK_ORDER_MESSAGES.status)),
  vendor: optionalField(idField(WORK_ORDER_MESSAGES.vendor)),
  building: optionalField(idField(WORK_ORDER_MESSAGES.building)),
  overdue: optionalField(z.string()),
  cursor: optionalField(cursorField),
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
