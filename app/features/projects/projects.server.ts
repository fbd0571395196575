/**
 * Capital projects (maintenance issue item 6, DESIGN §4 `project`): a project at a building with
 * a kind, a budget in cents and dates, run by staff through
 *
 *   planned ──open for bids──▶ bidding ──award──▶ awarded ──start──▶ in_progress ──complete──▶ completed
 *      └──────────────┴──────────────┴──────────── cancel ──────────────┘──▶ cancelled
 *
 * - **Open for bids**: staff choose vendors that may get new work (approved, with verified and
 *   unexpired insurance: `vendorIneligibility`) and serve the building's state, and a deadline in
 *   the future (at most BID_DEADLINE_MAX_DAYS ahead). Each vendor gets a `project_vendor` row, an
 *   e-mail and an in-app notification. While bidding, staff may invite more vendors and move the
 *   deadline (to any future moment, which also reopens a bidding they closed); vendors already
 *   invited are told of a new deadline.
 * - **Close bidding early**: the deadline becomes now. Bids are accepted strictly before the
 *   deadline, so this freezes them at once (project-bids.server.ts).
 * - **Award** (decision: only once bidding is over — the deadline passed or staff closed it
 *   early — so no vendor is still editing a bid the comparison was made on): the chosen bid
 *   becomes `awarded`, every other submitted bid `rejected`, the winner gets the project's work
 *   order through `createWorkOrder` (which refuses a vendor no longer eligible: 422, and then
 *   nothing changes), the project becomes `awarded`; winner and losers are told.
 * - **Start / complete / cancel**: buttons. Completing or cancelling a project whose work orders
 *   are still open is refused (cancel those in /admin/assignments first); cancelling while
 *   bidding rejects the bids and tells the invited vendors.
 * - **Spend** is the sum of `invoice.total_cents` of the approved and paid invoices of the
 *   project's work orders, computed on every read (never stored, so it cannot drift).
 *
 * Scope: an admin manages every project; a property manager those of the buildings they manage
 * (`building.manager_id`); anyone else none. Another manager's project answers `not_found`
 * exactly like an unknown id (the routes audit it). Services return reason codes; routes map them
 * to statuses and translated messages. Every change is audited.
 */
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { bid, building, document, project, projectVendor, user, vendor, workOrder } from '~/server/db/schema';
import {
  createWorkOrder,
  OPEN_WORK_ORDER_STATUSES,
  utcToday,
  vendorIneligibility,
  type VendorIneligibility,
  type WorkOrderStatus,
} from '~/features/work-orders/work-order-core.server';
import { findManagedBuilding } from '~/features/portfolio/portfolio-access.server';
import { projectDateTime, projectMoney, projectNotificationText } from './project-mail.server';
import { notifyVendors, vendorRecipients, type ProjectFacts } from './project-notify.server';
import {
  BID_DEADLINE_MAX_DAYS,
  PROJECTS_PAGE_SIZE,
  type BidStatus,
  type InviteInput,
  type ProjectFilters,
  type ProjectFormInput,
  type ProjectKind,
  type ProjectStatus,
  type ProjectStatusMove,
} from './projects.schemas';

/** The acting staff member as project services need it. */
export type ProjectActor = Pick<Viewer, 'id' | 'role'>;

