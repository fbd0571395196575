/**
 * Capital projects (decision 028, DESIGN §4 `project`): a project at a building with
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
 * The services are split by responsibility:
 * - this module: the status machine, the actor's scope, spend, finding a project, the outcome types;
 * - `project-queries.server.ts`: the list, the detail page's data, the vendors staff may invite;
 * - `project-commands.server.ts`: create, edit, and the status buttons (start, complete, cancel);
 * - `project-bidding.server.ts`: opening and closing bidding, awarding a bid (the vendors' own
 *   bids are `project-bids.server.ts`).
 *
 * Scope: an admin manages every project; a property manager those of the buildings they manage
 * (`building.manager_id`); anyone else none. Another manager's project answers `not_found`
 * exactly like an unknown id (the routes audit it). Services return reason codes; routes map them
 * to statuses and translated messages. Every change is audited.
 */
import { isAdmin, isPropertyManager, isStaffActor } from '~/lib/access';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { recordAuditEvent, type AuditAction, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import type { bid } from '~/server/db/schema';
import { building, document, project } from '~/server/db/schema';
import type { VendorIneligibility } from '~/features/work-orders/work-order-core.server';
import type { ProjectFacts } from './project-notify.server';
import type { BidStatus, ProjectStatus } from './projects.schemas';
import { isId } from '~/lib/ids';

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
export const EDITABLE_STATUSES: readonly ProjectStatus[] = ['planned', 'bidding', 'awarded', 'in_progress'];

/** Whether bidding on a project is open at `now`: status `bidding` and `now` strictly before the deadline. */
export function isBiddingOpen(row: { status: ProjectStatus; bidDeadline: Date | null }, now: Date): boolean {
  return row.status === 'bidding' && row.bidDeadline !== null && now.getTime() < row.bidDeadline.getTime();
}

/** Whether `id` fits a PostgreSQL integer row id. */
export function isRowId(id: number): boolean {
  return isId(id);
}

/** The WHERE condition limiting projects (joined to their building) to `actor`'s. */
export function projectScope(actor: ProjectActor): SQL | undefined {
  if (isAdmin(actor.role)) return undefined;
  if (isPropertyManager(actor.role)) return eq(building.managerId, actor.id);
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

/** A bid as the vendor's and the staff's project pages show it (ISO dates; its PDF, when attached, by document). */
export type BidView = {
  id: number;
  amountCents: number;
  timelineDays: number;
  notes: string | null;
  status: BidStatus;
  submittedAt: string;
  updatedAt: string;
  attachment: { documentId: number; name: string; sizeBytes: number } | null;
};

/** The columns of a bid's attachment (`document` left-joined on `bid.attachment_document_id`) that `bidViewOf` reads. */
export const bidAttachmentColumns = { attachmentName: document.originalName, attachmentSize: document.sizeBytes };

/** The `BidView` of a `bid` row read with `bidAttachmentColumns`. */
export function bidViewOf(row: { bid: typeof bid.$inferSelect; attachmentName: string | null; attachmentSize: number | null }): BidView {
  return {
    id: row.bid.id,
    amountCents: row.bid.amountCents,
    timelineDays: row.bid.timelineDays,
    notes: row.bid.notes,
    status: row.bid.status,
    submittedAt: row.bid.submittedAt.toISOString(),
    updatedAt: row.bid.updatedAt.toISOString(),
    attachment: row.bid.attachmentDocumentId
      ? { documentId: row.bid.attachmentDocumentId, name: row.attachmentName ?? 'bid.pdf', sizeBytes: row.attachmentSize ?? 0 }
      : null,
  };
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
  if (!isStaffActor(actor) || !isRowId(projectId)) return null;
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

/**
 * Runs `command` in one transaction on project `projectId`, locked (`findStaffProject` with
 * `forUpdate`), so every staff command checks scope and locks the same way; answers `not_found`
 * (nothing run) when the project is unknown or `actor` may not manage it.
 */
export function withLockedStaffProject<Outcome>(
  db: Db,
  actor: ProjectActor,
  projectId: number,
  command: (tx: Db, found: StaffProject) => Promise<Outcome>,
): Promise<Outcome | { ok: false; reason: 'not_found' }> {
  return db.transaction(async (tx) => {
    const found = await findStaffProject(tx, actor, projectId, { forUpdate: true });
    if (!found) return { ok: false, reason: 'not_found' } as const;
    return command(tx, found);
  });
}

/** Writes audit entry `action` on table `project` for `actor`'s command (`values`: what changed, snake_case). */
export function recordProjectAudit(
  tx: Db,
  { actor, origin }: { actor: ProjectActor; origin: RequestOrigin },
  action: AuditAction,
  values: Record<string, unknown>,
): Promise<void> {
  return recordAuditEvent({ db: tx, userId: actor.id, action, tableName: 'project', origin, values });
}

/** What the vendor mails and notifications say about a project. */
export function factsOf(found: StaffProject): ProjectFacts {
  return {
    id: found.project.id,
    name: found.project.name,
    kind: found.project.kind,
    description: found.project.description,
    buildingName: found.buildingName ?? '',
    city: found.buildingCity ?? '',
  };
}
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

/** What every project command takes: the database, the acting staff member, the request origin (audit). */
export type ProjectCommandArgs = { db: Db; actor: ProjectActor; origin: RequestOrigin };
