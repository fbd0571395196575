/**
 * The staff maintenance queue (decision 026): the list with filters and keyset pages, the board
 * by status, one request's detail and the vendors it may be assigned to. Admins see every request;
 * a property manager only those of the buildings they manage (`building.manager_id`), and anyone
 * else's request is "not found", exactly like an unknown id (the caller audits the refusal with
 * `recordDeniedRequestAccess`). Other roles see nothing.
 *
 * Speed (DESIGN §6; p95 ≤ 50 ms at 100,000 requests, tests/bench/maintenance.ts): every list walks
 * one index in the order it shows and stops after a page — open requests by creation or by SLA due
 * time through the partial indexes of migration 0016 (`status` written as the same literal list as
 * their predicate, so the planner can prove it), one status through `maintenance_status_idx`, a
 * building through `maintenance_building_idx`, breached ones through `maintenance_breached_idx`,
 * everything through `maintenance_created_idx` — with keyset pagination (`after`, the sort key and
 * id of the last row) so a deep page costs what the first one does, and no total. A manager's
 * buildings are read first and passed as one array, so their scope is an index condition too.
 * The board is one statement (a branch per status); its columns count at most
 * BOARD_COUNT_CAP rows each.
 */
import { isAdmin, isPropertyManager, isStaffActor } from '~/lib/access';
import { utcToday } from '~/lib/dates';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgSelectBase, SelectedFields } from 'drizzle-orm/pg-core';
import { rowsOf } from '~/server/db/rows.server';
import { vendorEligibilityColumns, vendorIneligibility, VENDOR_INELIGIBILITY_KEYS } from '~/features/work-orders/work-order-core.server';
import { auditRefusalIfExists, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { building, maintenanceEvent, maintenanceRequest, property, user, vendor, workOrder } from '~/server/db/schema';
import {
  BOARD_COLUMN_SIZE,
  BOARD_COUNT_CAP,
  BOARD_STATUSES,
  QUEUE_PAGE_SIZE,
  type BoardStatus,
  type QueueBoard,
  type QueueCategory,
  type QueueFilters,
  type QueueItem,
  type QueuePage,
  type QueueStatus,
  type RequestDetail,
  type TimelineEntry,
  type VendorChoice,
} from './queue.types';
import { parseId } from '~/lib/ids';
import { requestReportOf } from '~/features/work-orders/entry-windows';
import { requestReportColumns, timelineEventColumns } from '~/features/work-orders/maintenance-request-core.server';

/** The acting user as the queue needs it. */
export type QueueActor = Pick<Viewer, 'id' | 'role'>;

/** What the queue's list and board read: the acting staff member, the filters, and the instant request ages count from. */
export type QueueQuery = { db: Db; actor: QueueActor; filters: QueueFilters; now?: Date };

const r = maintenanceRequest;

/** The open statuses as a literal list — the very text of the partial indexes' predicate (see the module note). */
const OPEN_STATUS_SQL = sql.raw(`('submitted', 'triaged', 'scheduled', 'in_progress')`);

/**
 * The scope of `actor` as a condition on `maintenance_request`: undefined for an admin (all), the
 * managed buildings' ids for a property manager, null when they see nothing (no building, or not staff).
 */
export async function queueScope(db: Db, actor: QueueActor): Promise<SQL | undefined | null> {
  // The guard every staff read runs first (DESIGN §4), here so no caller can skip it.
  if (!isStaffActor(actor)) return null;
  if (isAdmin(actor.role)) return undefined;
  if (!isPropertyManager(actor.role)) return null;
  const rows = await db.select({ id: building.id }).from(building).where(eq(building.managerId, actor.id));
  if (rows.length === 0) return null;
  return sql`${r.buildingId} = any(${`{${rows.map((row) => row.id).join(',')}}`}::int[])`;
}

/** The instant `at` as PostgreSQL prints it, UTC with microseconds (keyset cursors must be exact). */
const instantText = (column: SQL | typeof r.createdAt | typeof r.slaDueAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The conditions of `filters` (status aside when `withStatus` is false: the board's columns are statuses). */
function filterConditions(filters: QueueFilters, now: Date, withStatus = true): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (withStatus) {
    if (filters.status === 'open') conditions.push(sql`${r.status} in ${OPEN_STATUS_SQL}`);
    else if (filters.status !== 'all') conditions.push(eq(r.status, filters.status));
  }
  if (filters.buildingId) conditions.push(eq(r.buildingId, filters.buildingId));
  if (filters.priority) conditions.push(eq(r.priority, filters.priority));
  if (filters.category) conditions.push(eq(r.category, filters.category));
  if (filters.age) conditions.push(sql`${r.createdAt} < ${new Date(now.getTime() - filters.age * 86_400_000).toISOString()}::timestamptz`);
  if (filters.breached) conditions.push(sql`${r.slaBreachedAt} is not null`);
  return conditions;
}

/** The ORDER BY, the cursor's column and the keyset condition of `filters.sort`. */
function ordering(filters: QueueFilters) {
  const key = filters.sort === 'sla' ? r.slaDueAt : r.createdAt;
  const ascending = filters.sort === 'sla' || filters.sort === 'oldest';
  const direction = ascending ? asc : desc;
  const comparison = sql.raw(ascending ? '>' : '<');
  return {
    key,
    orderBy: [direction(key), direction(r.id)],
    after: (at: string, id: number) => sql`(${key}, ${r.id}) ${comparison} (${at}::timestamptz, ${id})`,
  };
}

const itemColumns = {
  id: r.id,
  title: r.title,
  category: r.category,
  priority: r.priority,
  status: r.status,
  createdAt: r.createdAt,
  slaDueAt: r.slaDueAt,
  firstResponseAt: r.firstResponseAt,
  slaBreachedAt: r.slaBreachedAt,
  buildingId: r.buildingId,
  buildingName: building.name,
  unitNumber: property.unitNumber,
  tenantName: user.name,
  photoCount: sql<number>`cardinality(${r.photoUrls})`,
};

type ItemRow = {
  id: number;
  title: string;
  category: QueueCategory;
  priority: QueueItem['priority'];
  status: QueueStatus;
  createdAt: Date;
  slaDueAt: Date;
  firstResponseAt: Date | null;
  slaBreachedAt: Date | null;
  buildingId: number | null;
  buildingName: string | null;
  unitNumber: string | null;
  tenantName: string | null;
  photoCount: number;
};

function toItem(row: ItemRow): QueueItem {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    priority: row.priority,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    slaDueAt: row.slaDueAt.toISOString(),
    firstResponseAt: row.firstResponseAt?.toISOString() ?? null,
    slaBreachedAt: row.slaBreachedAt?.toISOString() ?? null,
    buildingId: row.buildingId,
    buildingName: row.buildingName,
    unitNumber: row.unitNumber,
    tenantName: row.tenantName,
    photoCount: Number(row.photoCount),
  };
}

/** The query `selectRequests` builds: `Fields` of `maintenance_request` with its unit, and its building and tenant when there are. */
type RequestsSelect<Fields extends SelectedFields> = PgSelectBase<
  (typeof r)['_']['name'],
  Fields,
  'partial',
  Record<(typeof r | typeof property)['_']['name'], 'not-null'> & Record<(typeof building | typeof user)['_']['name'], 'nullable'>
>;

/** `fields` of requests with their unit (`property`), building and tenant (`user`) joined by key; the caller adds its `where`. */
function selectRequests<Fields extends SelectedFields>(db: Db, fields: Fields): RequestsSelect<Fields> {
  const query = db
    .select(fields as SelectedFields)
    .from(r)
    .innerJoin(property, eq(property.id, r.propertyId))
    .leftJoin(building, eq(building.id, r.buildingId))
    .leftJoin(user, eq(user.id, r.tenantId));
  // Drizzle cannot follow a join chain over a generic selection; this states the type it builds.
  return query as unknown as RequestsSelect<Fields>;
}

/** The requests matching `where`, in `orderBy`, at most `limit`, with their building, unit and tenant. */
function selectItems(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  cursorKey?: SQL | typeof r.createdAt | typeof r.slaDueAt,
) {
  return selectRequests(db, { ...itemColumns, cursorAt: cursorKey ? instantText(cursorKey) : sql<string>`''` })
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
}

/**
 * One page of the queue for `actor` (QUEUE_PAGE_SIZE rows): `filters` — building, priority,
 * status (`open` by default, `all`, or one), category, age (created more than N days before
 * `now`), SLA breached — in the order of `filters.sort` (newest, oldest, SLA due soonest), after
 * `filters.after` (keyset). Answers the rows and the next page's cursor (null on the last page).
 */
export async function findMaintenanceQueue({ db, actor, filters, now = new Date() }: QueueQuery): Promise<QueuePage> {
  const scope = await queueScope(db, actor);
  if (scope === null) return { items: [], next: null };
  const order = ordering(filters);
  const where = and(scope, ...filterConditions(filters, now), filters.after ? order.after(filters.after.at, filters.after.id) : undefined);
  const rows = await selectItems(db, where, order.orderBy, QUEUE_PAGE_SIZE + 1, order.key);
  const page = rows.slice(0, QUEUE_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    next: rows.length > QUEUE_PAGE_SIZE && last ? { at: last.cursorAt, id: last.id } : null,
  };
}

/** An instant column as ISO text with milliseconds (raw queries return text, not dates). */
const isoText = (column: typeof r.createdAt | typeof r.slaDueAt | typeof r.firstResponseAt | typeof r.slaBreachedAt) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The board for `actor`: one column per BOARD_STATUSES status with its first BOARD_COLUMN_SIZE
 * requests (in `filters.sort` order) and how many match (counted up to BOARD_COUNT_CAP; `capped`
 * when there are more). Every filter but status and the cursor applies. One statement: per
 * status (one branch of a UNION ALL each, the status written in so each branch is planned with
 * its own statistics) the first cards' ids and the capped count — small index scans — with the
 * cards' building, unit and tenant joined once; one round trip.
 */
export async function findMaintenanceBoard({ db, actor, filters, now = new Date() }: QueueQuery): Promise<QueueBoard> {
  const empty = { columns: BOARD_STATUSES.map((status) => ({ status, count: 0, capped: false, items: [] })) };
  const scope = await queueScope(db, actor);
  if (scope === null) return empty;
  const order = ordering(filters);
  const where = and(scope, ...filterConditions(filters, now, false));
  const also = where ? sql` and ${where}` : sql``;
  // One branch per status with the status written in, so each is planned with its own statistics:
  // the column's first cards (from maintenance_request alone) and its capped count; the cards'
  // building, unit and tenant are joined once, outside.
  const cardBranches = BOARD_STATUSES.map((status) => {
    const literal = sql.raw(`'${status}'::maintenance_status`);
    return sql`(select ${r.id} as id, ${r.propertyId} as property_id, ${r.tenantId} as tenant_id from ${r} where ${r.status} = ${literal}${also} order by ${sql.join(order.orderBy, sql`, `)} limit ${BOARD_COLUMN_SIZE})`;
  });
  const countBranches = BOARD_STATUSES.map((status) => {
    const literal = sql.raw(`'${status}'::maintenance_status`);
    // Ordered like the status index, so the capped count walks it: a plain LIMIT lets the planner
    // bet on a sequential scan finding enough rows early, which fails when they are the newest.
    return sql`select ${literal} as status, (select count(*)::int from (select 1 from ${r} where ${r.status} = ${literal}${also} order by ${r.createdAt} limit ${BOARD_COUNT_CAP + 1}) capped) as n`;
  });
  const rows = rowsOf<{
    status: BoardStatus;
    n: number | null;
    id: number;
    title: string;
    category: QueueCategory;
    priority: QueueItem['priority'];
    created_at: string;
    sla_due_at: string;
    first_response_at: string | null;
    sla_breached_at: string | null;
    building_id: number | null;
    building_name: string | null;
    unit_number: string | null;
    tenant_name: string | null;
    photo_count: number;
  }>(
    await db.execute(sql`
      with cards as (${sql.join(cardBranches, sql` union all `)})
      select ${r.status} as status, null::int as n, ${r.id} as id, ${r.title} as title, ${r.category} as category, ${r.priority} as priority,
        ${isoText(r.createdAt)} as created_at, ${isoText(r.slaDueAt)} as sla_due_at,
        ${isoText(r.firstResponseAt)} as first_response_at, ${isoText(r.slaBreachedAt)} as sla_breached_at,
        ${r.buildingId} as building_id, ${building.name} as building_name, ${property.unitNumber} as unit_number,
        ${user.name} as tenant_name, cardinality(${r.photoUrls}) as photo_count
      from cards
      join ${r} on ${r.id} = cards.id
      join ${property} on ${property.id} = cards.property_id
      left join ${building} on ${building.id} = ${r.buildingId}
      left join ${user} on ${user.id} = cards.tenant_id
      union all
      select status, n, null, null, null, null, null, null, null, null, null, null, null, null, null from (${sql.join(countBranches, sql` union all `)}) counts`),
  );
  // The cards in the board's order (the union does not keep it): the sort key, then the id.
  const key = (row: (typeof rows)[number]) => (filters.sort === 'sla' ? row.sla_due_at : row.created_at);
  const direction = filters.sort === 'newest' ? -1 : 1;
  const cards = rows
    .filter((row) => row.n === null)
    .sort((a, b) => direction * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : Number(a.id) - Number(b.id)));
  return {
    columns: BOARD_STATUSES.map((status) => {
      const counted = Number(rows.find((row) => row.n !== null && row.status === status)?.n ?? 0);
      return {
        status,
        count: Math.min(counted, BOARD_COUNT_CAP),
        capped: counted > BOARD_COUNT_CAP,
        items: cards
          .filter((row) => row.status === status)
          .map((row) => ({
            id: Number(row.id),
            title: row.title,
            category: row.category,
            priority: row.priority,
            status,
            createdAt: row.created_at,
            slaDueAt: row.sla_due_at,
            firstResponseAt: row.first_response_at,
            slaBreachedAt: row.sla_breached_at,
            buildingId: row.building_id === null ? null : Number(row.building_id),
            buildingName: row.building_name,
            unitNumber: row.unit_number,
            tenantName: row.tenant_name,
            photoCount: Number(row.photo_count),
          })),
      };
    }),
  };
}

