/**
 * Reading work orders and invoices for the pages (decision 029), shared by the
 * vendor portal and the staff assignments pages. These helpers read whatever the caller's
 * `where` selects: the callers add their scope (the vendor's own work orders; an admin's all; a
 * manager's buildings), so nothing here decides who may see what.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgSelectBase, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '~/server/db/client.server';
import {
  building,
  invoice,
  invoiceLine,
  maintenanceRequest,
  payout,
  project,
  property,
  user,
  vendor,
  workOrder,
  workOrderEvent,
} from '~/server/db/schema';
import type {
  EntryWindow,
  InvoiceDetail,
  InvoiceSummary,
  PayoutView,
  RequestPriority,
  VendorWorkOrderDetail,
  WorkOrderHistoryEntry,
} from './work-orders.types';
import type { InvoiceStatusValue, WorkOrderStatusValue } from './work-orders.schemas';
import type { WorkOrderCursor } from './work-order-lists.schemas';
import { parseEntryWindows } from './entry-windows';
import { requestReportColumns } from './maintenance-request-core.server';

/** `created_at` exactly as stored (microseconds, UTC): keyset cursors must not lose precision. */
export const workOrderCreatedAtText = sql<string>`to_char(${workOrder.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** What a keyset list of work orders takes: its filters, the page's cursor (null: the first page) and the page size. */
export type WorkOrderListQuery<Filters> = { db: Db; filters: Filters; cursor?: WorkOrderCursor | null; limit?: number };

/** Rows after `cursor` in `created_at desc, id desc` order (the plain `<=` lets the indexes bound the scan). */
export function workOrderAfter(cursor: { createdAt: string; id: number } | null): SQL | undefined {
  if (!cursor) return undefined;
  const at = sql`${cursor.createdAt}::timestamptz`;
  return and(sql`${workOrder.createdAt} <= ${at}`, sql`(${workOrder.createdAt}, ${workOrder.id}) < (${at}, ${cursor.id})`);
}

/**
 * Whether a work order is overdue at the database's `now()`: its due time passed before it was
 * finished, or its visit time passed before the work started.
 */
export const overdueCondition = sql`((${workOrder.dueAt} < now() and ${workOrder.status} in ('offered', 'accepted', 'scheduled', 'in_progress'))
  or (${workOrder.scheduledFor} < now() and ${workOrder.status} = 'scheduled'))`;

/** The same test in JavaScript, for rows already read (`now` in ms). */
export function isOverdue(row: { status: string; dueAt: Date | null; scheduledFor: Date | null }, now: number): boolean {
  const open = ['offered', 'accepted', 'scheduled', 'in_progress'].includes(row.status);
  return (
    (open && row.dueAt !== null && row.dueAt.getTime() < now) ||
    (row.status === 'scheduled' && row.scheduledFor !== null && row.scheduledFor.getTime() < now)
  );
}

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

/** The title of a work order (request title or project name, '' for neither) as SQL; needs `selectWorkOrderJobs`' joins. */
export const workOrderTitle = sql<string>`coalesce(${maintenanceRequest.title}, ${project.name}, '')`;

/** The query `selectWorkOrderJobs` builds: `Fields` of `work_order`, the other tables left-joined (nullable). */
type WorkOrderJobsSelect<Fields extends SelectedFields> = PgSelectBase<
  (typeof workOrder)['_']['name'],
  Fields,
  'partial',
  Record<(typeof workOrder)['_']['name'], 'not-null'> &
    Record<(typeof maintenanceRequest | typeof property | typeof project | typeof building)['_']['name'], 'nullable'>
>;

/**
 * `fields` of `work_order` rows with the job around them left-joined: the maintenance request,
 * its unit (`property`), the project and the building (every join by key, at most one row each).
 * The caller adds its `where` (and its scope), order and further joins.
 */
export function selectWorkOrderJobs<Fields extends SelectedFields>(db: Db, fields: Fields): WorkOrderJobsSelect<Fields> {
  const query = db
    .select(fields as SelectedFields)
    .from(workOrder)
    .leftJoin(maintenanceRequest, eq(maintenanceRequest.id, workOrder.maintenanceRequestId))
    .leftJoin(property, eq(property.id, maintenanceRequest.propertyId))
    .leftJoin(project, eq(project.id, workOrder.projectId))
    .leftJoin(building, eq(building.id, workOrder.buildingId));
  // Drizzle cannot follow a join chain over a generic selection; this states the type it builds.
  return query as unknown as WorkOrderJobsSelect<Fields>;
}

/** Entry windows as stored (JSON), kept only when well formed, cut to the day and HH:MM. */
export function entryWindowsOf(value: unknown): EntryWindow[] {
  return parseEntryWindows(value).map((item) => ({ date: item.date.slice(0, 10), from: item.from.slice(0, 5), to: item.to.slice(0, 5) }));
}

/**
 * The maintenance request of a work order (`maintenanceRequestId`) as the commands need it: id,
 * status and title; null for a project's work order (no request) or a request gone meanwhile.
 */
export async function readOrderRequest(db: Db, maintenanceRequestId: number | null) {
  if (maintenanceRequestId === null) return null;
  const [row] = await db
    .select({ id: maintenanceRequest.id, status: maintenanceRequest.status, title: maintenanceRequest.title })
    .from(maintenanceRequest)
    .where(eq(maintenanceRequest.id, maintenanceRequestId));
  return row ?? null;
}

/** The work order matched by `where` with its request or project, its place and its history (no invoices), or null. */
export async function readWorkOrderDetail(
  db: Db,
  where: SQL | undefined,
): Promise<
  | (Omit<VendorWorkOrderDetail, 'invoices' | 'invoiceable'> & {
      vendorId: number;
      buildingId: number | null;
      raw: { status: string; dueAt: Date | null; scheduledFor: Date | null };
    })
  | null
> {
  const [row] = await selectWorkOrderJobs(db, {
    id: workOrder.id,
    vendorId: workOrder.vendorId,
    buildingId: workOrder.buildingId,
    status: workOrder.status,
    instructions: workOrder.instructions,
    scheduledFor: workOrder.scheduledFor,
    dueAt: workOrder.dueAt,
    declineReason: workOrder.declineReason,
    cancelReason: workOrder.cancelReason,
    completionNotes: workOrder.completionNotes,
    acceptedAt: workOrder.acceptedAt,
    startedAt: workOrder.startedAt,
    completedAt: workOrder.completedAt,
    createdAt: workOrder.createdAt,
    request: {
      id: maintenanceRequest.id,
      status: maintenanceRequest.status,
      title: maintenanceRequest.title,
      category: maintenanceRequest.category,
      priority: maintenanceRequest.priority,
      ...requestReportColumns,
    },
    project: { id: project.id, name: project.name, description: project.description, kind: project.kind },
    buildingName: building.name,
    buildingStreet: building.streetAddress,
    buildingCity: building.city,
    buildingState: building.state,
    buildingZip: building.zipCode,
    unitAddress: property.address,
    unitNumber: property.unitNumber,
    unitCity: property.city,
    unitState: property.state,
    unitZip: property.zipCode,
  })
    .where(where)
    .limit(1);
  if (!row) return null;
  const request = row.request?.id
    ? {
        id: row.request.id,
        status: row.request.status!,
        category: row.request.category!,
        priority: row.request.priority as RequestPriority,
        description: row.request.description!,
        location: row.request.location,
        permissionToEnter: row.request.permissionToEnter ?? false,
        entryWindows: entryWindowsOf(row.request.entryWindows),
        entryNotes: row.request.entryNotes,
        photoUrls: row.request.photoUrls ?? [],
      }
    : null;
  const projectView = row.project?.id
    ? { id: row.project.id, name: row.project.name!, description: row.project.description, kind: row.project.kind! }
    : null;
  const hasPlace = row.buildingName !== null || row.unitAddress !== null;
  return {
    id: row.id,
    vendorId: row.vendorId,
    buildingId: row.buildingId,
    status: row.status,
    kind: request ? 'maintenance' : 'project',
    title: row.request?.title ?? row.project?.name ?? '',
    instructions: row.instructions,
    scheduledFor: iso(row.scheduledFor),
    dueAt: iso(row.dueAt),
    declineReason: row.declineReason,
    cancelReason: row.cancelReason,
    completionNotes: row.completionNotes,
    acceptedAt: iso(row.acceptedAt),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    createdAt: row.createdAt.toISOString(),
    request,
    project: projectView,
    place: hasPlace
      ? {
          buildingName: row.buildingName,
          address: row.unitAddress ?? row.buildingStreet,
          unitNumber: row.unitNumber,
          city: row.unitCity ?? row.buildingCity,
          state: row.unitState ?? row.buildingState,
          zipCode: row.unitZip ?? row.buildingZip,
        }
      : null,
    history: await readHistory(db, row.id),
    raw: { status: row.status, dueAt: row.dueAt, scheduledFor: row.scheduledFor },
  };
}

/** A work order's history, oldest first, with who acted (at most 200 entries). */
export async function readHistory(db: Db, workOrderId: number): Promise<WorkOrderHistoryEntry[]> {
  const rows = await db
    .select({
      id: workOrderEvent.id,
      kind: workOrderEvent.kind,
      fromStatus: workOrderEvent.fromStatus,
      toStatus: workOrderEvent.toStatus,
      note: workOrderEvent.note,
      photoUrls: workOrderEvent.photoUrls,
      photoPhase: workOrderEvent.photoPhase,
      actorName: user.name,
      createdAt: workOrderEvent.createdAt,
    })
    .from(workOrderEvent)
    .leftJoin(user, eq(user.id, workOrderEvent.actorId))
    .where(eq(workOrderEvent.workOrderId, workOrderId))
    .orderBy(asc(workOrderEvent.id))
    .limit(200);
  return rows.map((row) => ({
    ...row,
    photoPhase: row.photoPhase === 'before' || row.photoPhase === 'after' ? row.photoPhase : null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Invoices matched by `where` (tables: invoice, work_order, vendor, …), ordered by `order`, at most `limit`. */
export async function readInvoiceSummaries(
  db: Db,
  where: SQL | undefined,
  { order = 'newest', limit = 50 }: { order?: 'newest' | 'oldest'; limit?: number } = {},
): Promise<InvoiceSummary[]> {
  const rows = await selectWorkOrderJobs(db, {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    workOrderId: invoice.workOrderId,
    workOrderTitle,
    vendorId: invoice.vendorId,
    vendorName: vendor.companyName,
    buildingName: building.name,
    subtotalCents: invoice.subtotalCents,
    taxCents: invoice.taxCents,
    totalCents: invoice.totalCents,
    documentId: invoice.documentId,
    rejectionReason: invoice.rejectionReason,
    submittedAt: invoice.submittedAt,
    decidedAt: invoice.decidedAt,
    paidAt: invoice.paidAt,
  })
    .innerJoin(invoice, eq(invoice.workOrderId, workOrder.id))
    .innerJoin(vendor, eq(vendor.id, invoice.vendorId))
    .where(where)
    .orderBy(...(order === 'newest' ? [desc(invoice.submittedAt), desc(invoice.id)] : [asc(invoice.submittedAt), asc(invoice.id)]))
    .limit(limit);
  return rows.map(({ documentId, ...row }) => ({
    ...row,
    status: row.status as InvoiceStatusValue,
    hasPdf: documentId !== null,
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    paidAt: iso(row.paidAt),
  }));
}

/** `summaries` with their lines and payouts. */
export async function withInvoiceLines(db: Db, summaries: InvoiceSummary[]): Promise<InvoiceDetail[]> {
  if (summaries.length === 0) return [];
  const ids = summaries.map((row) => row.id);
  const [lines, payouts, notes] = await Promise.all([
    db.select().from(invoiceLine).where(inArray(invoiceLine.invoiceId, ids)).orderBy(asc(invoiceLine.invoiceId), asc(invoiceLine.position)),
    db.select().from(payout).where(inArray(payout.invoiceId, ids)),
    db.select({ id: invoice.id, notes: invoice.notes }).from(invoice).where(inArray(invoice.id, ids)),
  ]);
  return summaries.map((summary) => {
    const paid = payouts.find((row) => row.invoiceId === summary.id);
    return {
      ...summary,
      notes: notes.find((row) => row.id === summary.id)?.notes ?? null,
      lines: lines
        .filter((line) => line.invoiceId === summary.id)
        .map((line) => ({
          position: line.position,
          kind: line.kind,
          description: line.description,
          quantityHundredths: Math.round(Number(line.quantity) * 100),
          unitCents: Number(line.unitCents),
          amountCents: Number(line.amountCents),
        })),
      payout: paid
        ? {
            method: paid.method as PayoutView['method'],
            reference: paid.reference,
            amountCents: Number(paid.amountCents),
            paidAt: paid.paidAt.toISOString(),
          }
        : null,
    };
  });
}

/** Work order statuses as the pages type them. */
export function asStatus(value: string): WorkOrderStatusValue {
  return value as WorkOrderStatusValue;
}