/** The allowed moves of a project's status. */
export const PROJECT_TRANSITIONS: Readonly<Record<ProjectStatus, readonly ProjectStatus[]>> = {
  planned: ['bidding', 'cancelled'],
  bidding: ['awarded', 'cancelled'],
  awarded: ['in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** Whether a project may move from `from` to `to`. */
export function canMoveProject(from: ProjectStatus, to: ProjectStatus): boolean {
  return PROJECT_TRANSITIONS[from].includes(to);
}

/** Statuses whose details (name, budget, dates…) staff may still edit. */
const EDITABLE_STATUSES: readonly ProjectStatus[] = ['planned', 'bidding', 'awarded', 'in_progress'];

/** Whether bidding on a project is open at `now`: status `bidding` and `now` strictly before the deadline. */
export function isBiddingOpen(row: { status: ProjectStatus; bidDeadline: Date | null }, now: Date): boolean {
  return row.status === 'bidding' && row.bidDeadline !== null && now.getTime() < row.bidDeadline.getTime();
}

function isStaff(actor: ProjectActor | null | undefined): actor is ProjectActor {
  return actor?.role === 'admin' || actor?.role === 'property_manager';
}

function isRowId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;
}

/** The WHERE condition limiting projects (joined to their building) to `actor`'s. */
function projectScope(actor: ProjectActor): SQL | undefined {
  if (actor.role === 'admin') return undefined;
  if (actor.role === 'property_manager') return eq(building.managerId, actor.id);
  return sql`false`;
}

/**
 * The project's spend in cents: approved and paid invoices of its work orders (a correlated
 * subquery on `project.id`, so it can sit in any select from `project`).
 */
export const projectSpendSql = sql<number>`coalesce((
  select sum(spent.total_cents) from invoice spent
  join work_order spent_order on spent_order.id = spent.work_order_id
  where spent_order.project_id = "project"."id" and spent.status in ('approved', 'paid')
), 0)`.mapWith(Number);

/** The spend of project `projectId` in cents (approved + paid invoices of its work orders). */
export async function projectSpendCents(db: Db, projectId: number): Promise<number> {
  const [row] = await db.select({ spend: projectSpendSql }).from(project).where(eq(project.id, projectId));
  return row?.spend ?? 0;
}

type ProjectRow = typeof project.$inferSelect;
type StaffProject = {
  project: ProjectRow;
  buildingName: string | null;
  buildingState: string | null;
  buildingCity: string | null;
  managerId: string | null;
};

/**
 * The project `projectId` if `actor` may manage it (with its building's name, city, state and
 * manager), else null. `forUpdate` locks the project row in the caller's transaction.
 */
export async function findStaffProject(
  db: Db,
  actor: ProjectActor,
  projectId: number,
  { forUpdate = false } = {},
): Promise<StaffProject | null> {
  if (!isStaff(actor) || !isRowId(projectId)) return null;
  const query = db
    .select({
      project,
      buildingName: building.name,
      buildingState: building.state,
      buildingCity: building.city,
      managerId: building.managerId,
    })
    .from(project)
    .leftJoin(building, eq(building.id, project.buildingId))
    .where(and(eq(project.id, projectId), projectScope(actor)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: project }) : await query;
  return row ?? null;
}

function factsOf(found: StaffProject): ProjectFacts {
  return {
    id: found.project.id,
    name: found.project.name,
    kind: found.project.kind,
    description: found.project.description,
    buildingName: found.buildingName ?? '',
    city: found.buildingCity ?? '',
  };
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

export type ProjectListItem = {
  id: number;
  name: string;
  kind: ProjectKind;
  status: ProjectStatus;
  buildingId: number | null;
  buildingName: string | null;
  budgetCents: number;
  spendCents: number;
  startDate: string | null;
  endDate: string | null;
  bidDeadline: string | null;
  invitedCount: number;
  bidCount: number;
};

export type ProjectListPage = { items: ProjectListItem[]; next: number | null };

/**
 * `actor`'s projects, newest first, PROJECTS_PAGE_SIZE a page after project `filters.after`,
 * filtered by status and building; each with its spend, invited vendors and bids received.
 */
export async function findProjects({
  db,
  actor,
  filters,
}: {
  db: Db;
  actor: ProjectActor;
  filters: ProjectFilters;
}): Promise<ProjectListPage> {
  if (!isStaff(actor)) return { items: [], next: null };
  const rows = await db
    .select({
      id: project.id,
      name: project.name,
      kind: project.kind,
      status: project.status,
      buildingId: project.buildingId,
      buildingName: building.name,
      budgetCents: project.budgetCents,
      spendCents: projectSpendSql,
      startDate: project.startDate,
      endDate: project.endDate,
      bidDeadline: project.bidDeadline,
      invitedCount: sql<number>`(select count(*) from project_vendor invited where invited.project_id = "project"."id")`.mapWith(Number),
      bidCount:
        sql<number>`(select count(*) from bid received where received.project_id = "project"."id" and received.status <> 'withdrawn')`.mapWith(
          Number,
        ),
    })
    .from(project)
    .leftJoin(building, eq(building.id, project.buildingId))
    .where(
      and(
        projectScope(actor),
        filters.status ? eq(project.status, filters.status) : undefined,
        filters.buildingId ? eq(project.buildingId, filters.buildingId) : undefined,
        filters.after ? lt(project.id, filters.after) : undefined,
      ),
    )
    .orderBy(desc(project.id))
    .limit(PROJECTS_PAGE_SIZE + 1);
  const items = rows.slice(0, PROJECTS_PAGE_SIZE).map((row) => ({ ...row, bidDeadline: row.bidDeadline?.toISOString() ?? null }));
  return { items, next: rows.length > PROJECTS_PAGE_SIZE ? (items.at(-1)?.id ?? null) : null };
}

/** How a vendor's insurance stands for new work today: fine, expiring within 30 days, or why not. */
export type InsuranceStanding = { expiry: string | null; verified: boolean; problem: VendorIneligibility | null; expiringSoon: boolean };

function insuranceStanding(
  row: { status: string; insuranceExpiry: string | null; insuranceVerifiedAt: Date | null },
  today: string,
): InsuranceStanding {
  const problem = vendorIneligibility(row, today);
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + 30);
  return {
    expiry: row.insuranceExpiry,
    verified: row.insuranceVerifiedAt !== null,
    problem,
    expiringSoon: problem === null && row.insuranceExpiry !== null && row.insuranceExpiry <= soon.toISOString().slice(0, 10),
  };
}

export type BidComparisonRow = {
  id: number;
  vendorId: number;
  companyName: string;
  amountCents: number;
  timelineDays: number;
  notes: string | null;
  status: BidStatus;
  submittedAt: string;
  updatedAt: string;
  attachment: { documentId: number; name: string; sizeBytes: number } | null;
  /** Average of the vendor's ratings (1–5), null before the first. */
  rating: number | null;
  ratingCount: number;
  insurance: InsuranceStanding;
  /** The lowest amount among the bids still in the running (submitted or awarded). */
  lowest: boolean;
};

export type ProjectDetail = {
  id: number;
  name: string;
  kind: ProjectKind;
  status: ProjectStatus;
  description: string | null;
  buildingId: number | null;
  buildingName: string | null;
  buildingState: string | null;
  budgetCents: number;
  spendCents: number;
  startDate: string | null;
  endDate: string | null;
  bidDeadline: string | null;
  biddingOpen: boolean;
  createdAt: string;
  /** The status moves the page offers as buttons. */
  moves: ProjectStatusMove[];
  invited: { vendorId: number; companyName: string; invitedAt: string; bidStatus: BidStatus | null }[];
  bids: BidComparisonRow[];
  workOrders: {
    id: number;
    vendorName: string;
    status: WorkOrderStatus;
    createdAt: string;
    scheduledFor: string | null;
    completedAt: string | null;
    invoicedCents: number;
  }[];
  documents: { id: number; name: string; mime: string; sizeBytes: number; createdAt: string }[];
};

/** The documents of project `projectId` (owner `project`), oldest first. */
export async function projectDocuments(db: Db, projectId: number) {
  return db
    .select({
      id: document.id,
      name: document.originalName,
      mime: document.mime,
      sizeBytes: document.sizeBytes,
      createdAt: document.createdAt,
      storageKey: document.storageKey,
    })
    .from(document)
    .where(and(eq(document.ownerType, 'project'), eq(document.ownerId, String(projectId))))
    .orderBy(asc(document.id));
}

/**
 * Everything a project's staff page shows, or null when `actor` may not manage it: the project
 * with its spend, the invited vendors, the bids compared (vendor rating, insurance standing,
 * lowest amount flagged), its work orders with their approved/paid invoices, and its documents.
 */
export async function findProjectDetail({
  db,
  actor,
  projectId,
  now = new Date(),
}: {
  db: Db;
  actor: ProjectActor;
  projectId: number;
  now?: Date;
}): Promise<ProjectDetail | null> {
  const found = await findStaffProject(db, actor, projectId);
  if (!found) return null;
  const row = found.project;
  const today = utcToday(now);
  const [spendCents, invited, bids, orders, docs] = await Promise.all([
    projectSpendCents(db, projectId),
    db
      .select({
        vendorId: projectVendor.vendorId,
        companyName: vendor.companyName,
        invitedAt: projectVendor.invitedAt,
        bidStatus: bid.status,
      })
      .from(projectVendor)
      .innerJoin(vendor, eq(vendor.id, projectVendor.vendorId))
      .leftJoin(bid, and(eq(bid.projectId, projectVendor.projectId), eq(bid.vendorId, projectVendor.vendorId)))
      .where(eq(projectVendor.projectId, projectId))
      .orderBy(asc(vendor.companyName)),
    db
      .select({
        bid,
        companyName: vendor.companyName,
        vendorStatus: vendor.status,
        insuranceExpiry: vendor.insuranceExpiry,
        insuranceVerifiedAt: vendor.insuranceVerifiedAt,
        ratingSum: vendor.ratingSum,
        ratingCount: vendor.ratingCount,
        attachmentName: document.originalName,
        attachmentSize: document.sizeBytes,
      })
      .from(bid)
      .innerJoin(vendor, eq(vendor.id, bid.vendorId))
      .leftJoin(document, eq(document.id, bid.attachmentDocumentId))
      .where(eq(bid.projectId, projectId))
      .orderBy(asc(bid.amountCents), asc(bid.id)),
    db
      .select({
        id: workOrder.id,
        vendorName: vendor.companyName,
        status: workOrder.status,
        createdAt: workOrder.createdAt,
        scheduledFor: workOrder.scheduledFor,
        completedAt: workOrder.completedAt,
        invoicedCents:
          sql<number>`coalesce((select sum(billed.total_cents) from invoice billed where billed.work_order_id = "work_order"."id" and billed.status in ('approved', 'paid')), 0)`.mapWith(
            Number,
          ),
      })
      .from(workOrder)
      .innerJoin(vendor, eq(vendor.id, workOrder.vendorId))
      .where(eq(workOrder.projectId, projectId))
      .orderBy(desc(workOrder.id)),
    projectDocuments(db, projectId),
  ]);
  const running = bids.filter((entry) => entry.bid.status === 'submitted' || entry.bid.status === 'awarded');
  const lowest = running.length > 0 ? Math.min(...running.map((entry) => entry.bid.amountCents)) : null;
  const moves = (['in_progress', 'completed', 'cancelled'] as const).filter((to) => canMoveProject(row.status, to));
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    status: row.status,
    description: row.description,
    buildingId: row.buildingId,
    buildingName: found.buildingName,
    buildingState: found.buildingState,
    budgetCents: row.budgetCents,
    spendCents,
    startDate: row.startDate,
    endDate: row.endDate,
    bidDeadline: row.bidDeadline?.toISOString() ?? null,
    biddingOpen: isBiddingOpen(row, now),
    createdAt: row.createdAt.toISOString(),
    moves,
    invited: invited.map((entry) => ({ ...entry, invitedAt: entry.invitedAt.toISOString() })),
    bids: bids.map((entry) => ({
      id: entry.bid.id,
      vendorId: entry.bid.vendorId,
      companyName: entry.companyName,
      amountCents: entry.bid.amountCents,
      timelineDays: entry.bid.timelineDays,
      notes: entry.bid.notes,
      status: entry.bid.status,
      submittedAt: entry.bid.submittedAt.toISOString(),
      updatedAt: entry.bid.updatedAt.toISOString(),
      attachment: entry.bid.attachmentDocumentId
        ? { documentId: entry.bid.attachmentDocumentId, name: entry.attachmentName ?? 'bid.pdf', sizeBytes: entry.attachmentSize ?? 0 }
        : null,
      rating: entry.ratingCount > 0 ? Math.round((entry.ratingSum / entry.ratingCount) * 10) / 10 : null,
      ratingCount: entry.ratingCount,
      insurance: insuranceStanding(
        { status: entry.vendorStatus, insuranceExpiry: entry.insuranceExpiry, insuranceVerifiedAt: entry.insuranceVerifiedAt },
        today,
      ),
      lowest: lowest !== null && (entry.bid.status === 'submitted' || entry.bid.status === 'awarded') && entry.bid.amountCents === lowest,
    })),
    workOrders: orders.map((order) => ({
      ...order,
      createdAt: order.createdAt.toISOString(),
      scheduledFor: order.scheduledFor?.toISOString() ?? null,
      completedAt: order.completedAt?.toISOString() ?? null,
    })),
    documents: docs.map((doc) => ({
      id: doc.id,
      name: doc.name ?? `document-${doc.id}`,
      mime: doc.mime,
      sizeBytes: doc.sizeBytes,
      createdAt: doc.createdAt.toISOString(),
    })),
  };
}