/** A plausible request id from a URL, or null. */
export function parseRequestId(raw: string | undefined | null): number | null {
  return parseId(raw);
}

/** True when request `requestId` exists and `actor` may work it (admin: any; manager: their buildings). */
export async function isRequestInScope(db: Db, actor: QueueActor, requestId: number): Promise<boolean> {
  const scope = await queueScope(db, actor);
  if (scope === null) return false;
  const [row] = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.id, requestId), scope))
    .limit(1);
  return row !== undefined;
}

/**
 * Records that `actor` asked for request `requestId` outside their scope (a manager's 404 for
 * another building's request), when that request exists; unknown ids are not logged.
 */
export async function recordDeniedRequestAccess({
  db,
  actor,
  requestId,
  origin,
}: {
  db: Db;
  actor: QueueActor;
  requestId: number | null;
  origin: RequestOrigin;
}): Promise<void> {
  if (requestId === null) return;
  await auditRefusalIfExists(db, actor, { table: 'maintenance_request', id: requestId, reason: 'not_in_scope', origin });
}

/**
 * Everything the detail page shows about request `requestId` for `actor`: the request with its
 * unit, building, tenant and photos, its whole timeline (internal notes included: staff only) and
 * its work orders with their vendors. Null when unknown or outside the actor's scope.
 */
