/**
 * What the staff maintenance queue (decision 026: /admin/maintenance and a property manager's
 * /dashboard/maintenance) shares between server and browser: the query string of the queue
 * (`?building=&priority=&status=&category=&age=&breached=1&sort=&view=&after=`), read and written
 * the same way by loaders and links, and the shapes its loaders and actions answer. Dates are ISO
 * instants (UTC). Client-safe: no server imports.
 */
import type { ActionResult } from '~/lib/action-result';
import { instantCursor } from '~/lib/keyset-cursor';
import { z } from 'zod';
import { INT4_MAX } from '~/lib/ids';
import { MAINTENANCE_CATEGORY_VALUES, MAINTENANCE_PRIORITY_VALUES, MAINTENANCE_STATUS_VALUES } from './tenant-requests.schemas';
import type { EntryWindow, RequestReport } from '~/features/work-orders/entry-windows';

/**
 * The enums of the model (mirrors of `maintenance_*` in the schema; a test keeps them equal): the
 * very lists the tenant's forms validate against, so the queue and the forms cannot drift apart.
 */
export const QUEUE_CATEGORIES = MAINTENANCE_CATEGORY_VALUES;
export const QUEUE_PRIORITIES = MAINTENANCE_PRIORITY_VALUES;
export const QUEUE_STATUSES = MAINTENANCE_STATUS_VALUES;
export type QueueCategory = (typeof QUEUE_CATEGORIES)[number];
export type QueuePriority = (typeof QUEUE_PRIORITIES)[number];
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

/** The statuses still needing work (the queue's default filter; `OPEN_MAINTENANCE_STATUSES`). */
export const QUEUE_OPEN_STATUSES = ['submitted', 'triaged', 'scheduled', 'in_progress'] as const satisfies readonly QueueStatus[];
/** The board's columns, in order. */
export const BOARD_STATUSES = ['submitted', 'triaged', 'scheduled', 'in_progress', 'completed'] as const satisfies readonly QueueStatus[];
export type BoardStatus = (typeof BOARD_STATUSES)[number];