/** A vendor the invitation form offers. */
export type VendorChoice = { id: number; companyName: string; trades: string[]; insuranceExpiry: string | null; rating: number | null };

/** At most this many vendors in the invitation form. */
const VENDOR_CHOICES_LIMIT = 200;

/**
 * The vendors `actor` may invite to project `projectId` on `today`: approved, insurance verified
 * and not expired, serving the building's state, not invited yet; by company name. Empty for a
 * project the actor may not manage or one that cannot take invitations.
 */
export async function findVendorChoices({
  db,
  actor,
  projectId,
  today = utcToday(),
}: {
  db: Db;
  actor: ProjectActor;
  projectId: number;
  today?: string;
}): Promise<VendorChoice[]> {
  const found = await findStaffProject(db, actor, projectId);
  if (!found || !found.buildingState || !(found.project.status === 'planned' || found.project.status === 'bidding')) return [];
  const rows = await db
    .select({
      id: vendor.id,
      companyName: vendor.companyName,
      trades: vendor.trades,
      insuranceExpiry: vendor.insuranceExpiry,
      ratingSum: vendor.ratingSum,
      ratingCount: vendor.ratingCount,
    })
    .from(vendor)
    .where(
      and(
        eq(vendor.status, 'approved'),
        isNotNull(vendor.insuranceVerifiedAt),
        gte(vendor.insuranceExpiry, today),
        sql`${found.buildingState} = any("vendor"."service_states")`,
        sql`not exists (select 1 from project_vendor invited where invited.project_id = ${projectId} and invited.vendor_id = "vendor"."id")`,
      ),
    )
    .orderBy(asc(vendor.companyName), asc(vendor.id))
    .limit(VENDOR_CHOICES_LIMIT);
  return rows.map(({ ratingSum, ratingCount, ...row }) => ({
    ...row,
    rating: ratingCount > 0 ? Math.round((ratingSum / ratingCount) * 10) / 10 : null,
  }));
}

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