export async function findRequestDetail({
  db,
  actor,
  requestId,
}: {
  db: Db;
  actor: QueueActor;
  requestId: number;
}): Promise<RequestDetail | null> {
  const scope = await queueScope(db, actor);
  if (scope === null) return null;
  const [row] = await selectRequests(db, {
    ...itemColumns,
    ...requestReportColumns,
    rating: r.rating,
    ratingComment: r.ratingComment,
    completedAt: r.completedAt,
    closedAt: r.closedAt,
    cancelledAt: r.cancelledAt,
    cancelReason: r.cancelReason,
    unitId: property.id,
    unitTitle: property.title,
    address: sql<string>`coalesce(${building.streetAddress}, ${property.address})`,
    city: property.city,
    state: property.state,
    tenantId: r.tenantId,
    tenantEmail: user.email,
    tenantPhone: user.phone,
  }).where(and(eq(r.id, requestId), scope));
  if (!row) return null;
  const [events, orders] = await Promise.all([
    db
      .select({ ...timelineEventColumns, internal: maintenanceEvent.internal, actorName: user.name })
      .from(maintenanceEvent)
      .leftJoin(user, eq(user.id, maintenanceEvent.actorId))
      .where(eq(maintenanceEvent.requestId, requestId))
      .orderBy(asc(maintenanceEvent.id))
      .limit(500),
    db
      .select({
        id: workOrder.id,
        status: workOrder.status,
        vendorId: workOrder.vendorId,
        vendorName: vendor.companyName,
        instructions: workOrder.instructions,
        scheduledFor: workOrder.scheduledFor,
        dueAt: workOrder.dueAt,
        createdAt: workOrder.createdAt,
      })
      .from(workOrder)
      .innerJoin(vendor, eq(vendor.id, workOrder.vendorId))
      .where(eq(workOrder.maintenanceRequestId, requestId))
      .orderBy(desc(workOrder.id))
      .limit(50),
  ]);
  const timeline: TimelineEntry[] = events.map((event) => ({ ...event, createdAt: event.createdAt.toISOString() }));
  const open = orders.find((order) => ['offered', 'accepted', 'scheduled', 'in_progress'].includes(order.status));
  return {
    ...toItem(row),
    ...requestReportOf(row),
    rating: row.rating,
    ratingComment: row.ratingComment,
    completedAt: row.completedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    unitId: row.unitId,
    unitTitle: row.unitTitle,
    address: row.address,
    city: row.city,
    state: row.state,
    tenant: row.tenantId ? { id: row.tenantId, name: row.tenantName ?? '', email: row.tenantEmail ?? '', phone: row.tenantPhone } : null,
    timeline,
    workOrders: orders.map((order) => ({
      ...order,
      scheduledFor: order.scheduledFor?.toISOString() ?? null,
      dueAt: order.dueAt?.toISOString() ?? null,
      createdAt: order.createdAt.toISOString(),
    })),
    openWorkOrderId: open?.id ?? null,
  };
}