/** The status filter: the open ones (default), every status, or one. */
export const STATUS_FILTERS = ['open', 'all', ...QUEUE_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
/** "Older than N days". */
export const AGE_FILTERS = [1, 3, 7, 14, 30] as const;
export type AgeFilter = (typeof AGE_FILTERS)[number];
export const QUEUE_SORTS = ['newest', 'oldest', 'sla'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];
export const QUEUE_VIEWS = ['list', 'board'] as const;
export type QueueView = (typeof QUEUE_VIEWS)[number];

/** Rows per list page; cards per board column. */
export const QUEUE_PAGE_SIZE = 25;
export const BOARD_COLUMN_SIZE = 10;
/** A board column counts at most this many (shown as "100+"): counting every completed request of a portfolio costs more than the board. */
export const BOARD_COUNT_CAP = 100;

/** Where the pages live: the admin area or the manager's dashboard. */
export type QueueBase = '/admin/maintenance' | '/dashboard/maintenance';

/** A keyset position: the sort key of the row (an instant as PostgreSQL prints it, UTC, microseconds) and its id. */
export type QueueCursor = { at: string; id: number };

/** The list's cursors: an instant (decision 037, `app/lib/keyset-cursor.ts`). */
const CURSOR = instantCursor();

/** `2026-11-22T12:00:00.123456Z_42` → the cursor, or null. */
export function parseQueueCursor(raw: string | null | undefined): QueueCursor | null {
  const cursor = CURSOR.parse(raw);
  return cursor && { at: cursor.key, id: cursor.id };
}

export function formatQueueCursor(cursor: QueueCursor): string {
  return CURSOR.format({ key: cursor.at, id: cursor.id });
}

export type QueueFilters = {
  buildingId: number | null;
  priority: QueuePriority | null;
  status: StatusFilter;
  category: QueueCategory | null;
  /** Only requests created more than this many days ago. */
  age: AgeFilter | null;
  /** Only requests flagged as past their SLA target. */
  breached: boolean;
  sort: QueueSort;
  view: QueueView;
  /** The rows after this one in the chosen order (list view), or the first page. */
  after: QueueCursor | null;
};

/** A value the filter does not know reads as "no filter" (never a 500, never an error page). */
const lenient = <T extends z.ZodType>(schema: T, fallback: z.infer<T>) => schema.catch(fallback);

const filterSchema = z.object({
  building: lenient(
    z
      .string()
      .regex(/^\d{1,10}$/)
      .transform(Number)
      .refine((id) => id >= 1 && id <= INT4_MAX)
      .nullable(),
    null,
  ),
  priority: lenient(z.enum(QUEUE_PRIORITIES).nullable(), null),
  status: lenient(z.enum(STATUS_FILTERS), 'open'),
  category: lenient(z.enum(QUEUE_CATEGORIES).nullable(), null),
  age: lenient(
    z
      .enum(AGE_FILTERS.map(String) as [string, ...string[]])
      .transform((days) => Number(days) as AgeFilter)
      .nullable(),
    null,
  ),
  breached: lenient(
    z
      .enum(['1', 'on', 'true'])
      .transform(() => true)
      .nullable(),
    null,
  ),
  sort: lenient(z.enum(QUEUE_SORTS), 'newest'),
  view: lenient(z.enum(QUEUE_VIEWS), 'list'),
  after: lenient(z.string().nullable(), null),
});

/** The filters in `params`, cleaned: a value that is not one of the choices means "no filter"; a bad cursor the first page. */
export function parseQueueFilters(params: URLSearchParams): QueueFilters {
  const read = (name: string) => {
    const value = params.get(name);
    return value === null || value === '' ? null : value.slice(0, 100);
  };
  const parsed = filterSchema.parse({
    building: read('building'),
    priority: read('priority'),
    status: read('status') ?? 'open',
    category: read('category'),
    age: read('age'),
    breached: read('breached'),
    sort: read('sort') ?? 'newest',
    view: read('view') ?? 'list',
    after: read('after'),
  });
  return {
    buildingId: parsed.building,
    priority: parsed.priority,
    status: parsed.status,
    category: parsed.category,
    age: parsed.age,
    breached: parsed.breached === true,
    sort: parsed.sort,
    view: parsed.view,
    after: parseQueueCursor(parsed.after),
  };
}

/** The default queue: open requests, newest first, first page. */
export const DEFAULT_QUEUE_FILTERS: QueueFilters = {
  buildingId: null,
  priority: null,
  status: 'open',
  category: null,
  age: null,
  breached: false,
  sort: 'newest',
  view: 'list',
  after: null,
};

/** True when any filter narrows the queue beyond the default (open requests). */
export function hasQueueFilters(filters: QueueFilters): boolean {
  return (
    filters.buildingId !== null ||
    filters.priority !== null ||
    filters.status !== 'open' ||
    filters.category !== null ||
    filters.age !== null ||
    filters.breached
  );
}

/** The queue at `base` with `filters` changed by `changes` (default: keep the cursor; `after: null` for the first page). */
export function queueHref(base: QueueBase, filters: QueueFilters, changes: Partial<QueueFilters> = {}): string {
  const next = { ...filters, ...changes };
  const params = new URLSearchParams();
  if (next.buildingId) params.set('building', String(next.buildingId));
  if (next.priority) params.set('priority', next.priority);
  if (next.status !== 'open') params.set('status', next.status);
  if (next.category) params.set('category', next.category);
  if (next.age) params.set('age', String(next.age));
  if (next.breached) params.set('breached', '1');
  if (next.sort !== 'newest') params.set('sort', next.sort);
  if (next.view !== 'list') params.set('view', next.view);
  if (next.after && next.view === 'list') params.set('after', formatQueueCursor(next.after));
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

/** One request as the queue and the board show it. */
export type QueueItem = {
  id: number;
  title: string;
  category: QueueCategory;
  priority: QueuePriority;
  status: QueueStatus;
  createdAt: string;
  slaDueAt: string;
  firstResponseAt: string | null;
  slaBreachedAt: string | null;
  buildingId: number | null;
  buildingName: string | null;
  unitNumber: string | null;
  tenantName: string | null;
  photoCount: number;
};

/** One page of the queue: no total (counting 100,000 requests costs more than the page). */
export type QueuePage = { items: QueueItem[]; next: QueueCursor | null };

/** The board: per status column, its first cards and how many there are (capped at BOARD_COUNT_CAP). */
export type QueueBoard = { columns: { status: BoardStatus; count: number; capped: boolean; items: QueueItem[] }[] };

/** An entry window the tenant gave: a date and a time range (HH:MM). */
export type { EntryWindow };

/** One entry of a request's timeline. */
export type TimelineEntry = {
  id: number;
  kind: string;
  fromStatus: QueueStatus | null;
  toStatus: QueueStatus | null;
  body: string | null;
  internal: boolean;
  photoUrls: string[];
  actorName: string | null;
  createdAt: string;
};

/** A work order of the request, as the detail page lists it. */
export type RequestWorkOrder = {
  id: number;
  status: string;
  vendorId: number;
  vendorName: string;
  instructions: string | null;
  scheduledFor: string | null;
  dueAt: string | null;
  createdAt: string;
};

/** A vendor as the assignment picker offers it, with why it fits (or why it cannot take work). */
export type VendorChoice = {
  id: number;
  companyName: string;
  trades: string[];
  insuranceExpiry: string | null;
  /** Offers the trade the request's category needs. */
  matchesTrade: boolean;
  /** Serves the building's state. */
  servesState: boolean;
  /** Null when it may be given work; else the `workOrders.errors.*` key of the refusal. */
  ineligible: string | null;
  rating: number | null;
};

/** Everything the detail page shows about one request. */
export type RequestDetail = QueueItem &
  RequestReport & {
    rating: number | null;
    ratingComment: string | null;
    completedAt: string | null;
    closedAt: string | null;
    cancelledAt: string | null;
    cancelReason: string | null;
    unitId: number;
    unitTitle: string;
    address: string;
    city: string;
    state: string;
    tenant: { id: string; name: string; email: string; phone: string | null } | null;
    timeline: TimelineEntry[];
    workOrders: RequestWorkOrder[];
    /** The open work order, if any (at most one). */
    openWorkOrderId: number | null;
  };

/** The commands of the detail page, posted as `intent`. */
export const REQUEST_INTENTS = ['triage', 'note', 'comment', 'assign', 'cancel', 'close'] as const;
export type RequestIntent = (typeof REQUEST_INTENTS)[number];

export function isRequestIntent(value: unknown): value is RequestIntent {
  return typeof value === 'string' && (REQUEST_INTENTS as readonly string[]).includes(value);
}

/** What the detail page's action answers (decision 037). */
export type RequestActionResult = ActionResult<RequestIntent>;