export type ProjectRefusal =
  | 'not_found'
  | 'building_not_found'
  | 'building_locked'
  | 'invalid_status'
  | 'deadline_past'
  | 'deadline_too_far'
  | 'no_vendors'
  | 'vendor_out_of_state'
  | VendorIneligibility
  | 'bid_not_found'
  | 'bid_not_submitted'
  | 'bidding_open'
  | 'already_closed'
  | 'open_work_orders';

export type ProjectOutcome =
  | { ok: true; projectId: number; workOrderId?: number; invited?: number }
  | { ok: false; reason: ProjectRefusal; status?: ProjectStatus; vendorName?: string };

type CommandArgs = { db: Db; actor: ProjectActor; origin: RequestOrigin };

/**
 * Creates a `planned` project at a building `actor` manages. Refuses `building_not_found` for a
 * building that is unknown or someone else's. Audited (`project_created`).
 */
export async function createProject({ db, actor, origin, input }: CommandArgs & { input: ProjectFormInput }): Promise<ProjectOutcome> {
  if (!isStaff(actor)) return { ok: false, reason: 'not_found' };
  return db.transaction(async (tx) => {
    const place = await findManagedBuilding({ db: tx, actor, buildingId: input.buildingId });
    if (!place) return { ok: false, reason: 'building_not_found' };
    const [created] = await tx
      .insert(project)
      .values({
        buildingId: place.id,
        name: input.name,
        kind: input.kind,
        description: input.description || null,
        budgetCents: input.budget,
        startDate: input.startDate,
        endDate: input.endDate,
        createdBy: actor.id,
      })
      .returning({ id: project.id });
    const projectId = created!.id;
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'project_created',
      tableName: 'project',
      origin,
      values: { project_id: projectId, building_id: place.id, budget_cents: input.budget, kind: input.kind },
    });
    return { ok: true, projectId };
  });
}

