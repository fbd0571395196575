/**
 * Reading capital projects (spec §7, lifecycle in `projects.server.ts`): the keyset-paged list
 * with spend, the detail page's data (bids compared with each vendor's insurance standing,
 * documents, work orders) and the vendors staff may invite to bid. Scoped to the actor's buildings.
 */
import { isStaffActor } from '~/lib/access';
import { utcToday } from '~/lib/dates';
import { and, asc, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { bid, building, document, project, projectVendor, vendor, workOrder } from '~/server/db/schema';
import { vendorIneligibility, type VendorIneligibility, type WorkOrderStatus } from '~/features/work-orders/work-order-core.server';
import {
  PROJECTS_PAGE_SIZE,
  type BidStatus,
  type ProjectFilters,
  type ProjectKind,
  type ProjectStatus,
  type ProjectStatusMove,
} from './projects.schemas';
import {
  bidAttachmentColumns,
  bidViewOf,
  canMoveProject,
  findStaffProject,
  isBiddingOpen,
  projectScope,
  projectSpendCents,
  projectSpendSql,
  type BidView,
  type ProjectActor,
} from './projects.server';

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
  if (!isStaffActor(actor)) return { items: [], next: null };
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

export type BidComparisonRow = BidView & {
  vendorId: number;
  companyName: string;
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
        ...bidAttachmentColumns,
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
      ...bidViewOf(entry),
      vendorId: entry.bid.vendorId,
      companyName: entry.companyName,
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
