/**
 * Bidding on a capital project, staff side (spec §7, lifecycle in `projects.server.ts`): open
 * bidding to chosen vendors with a deadline (and invite more or move it), close it early, and
 * award a bid, which creates the winner's work order. The vendors' side is `project-bids.server.ts`.
 */
import { utcToday } from '~/lib/dates';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { recordAuditEvent } from '~/server/audit.server';
import { bid, project, projectVendor, user, vendor } from '~/server/db/schema';
import { createWorkOrder, vendorEligibilityColumns, vendorIneligibility } from '~/features/work-orders/work-order-core.server';
import { projectDateTime, projectMoney, projectNotificationText } from './project-mail.server';
import { notifyVendors, vendorRecipients } from './project-notify.server';
import { BID_DEADLINE_MAX_DAYS, type InviteInput } from './projects.schemas';
import {
  factsOf,
  isBiddingOpen,
  isRowId,
  recordProjectAudit,
  withLockedStaffProject,
  type ProjectCommandArgs,
  type ProjectOutcome,
} from './projects.server';

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
}: ProjectCommandArgs & { projectId: number; input: InviteInput; now?: Date }): Promise<ProjectOutcome> {
  return withLockedStaffProject(db, actor, projectId, async (tx, found) => {
    const row = found.project;
    if (row.status !== 'planned' && row.status !== 'bidding') return { ok: false, reason: 'invalid_status', status: row.status };
    if (!found.buildingState) return { ok: false, reason: 'building_not_found' };
    if (input.deadline.getTime() <= now.getTime()) return { ok: false, reason: 'deadline_past' };
    if (input.deadline.getTime() > now.getTime() + BID_DEADLINE_MAX_DAYS * 86_400_000) return { ok: false, reason: 'deadline_too_far' };
    if (row.status === 'planned' && input.vendorIds.length === 0) return { ok: false, reason: 'no_vendors' };

    const today = utcToday(now);
    const chosen = input.vendorIds.length
      ? await tx
          .select({ id: vendor.id, companyName: vendor.companyName, ...vendorEligibilityColumns, serviceStates: vendor.serviceStates })
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
    await recordProjectAudit(tx, { actor, origin }, 'project_vendors_invited', {
      project_id: projectId,
      vendor_ids: added.map((entry) => entry.vendorId),
      bid_deadline: input.deadline.toISOString(),
    });
    if (row.status === 'planned') {
      await recordProjectAudit(tx, { actor, origin }, 'project_status_changed', { project_id: projectId, from: 'planned', to: 'bidding' });
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
}: ProjectCommandArgs & { projectId: number; now?: Date }): Promise<ProjectOutcome> {
  return withLockedStaffProject(db, actor, projectId, async (tx, found) => {
    const row = found.project;
    if (row.status !== 'bidding') return { ok: false, reason: 'invalid_status', status: row.status };
    if (!isBiddingOpen(row, now)) return { ok: false, reason: 'already_closed' };
    await tx.update(project).set({ bidDeadline: now, updatedAt: new Date() }).where(eq(project.id, projectId));
    await recordProjectAudit(tx, { actor, origin }, 'project_updated', {
      project_id: projectId,
      bidding_closed_early: true,
      announced_deadline: row.bidDeadline?.toISOString() ?? null,
      bid_deadline: now.toISOString(),
    });
    return { ok: true, projectId };
  });
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
}: ProjectCommandArgs & { projectId: number; bidId: number; now?: Date }): Promise<ProjectOutcome> {
  return withLockedStaffProject(db, actor, projectId, async (tx, found) => {
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
    await recordProjectAudit(tx, { actor, origin }, 'project_status_changed', { project_id: projectId, from: 'bidding', to: 'awarded' });
    return { ok: true, projectId, workOrderId: created.workOrderId };
  });
}
