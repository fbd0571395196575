/**
 * Bids from the vendor's side (decision 029 "Bids on projects open for bidding"): the
 * projects a vendor was invited to, and its one bid per project — amount in cents, timeline in
 * days, notes, an optional PDF — which it may submit and change until the deadline (strictly
 * before it). After the deadline, once staff closed bidding, or when the project moved on, a bid
 * is refused (`bidding_closed`) and nothing changes.
 *
 * Scope: the vendor is the `vendor` row linked to the signed-in account (`vendor.user_id`). A
 * project it was not invited to is `not_found`, exactly like an unknown id (the route audits it);
 * a vendor sees only its own bid, never a competitor's, and never the project's budget. The
 * building's street address is shown only to the vendor that won the project.
 */
import { and, desc, eq } from 'drizzle-orm';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { bid, building, document, project, projectVendor, vendor } from '~/server/db/schema';
import { insertFileDocument } from '~/server/uploads/file-documents.server';
import { findAccountVendor } from '~/features/work-orders/vendor-work-orders.server';
import { projectMoney } from './project-mail.server';
import { notifyProjectStaff } from './project-notify.server';
import type { StoredProjectFile } from './project-files.server';
import { bidAttachmentColumns, bidViewOf, isBiddingOpen, type BidView } from './projects.server';
import type { BidInput, BidStatus, ProjectKind, ProjectStatus } from './projects.schemas';
import { isId } from '~/lib/ids';

/** How a closed project ended for this vendor. */
export type BidOutcome = 'awarded' | 'not_awarded' | 'cancelled' | null;

function outcomeOf(status: ProjectStatus, myBid: BidStatus | null): BidOutcome {
  if (myBid === 'awarded') return 'awarded';
  if (status === 'cancelled') return 'cancelled';
  if (myBid === 'rejected' || ['awarded', 'in_progress', 'completed'].includes(status)) return 'not_awarded';
  return null;
}

export type VendorProjectItem = {
  id: number;
  name: string;
  kind: ProjectKind;
  buildingName: string | null;
  city: string | null;
  state: string | null;
  bidDeadline: string | null;
  open: boolean;
  myBid: { amountCents: number; timelineDays: number; status: BidStatus } | null;
  outcome: BidOutcome;
};

/**
 * The projects the viewer's vendor was invited to, newest invitation first, split into those
 * open for bids at `now` and the others. `vendor` is null for an account with no vendor record.
 */
export async function findVendorProjects({ db, viewer, now = new Date() }: { db: Db; viewer: Pick<Viewer, 'id'>; now?: Date }) {
  const me = await findAccountVendor(db, viewer.id);
  if (!me) return { vendor: null, open: [] as VendorProjectItem[], closed: [] as VendorProjectItem[] };
  const rows = await db
    .select({
      id: project.id,
      name: project.name,
      kind: project.kind,
      status: project.status,
      bidDeadline: project.bidDeadline,
      buildingName: building.name,
      city: building.city,
      state: building.state,
      bidAmount: bid.amountCents,
      bidDays: bid.timelineDays,
      bidStatus: bid.status,
    })
    .from(projectVendor)
    .innerJoin(project, eq(project.id, projectVendor.projectId))
    .leftJoin(building, eq(building.id, project.buildingId))
    .leftJoin(bid, and(eq(bid.projectId, project.id), eq(bid.vendorId, me.id)))
    .where(eq(projectVendor.vendorId, me.id))
    .orderBy(desc(projectVendor.invitedAt), desc(project.id))
    .limit(200);
  const items = rows.map((row): VendorProjectItem => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    buildingName: row.buildingName,
    city: row.city,
    state: row.state,
    bidDeadline: row.bidDeadline?.toISOString() ?? null,
    open: isBiddingOpen(row, now),
    myBid:
      row.bidAmount !== null && row.bidDays !== null && row.bidStatus !== null
        ? { amountCents: row.bidAmount, timelineDays: row.bidDays, status: row.bidStatus }
        : null,
    outcome: outcomeOf(row.status, row.bidStatus),
  }));
  return { vendor: me, open: items.filter((item) => item.open), closed: items.filter((item) => !item.open) };
}