/**
 * Edits a project's details. Refuses `invalid_status` once completed or cancelled, and
 * `building_locked` when moving it to another building after it left `planned` (vendors were
 * invited for this one); `building_not_found` for a building the actor does not manage.
 */
export async function updateProject({
  db,
  actor,
  origin,
  projectId,
  input,
}: CommandArgs & { projectId: number; input: ProjectFormInput }): Promise<ProjectOutcome> {
  return db.transaction(async (tx) => {
    const found = await findStaffProject(tx, actor, projectId, { forUpdate: true });
    if (!found) return { ok: false, reason: 'not_found' };
    const row = found.project;
    if (!EDITABLE_STATUSES.includes(row.status)) return { ok: false, reason: 'invalid_status', status: row.status };
    if (input.buildingId !== row.buildingId) {
      if (row.status !== 'planned') return { ok: false, reason: 'building_locked', status: row.status };
      if (!(await findManagedBuilding({ db: tx, actor, buildingId: input.buildingId }))) return { ok: false, reason: 'building_not_found' };
    }
    await tx
      .update(project)
      .set({
        buildingId: input.buildingId,
        name: input.name,
        kind: input.kind,
        description: input.description || null,
        budgetCents: input.budget,
        startDate: input.startDate,
        endDate: input.endDate,
        updatedAt: new Date(),
      })
      .where(eq(project.id, projectId));
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'project_updated',
      tableName: 'project',
      origin,
      values: { project_id: projectId, budget_cents: input.budget, building_id: input.buildingId, previous_budget_cents: row.budgetCents },
    });
    return { ok: true, projectId };
  });
}