/** The vendor trades that fit a request's category (vendor sign-up trades, `VENDOR_TRADES`). */
export const CATEGORY_TRADES: Readonly<Record<QueueCategory, readonly string[]>> = {
  plumbing: ['plumbing'],
  electrical: ['electrical'],
  hvac: ['hvac'],
  appliance: ['appliance_repair'],
  pest_control: ['pest_control'],
  locks_doors: ['locksmith', 'carpentry'],
  structural: ['general_contractor', 'carpentry', 'roofing'],
  other: ['general_contractor'],
};

/** At most this many vendors in the picker. */
export const VENDOR_CHOICES_MAX = 100;

/**
 * The approved vendors the request (category `category`, building in `state`) may be assigned
 * to, best first: those who may take work (`vendorIneligibility` on `today`) before those who may
 * not (unverified or expired insurance — listed so staff see why, refused by `createWorkOrder`),
 * then those offering a fitting trade, then those serving the state, then by rating and name.
 */
export async function findVendorChoices({
  db,
  category,
  state,
  today = utcToday(),
}: {
  db: Db;
  category: QueueCategory;
  state: string;
  today?: string;
}): Promise<VendorChoice[]> {
  const trades = CATEGORY_TRADES[category];
  const tradeMatch = sql<boolean>`${vendor.trades} && ${`{${trades.join(',')}}`}::text[]`;
  const stateMatch = sql<boolean>`${state} = any(${vendor.serviceStates})`;
  const eligible = sql<boolean>`coalesce(${vendor.insuranceVerifiedAt} is not null and ${vendor.insuranceExpiry} >= ${today}::date, false)`;
  const rows = await db
    .select({
      id: vendor.id,
      companyName: vendor.companyName,
      trades: vendor.trades,
      ...vendorEligibilityColumns,
      ratingSum: vendor.ratingSum,
      ratingCount: vendor.ratingCount,
      matchesTrade: tradeMatch,
      servesState: stateMatch,
    })
    .from(vendor)
    .where(eq(vendor.status, 'approved'))
    .orderBy(
      desc(eligible),
      desc(tradeMatch),
      desc(stateMatch),
      sql`case when ${vendor.ratingCount} > 0 then ${vendor.ratingSum}::float / ${vendor.ratingCount} end desc nulls last`,
      asc(vendor.companyName),
      asc(vendor.id),
    )
    .limit(VENDOR_CHOICES_MAX);
  return rows.map((row) => {
    const refusal = vendorIneligibility(row, today);
    return {
      id: row.id,
      companyName: row.companyName,
      trades: row.trades,
      insuranceExpiry: row.insuranceExpiry,
      matchesTrade: Boolean(row.matchesTrade),
      servesState: Boolean(row.servesState),
      ineligible: refusal ? VENDOR_INELIGIBILITY_KEYS[refusal] : null,
      rating: row.ratingCount > 0 ? Math.round((row.ratingSum / row.ratingCount) * 10) / 10 : null,
    };
  });
}