export type VendorProjectDetail = {
  id: number;
  name: string;
  kind: ProjectKind;
  status: ProjectStatus;
  description: string | null;
  buildingName: string | null;
  city: string | null;
  state: string | null;
  /** Only for the vendor that won the project. */
  streetAddress: string | null;
  startDate: string | null;
  endDate: string | null;
  bidDeadline: string | null;
  open: boolean;
  vendorApproved: boolean;
  myBid: BidView | null;
  outcome: BidOutcome;
};

type InvitedProject = { project: typeof project.$inferSelect; vendorId: number; vendorStatus: string };

/** Project `projectId` if the viewer's vendor was invited to it (locked `FOR SHARE` on request). */
async function findInvitedProject(
  db: Db,
  viewer: Pick<Viewer, 'id'>,
  projectId: number,
  { lock = false } = {},
): Promise<InvitedProject | null> {
  if (!isId(projectId)) return null;
  const query = db
    .select({ project, vendorId: vendor.id, vendorStatus: vendor.status })
    .from(projectVendor)
    .innerJoin(vendor, eq(vendor.id, projectVendor.vendorId))
    .innerJoin(project, eq(project.id, projectVendor.projectId))
    .where(and(eq(projectVendor.projectId, projectId), eq(vendor.userId, viewer.id)))
    .limit(1);
  const [row] = lock ? await query.for('share', { of: project }) : await query;
  return row ?? null;
}

/** The project page of an invited vendor, with its own bid; null when not invited (or unknown). */
export async function findVendorProject({
  db,
  viewer,
  projectId,
  now = new Date(),
}: {
  db: Db;
  viewer: Pick<Viewer, 'id'>;
  projectId: number;
  now?: Date;
}): Promise<VendorProjectDetail | null> {
  const invited = await findInvitedProject(db, viewer, projectId);
  if (!invited) return null;
  const row = invited.project;
  const [place] = row.buildingId
    ? await db
        .select({ name: building.name, city: building.city, state: building.state, streetAddress: building.streetAddress })
        .from(building)
        .where(eq(building.id, row.buildingId))
    : [];
  const [mine] = await db
    .select({ bid, ...bidAttachmentColumns })
    .from(bid)
    .leftJoin(document, eq(document.id, bid.attachmentDocumentId))
    .where(and(eq(bid.projectId, projectId), eq(bid.vendorId, invited.vendorId)));
  const myBid = mine ? bidViewOf(mine) : null;
  const outcome = outcomeOf(row.status, myBid?.status ?? null);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    status: row.status,
    description: row.description,
    buildingName: place?.name ?? null,
    city: place?.city ?? null,
    state: place?.state ?? null,
    streetAddress: outcome === 'awarded' ? (place?.streetAddress ?? null) : null,
    startDate: row.startDate,
    endDate: row.endDate,
    bidDeadline: row.bidDeadline?.toISOString() ?? null,
    open: isBiddingOpen(row, now),
    vendorApproved: invited.vendorStatus === 'approved',
    myBid,
    outcome,
  };
}

export type BidRefusal = 'not_found' | 'bidding_closed' | 'vendor_not_approved' | 'attachment_not_found';
export type BidOutcomeResult = { ok: true; bidId: number; created: boolean; removedKeys: string[] } | { ok: false; reason: BidRefusal };

/**
 * Submits or changes the viewer's vendor's bid on project `projectId`: only when invited
 * (`not_found`), while bidding is open at `now` (`bidding_closed`: after the deadline, once staff
 * closed it, or when the bid was already decided) and while the vendor is approved
 * (`vendor_not_approved`). `attachment` (already stored by the upload pipeline) becomes the bid's
 * PDF, replacing the previous one; `removeAttachment` drops it. Answers the storage keys of the
 * files no longer used, for the caller to delete once this committed (on a refusal the caller
 * deletes the new file). The project's manager and creator are notified in-app. Audited
 * (`bid_submitted`).
 */