/**
 * Opens a `planned` project for bids, or, while `bidding`, invites more vendors and/or moves the
 * deadline. `input.deadline` must be after `now` and at most BID_DEADLINE_MAX_DAYS ahead; a
 * planned project needs at least one vendor (`no_vendors`). Every vendor must exist, be eligible
 * for new work on `now`'s UTC date (`vendorIneligibility`: 422 with its name) and serve the
 * building's state (`vendor_out_of_state`); any refusal changes nothing. Vendors already invited
 * are skipped; new ones are e-mailed and notified in-app; those invited before hear of a changed
 * deadline. Audited (`project_vendors_invited`, plus `project_status_changed` when it opens).
 */
export async function openBidding({
  db,
  actor,
  origin,
  projectId,
  input,
  now = new Date(),
}: CommandArgs & { projectId: number; input: InviteInput; now?: Date }): Promise<ProjectOutcome> {
  return db.transaction(async (tx) => {
    const found = await findStaffProject(tx, actor, projectId, { forUpdate: true });
    if (!found) return { ok: false, reason: 'not_found' };
    const row = found.project;
    if (row.status !== 'planned' && row.status !== 'bidding') return { ok: false, reason: 'invalid_status', status: row.status };
    if (!found.buildingState) return { ok: false, reason: 'building_not_found' };
    if (input.deadline.getTime() <= now.getTime()) return { ok: false, reason: 'deadline_past' };
    if (input.deadline.getTime() > now.getTime() + BID_DEADLINE_MAX_DAYS * 86_400_000) return { ok: false, reason: 'deadline_too_far' };
    if (row.status === 'planned' && input.vendorIds.length === 0) return { ok: false, reason: 'no_vendors' };

    const today = utcToday(now);
    const chosen = input.vendorIds.length
      ? await tx
          .select({
            id: vendor.id,
            companyName: vendor.companyName,
            status: vendor.status,
            insuranceExpiry: vendor.insuranceExpiry,
            insuranceVerifiedAt: vendor.insuranceVerifiedAt,
            serviceStates: vendor.serviceStates,
          })
          .from(vendor)
          .where(inArray(vendor.id, input.vendorIds))
          .for('share')
      : [];
    for (const vendorId of input.vendorIds) {
      const candidate = chosen.find((entry) => entry.id === vendorId);
      const refusal = vendorIneligibility(candidate, today);
      if (refusal) return { ok: false, reason: refusal, vendorName: candidate?.companyName };
      if (!candidate!.serviceStates.includes(found.buildingState))
        return { ok: false, reason: 'vendor_out_of_state', vendorName: candidate!.companyName };
    }

    const before = await tx.select({ vendorId: projectVendor.vendorId }).from(projectVendor).where(eq(projectVendor.projectId, projectId));
    const added = input.vendorIds.length
      ? await tx
          .insert(projectVendor)
          .values(input.vendorIds.map((vendorId) => ({ projectId, vendorId, invitedAt: now })))
          .onConflictDoNothing()
          .returning({ vendorId: projectVendor.vendorId })
      : [];
    const deadlineChanged = row.bidDeadline?.getTime() !== input.deadline.getTime();
    await tx
      .update(project)
      .set({ status: 'bidding', bidDeadline: input.deadline, updatedAt: new Date() })
      .where(eq(project.id, projectId));

    const facts = factsOf(found);
    const deadline = (recipient: { locale: string }) => ({ deadline: projectDateTime(input.deadline, recipient.locale) });
    await notifyVendors(tx, {
      project: facts,
      recipients: await vendorRecipients(
        tx,
        added.map((entry) => entry.vendorId),
      ),
      template: 'bid_invitation',
      values: deadline,
    });
    if (row.status === 'bidding' && deadlineChanged) {
      const addedIds = new Set(added.map((entry) => entry.vendorId));
      const earlier = before.map((entry) => entry.vendorId).filter((id) => !addedIds.has(id));
      await notifyVendors(tx, {
        project: facts,
        recipients: await vendorRecipients(tx, earlier),
        template: 'deadline_changed',
        values: deadline,
        dedupe: String(input.deadline.getTime()),
      });
    }
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'project_vendors_invited',
      tableName: 'project',
      origin,
      values: { project_id: projectId, vendor_ids: added.map((entry) => entry.vendorId), bid_deadline: input.deadline.toISOString() },
    });
    if (row.status === 'planned') {
      await recordAuditEvent({
        db: tx,
        userId: actor.id,
        action: 'project_status_changed',
        tableName: 'project',
        origin,
        values: { project_id: projectId, from: 'planned', to: 'bidding' },
      });
    }
    return { ok: true, projectId, invited: added.length };
  });
}

