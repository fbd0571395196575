/**
 * Project commands outside bidding (spec §7, lifecycle in `projects.server.ts`): create, edit
 * while open, and the status buttons (start, complete, cancel), which refuse while work orders
 * of the project are open. Every change is audited.
 */
import { isStaffActor } from '~/lib/access';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { bid, project, projectVendor, workOrder } from '~/server/db/schema';
import { OPEN_WORK_ORDER_STATUSES } from '~/features/work-orders/work-order-core.server';
import { findManagedBuilding } from '~/features/portfolio/portfolio-access.server';
import { notifyVendors, vendorRecipients } from './project-notify.server';
import type { ProjectFormInput, ProjectStatusMove } from './projects.schemas';
import {
  canMoveProject,
  EDITABLE_STATUSES,
  factsOf,
  recordProjectAudit,
  withLockedStaffProject,
  type ProjectCommandArgs,
  type ProjectOutcome,
} from './projects.server';

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

/** The `project` columns the create/edit form sets, from its input (`budget` in cents; an empty description is none). */
function formColumns(input: ProjectFormInput) {
  return {
    name: input.name,
    kind: input.kind,
    description: input.description || null,
    budgetCents: input.budget,
    startDate: input.startDate,
    endDate: input.endDate,
  };
}

/**
 * Creates a `planned` project at a building `actor` manages. Refuses `building_not_found` for a
 * building that is unknown or someone else's. Audited (`project_created`).
 */
export async function createProject({
  db,
  actor,
  origin,
  input,
}: ProjectCommandArgs & { input: ProjectFormInput }): Promise<ProjectOutcome> {
  if (!isStaffActor(actor)) return { ok: false, reason: 'not_found' };
  return db.transaction(async (tx) => {
    const place = await findManagedBuilding({ db: tx, actor, buildingId: input.buildingId });
    if (!place) return { ok: false, reason: 'building_not_found' };
    const [created] = await tx
      .insert(project)
      .values({ buildingId: place.id, ...formColumns(input), createdBy: actor.id })
      .returning({ id: project.id });
    const projectId = created!.id;
    await recordProjectAudit(tx, { actor, origin }, 'project_created', {
      project_id: projectId,
      building_id: place.id,
      budget_cents: input.budget,
      kind: input.kind,
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
}: ProjectCommandArgs & { projectId: number; input: ProjectFormInput }): Promise<ProjectOutcome> {
  return withLockedStaffProject(db, actor, projectId, async (tx, found) => {
    const row = found.project;
    if (!EDITABLE_STATUSES.includes(row.status)) return { ok: false, reason: 'invalid_status', status: row.status };
    if (input.buildingId !== row.buildingId) {
      if (row.status !== 'planned') return { ok: false, reason: 'building_locked', status: row.status };
      if (!(await findManagedBuilding({ db: tx, actor, buildingId: input.buildingId }))) return { ok: false, reason: 'building_not_found' };
    }
    await tx
      .update(project)
      .set({ buildingId: input.buildingId, ...formColumns(input), updatedAt: new Date() })
      .where(eq(project.id, projectId));
    await recordProjectAudit(tx, { actor, origin }, 'project_updated', {
      project_id: projectId,
      budget_cents: input.budget,
      building_id: input.buildingId,
      previous_budget_cents: row.budgetCents,
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
}: ProjectCommandArgs & { projectId: number; to: ProjectStatusMove }): Promise<ProjectOutcome> {
  return withLockedStaffProject(db, actor, projectId, async (tx, found) => {
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
    await recordProjectAudit(tx, { actor, origin }, 'project_status_changed', { project_id: projectId, from: row.status, to });
    return { ok: true, projectId };
  });
}