export async function submitBid({
  db,
  viewer,
  origin,
  projectId,
  input,
  attachment = null,
  removeAttachment = false,
  now = new Date(),
}: {
  db: Db;
  viewer: Pick<Viewer, 'id'>;
  origin: RequestOrigin;
  projectId: number;
  input: BidInput;
  attachment?: StoredProjectFile | null;
  removeAttachment?: boolean;
  now?: Date;
}): Promise<BidOutcomeResult> {
  return db.transaction(async (tx) => {
    // FOR SHARE on the project: an award (FOR UPDATE) waits for this bid, or this bid sees the award.
    const invited = await findInvitedProject(tx, viewer, projectId, { lock: true });
    if (!invited) return { ok: false, reason: 'not_found' };
    const row = invited.project;
    if (!isBiddingOpen(row, now)) return { ok: false, reason: 'bidding_closed' };
    if (invited.vendorStatus !== 'approved') return { ok: false, reason: 'vendor_not_approved' };
    const [existing] = await tx
      .select()
      .from(bid)
      .where(and(eq(bid.projectId, projectId), eq(bid.vendorId, invited.vendorId)))
      .for('update');
    if (existing && existing.status !== 'submitted' && existing.status !== 'withdrawn') return { ok: false, reason: 'bidding_closed' };

    const removedKeys: string[] = [];
    let bidId: number;
    const notes = input.notes || null;
    if (existing) {
      bidId = existing.id;
      await tx
        .update(bid)
        .set({ amountCents: input.amount, timelineDays: input.timelineDays, notes, status: 'submitted', updatedAt: now })
        .where(eq(bid.id, bidId));
    } else {
      const [created] = await tx
        .insert(bid)
        .values({
          projectId,
          vendorId: invited.vendorId,
          amountCents: input.amount,
          timelineDays: input.timelineDays,
          notes,
          submittedAt: now,
          updatedAt: now,
        })
        .returning({ id: bid.id });
      bidId = created!.id;
    }
    const previous = existing?.attachmentDocumentId ?? null;
    if (attachment || (removeAttachment && previous)) {
      let documentId: number | null = null;
      if (attachment) {
        documentId = await insertFileDocument(tx, attachment, {
          ownerType: 'bid',
          ownerId: bidId,
          kind: 'attachment',
          createdBy: viewer.id,
          url: (id) => `/vendor-portal/projects/${projectId}/files/${id}`,
        });
      }
      await tx.update(bid).set({ attachmentDocumentId: documentId }).where(eq(bid.id, bidId));
      if (previous) {
        const [gone] = await tx.delete(document).where(eq(document.id, previous)).returning({ key: document.storageKey });
        if (gone) removedKeys.push(gone.key);
      }
    }

    const [place] = row.buildingId
      ? await tx.select({ managerId: building.managerId }).from(building).where(eq(building.id, row.buildingId))
      : [];
    const [me] = await tx.select({ companyName: vendor.companyName }).from(vendor).where(eq(vendor.id, invited.vendorId));
    await notifyProjectStaff(tx, {
      userIds: [place?.managerId ?? null, row.createdBy],
      projectId,
      kind: existing ? 'bid_updated' : 'bid_received',
      values: (locale) => ({
        company: me?.companyName ?? '',
        project: row.name,
        amount: projectMoney(input.amount, locale),
        days: String(input.timelineDays),
      }),
    });
    await recordAuditEvent({
      db: tx,
      userId: viewer.id,
      action: 'bid_submitted',
      tableName: 'bid',
      origin,
      values: {
        project_id: projectId,
        bid_id: bidId,
        vendor_id: invited.vendorId,
        amount_cents: input.amount,
        timeline_days: input.timelineDays,
        changed: Boolean(existing),
        attachment: Boolean(attachment),
      },
    });
    return { ok: true, bidId, created: !existing, removedKeys };
  });
}