/**
 * Closes bidding at once (`bid_deadline` = `now`), so staff can award before the announced
 * deadline. Refuses `invalid_status` outside `bidding`, `already_closed` once the deadline passed.
 */
export async function closeBidding({
  db,
  actor,
  origin,
  projectId,
  now = new Date(),
}: CommandArgs & { projectId: number; now?: Date }): Promise<ProjectOutcome> {
  return db.transaction(async (tx) => {
    const found = await findStaffProject(tx, actor, projectId, { forUpdate: true });
    if (!found) return { ok: false, reason: 'not_found' };
    const row = found.project;
    if (row.status !== 'bidding') return { ok: false, reason: 'invalid_status', status: row.status };
    if (!isBiddingOpen(row, now)) return { ok: false, reason: 'already_closed' };
    await tx.update(project).set({ bidDeadline: now, updatedAt: new Date() }).where(eq(project.id, projectId));
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'project_updated',
      tableName: 'project',
      origin,
      values: {
        project_id: projectId,
        bidding_closed_early: true,
        announced_deadline: row.bidDeadline?.toISOString() ?? null,
        bid_deadline: now.toISOString(),
      },
    });
    return { ok: true, projectId };
  });
}

/** Locks and counts the project's open work orders. */
async function openWorkOrders(tx: Db, projectId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(workOrder)
    .where(and(eq(workOrder.projectId, projectId), inArray(workOrder.status, [...OPEN_WORK_ORDER_STATUSES])));
  return row?.n ?? 0;
}

/**
 * Awards bid `bidId` of project `projectId`: only while `bidding` (`invalid_status`) and once
 * the deadline has passed (`bidding_open`: close bidding first); the bid must be this project's
 * (`bid_not_found`) and still `submitted` (`bid_not_submitted`). The winner's work order is made
 * by `createWorkOrder` in the same transaction — a vendor no longer approved or insured is
 * refused (the VendorIneligibility reason, 422) and nothing changes. Then the bid is `awarded`,
 * the other submitted bids `rejected`, the project `awarded`; winner and losers get an e-mail and
 * an in-app notification. Audited (`bid_awarded`, `project_status_changed`).
 */
export async function awardBid({
  db,
  actor,
  origin,
  projectId,
  bidId,
  now = new Date(),
}: CommandArgs & { projectId: number; bidId: number; now?: Date }): Promise<ProjectOutcome> {
  return db.transaction(async (tx) => {
    const found = await findStaffProject(tx, actor, projectId, { forUpdate: true });
    if (!found) return { ok: false, reason: 'not_found' };
    const row = found.project;
    if (row.status !== 'bidding') return { ok: false, reason: 'invalid_status', status: row.status };
    if (isBiddingOpen(row, now)) return { ok: false, reason: 'bidding_open' };
    if (!isRowId(bidId)) return { ok: false, reason: 'bid_not_found' };
    const [winner] = await tx
      .select({
        id: bid.id,
        vendorId: bid.vendorId,
        status: bid.status,
        amountCents: bid.amountCents,
        timelineDays: bid.timelineDays,
        locale: user.locale,
        companyName: vendor.companyName,
      })
      .from(bid)
      .innerJoin(vendor, eq(vendor.id, bid.vendorId))
      .leftJoin(user, eq(user.id, vendor.userId))
      .where(and(eq(bid.id, bidId), eq(bid.projectId, projectId)))
      .for('update', { of: bid });
    if (!winner) return { ok: false, reason: 'bid_not_found' };
    if (winner.status !== 'submitted') return { ok: false, reason: 'bid_not_submitted' };

    const facts = factsOf(found);
    const locale = winner.locale ?? 'en';
    let dueAt: Date | null = null;
    if (row.endDate) dueAt = new Date(`${row.endDate}T23:59:59Z`);
    const created = await createWorkOrder(tx, {
      actorId: actor.id,
      vendorId: winner.vendorId,
      projectId,
      instructions: [row.name, row.description].filter(Boolean).join('\n\n'),
      dueAt,
      today: utcToday(now),
      notification: projectNotificationText('work_order', locale, { project: facts.name, building: facts.buildingName }),
    });
    if (!created.ok)
      return {
        ok: false,
        reason: created.reason === 'target_not_found' || created.reason === 'already_assigned' ? 'not_found' : created.reason,
        vendorName: winner.companyName,
      };

    await tx.update(bid).set({ status: 'awarded', updatedAt: new Date() }).where(eq(bid.id, winner.id));
    const losers = await tx
      .update(bid)
      .set({ status: 'rejected', updatedAt: new Date() })
      .where(and(eq(bid.projectId, projectId), ne(bid.id, winner.id), eq(bid.status, 'submitted')))
      .returning({ vendorId: bid.vendorId });
    await tx.update(project).set({ status: 'awarded', updatedAt: new Date() }).where(eq(project.id, projectId));

    await notifyVendors(tx, {
      project: facts,
      recipients: await vendorRecipients(tx, [winner.vendorId]),
      template: 'bid_awarded',
      values: (recipient) => ({ amount: projectMoney(winner.amountCents, recipient.locale), days: String(winner.timelineDays) }),
    });
    await notifyVendors(tx, {
      project: facts,
      recipients: await vendorRecipients(
        tx,
        losers.map((entry) => entry.vendorId),
      ),
      template: 'bid_not_awarded',
    });
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'bid_awarded',
      tableName: 'bid',
      origin,
      values: {
        project_id: projectId,
        bid_id: winner.id,
        vendor_id: winner.vendorId,
        amount_cents: winner.amountCents,
        work_order_id: created.workOrderId,
        rejected_vendor_ids: losers.map((entry) => entry.vendorId),
      },
    });
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'project_status_changed',
      tableName: 'project',
      origin,
      values: { project_id: projectId, from: 'bidding', to: 'awarded' },
    });
    return { ok: true, projectId, workOrderId: created.workOrderId };
  });
}

/**
 * Moves a project with a button: `in_progress` (from awarded), `completed` (from in progress),
 * `cancelled` (from any open status). Refuses `invalid_status` for a move the status does not
 * allow, and `open_work_orders` when completing or cancelling while a work order of the project
 * is still open. Cancelling while bidding rejects the submitted bids and tells every invited
 * vendor. Audited (`project_status_changed`).
 */
export async function changeProjectStatus({
  db,
  actor,
  origin,
  projectId,
  to,
}: CommandArgs & { projectId: number; to: ProjectStatusMove }): Promise<ProjectOutcome> {
  return db.transaction(async (tx) => {
    const found = await findStaffProject(tx, actor, projectId, { forUpdate: true });
    if (!found) return { ok: false, reason: 'not_found' };
    const row = found.project;
    if (!canMoveProject(row.status, to)) return { ok: false, reason: 'invalid_status', status: row.status };
    if ((to === 'completed' || to === 'cancelled') && (await openWorkOrders(tx, projectId)) > 0)
      return { ok: false, reason: 'open_work_orders' };
    await tx.update(project).set({ status: to, updatedAt: new Date() }).where(eq(project.id, projectId));
    if (to === 'cancelled' && row.status === 'bidding') {
      await tx
        .update(bid)
        .set({ status: 'rejected', updatedAt: new Date() })
        .where(and(eq(bid.projectId, projectId), eq(bid.status, 'submitted')));
      const invited = await tx
        .select({ vendorId: projectVendor.vendorId })
        .from(projectVendor)
        .where(eq(projectVendor.projectId, projectId));
      await notifyVendors(tx, {
        project: factsOf(found),
        recipients: await vendorRecipients(
          tx,
          invited.map((entry) => entry.vendorId),
        ),
        template: 'project_cancelled',
      });
    }
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'project_status_changed',
      tableName: 'project',
      origin,
      values: { project_id: projectId, from: row.status, to },
    });
    return { ok: true, projectId };
  });
}
