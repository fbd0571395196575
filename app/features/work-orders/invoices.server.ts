/**
 * Invoices (decision 029; item 5 "approve invoices"): a vendor invoices its own work
 * order once the work is in progress or completed — lines (labour, materials) with a quantity
 * and a unit price, tax, the total computed here (subtotal + tax, integer cents), an optional
 * PDF —, staff approve or reject it with a reason, and pay an approved one (a `payout` row:
 * method, reference). `submitted → approved | rejected`, `approved → paid`.
 *
 * Who: the vendor sees and invoices only its own work orders; admins review every invoice, a
 * property manager those of the buildings they manage; anyone else's invoice is "not found"
 * (audited when it exists). Each step is one transaction with its audit entry, the live
 * `work_order.updated` event and the notifications: staff (admins + the building's manager) when
 * an invoice is submitted, the vendor (in-app + e-mail, en/it) at each decision and the payout.
 */
import { isAdmin, isPropertyManager, isStaff } from '~/lib/access';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Language } from '~/lib/constants';
import { formatCents } from '~/lib/format';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { building, document, invoice, invoiceLine, payout, workOrder } from '~/server/db/schema';
import { mailWord, tellStaff, tellVendor } from './work-order-mail.server';
import { readInvoiceSummaries, selectWorkOrderJobs, withInvoiceLines, workOrderTitle } from './work-order-read.server';
import { auditWorkOrderRefusal } from './work-order-refusals.server';
import { insertFileDocument } from '~/server/uploads/file-documents.server';
import type { StoredPdf } from './work-order-uploads.server';
import { findViewerVendor, INVOICEABLE_STATUSES, type VendorViewer } from './vendor-work-orders.server';
import { publishWorkOrderUpdate, workOrderFacts } from './work-order-core.server';
import { validateInvoice, type InvoiceErrors, type InvoiceInput, type PayoutMethod } from './invoices.schemas';
import { formatWorkOrderCursor, type WorkOrderCursor } from './work-order-lists.schemas';
import type { InvoiceableWorkOrder, InvoiceDetail, InvoiceSummary } from './work-orders.types';
import { isId } from '~/lib/ids';

/** The acting staff member: an admin, or a property manager scoped to their buildings. */
export type StaffActor = Pick<Viewer, 'id' | 'role'>;

/** Invoices a vendor's list shows per page. */
export const VENDOR_INVOICES_PAGE_SIZE = 50;

/** The condition limiting `work_order` rows to `actor`'s buildings (undefined: all, for admins). */
export function staffWorkOrderScope(actor: StaffActor): SQL | undefined {
  if (isAdmin(actor.role)) return undefined;
  if (!isPropertyManager(actor.role)) return sql`false`;
  return sql`${workOrder.buildingId} in (select ${building.id} from ${building} where ${building.managerId} = ${actor.id})`;
}

export type SubmitInvoiceOutcome =
  | { ok: true; invoiceId: number; totalCents: number }
  | { ok: false; reason: 'not_found' | 'not_invoiceable' | 'invalid' | 'duplicate_number'; errors?: InvoiceErrors };

/** True for PostgreSQL's unique violation on the invoice number. */
function isDuplicateNumber(error: unknown): boolean {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const code = (cause as { code?: string })?.code;
  const constraint = (cause as { constraint?: string })?.constraint;
  return code === '23505' && (constraint === undefined || constraint === 'invoice_vendor_number_idx');
}

/**
 * The viewer's vendor invoices its work order `input.workOrderId` (decision 029):
 * `validateInvoice` checks the number, the lines and the tax and computes every amount (a
 * negative or fractional-cent line is refused with its field, nothing written: `invalid`); the
 * work order must be the vendor's (`not_found`, audited) and in progress or completed
 * (`not_invoiceable`); the number must be new for this vendor (`duplicate_number`). Writes the
 * invoice (`submitted`), its lines, the PDF's `document` row (owner `invoice`, kind `invoice`),
 * the audit entry, the live event, and tells staff (in-app to the admins and the building's
 * manager, e-mail to the manager).
 */
export async function submitInvoice({
  db,
  viewer,
  origin,
  input,
  pdf = null,
}: {
  db: Db;
  viewer: VendorViewer;
  origin: RequestOrigin;
  input: InvoiceInput;
  pdf?: StoredPdf | null;
}): Promise<SubmitInvoiceOutcome> {
  const checked = validateInvoice(input);
  if (!checked.ok) return { ok: false, reason: 'invalid', errors: checked.errors };
  const valid = checked.invoice;
  const record = await findViewerVendor(db, viewer);
  let outcome: SubmitInvoiceOutcome;
  try {
    outcome = !record
      ? { ok: false, reason: 'not_found' }
      : await db.transaction(async (tx): Promise<SubmitInvoiceOutcome> => {
          const [order] = await selectWorkOrderJobs(tx, { ...workOrderFacts, title: workOrderTitle })
            .where(and(eq(workOrder.id, valid.workOrderId), eq(workOrder.vendorId, record.id)))
            .for('share', { of: workOrder });
          if (!order) return { ok: false, reason: 'not_found' };
          if (!(INVOICEABLE_STATUSES as readonly string[]).includes(order.status)) return { ok: false, reason: 'not_invoiceable' };
          const [taken] = await tx
            .select({ id: invoice.id })
            .from(invoice)
            .where(and(eq(invoice.vendorId, record.id), eq(invoice.number, valid.number)));
          if (taken) return { ok: false, reason: 'duplicate_number', errors: { number: { key: 'workOrders.errors.duplicateNumber' } } };
          const [created] = await tx
            .insert(invoice)
            .values({
              workOrderId: order.id,
              vendorId: record.id,
              number: valid.number,
              subtotalCents: valid.subtotalCents,
              taxCents: valid.taxCents,
              totalCents: valid.totalCents,
              notes: valid.notes,
            })
            .returning({ id: invoice.id });
          const invoiceId = created!.id;
          await tx.insert(invoiceLine).values(
            valid.lines.map((line, index) => ({
              invoiceId,
              position: index + 1,
              kind: line.kind,
              description: line.description,
              quantity: line.quantityHundredths / 100,
              unitCents: line.unitCents,
              amountCents: line.amountCents,
            })),
          );
          if (pdf) {
            const documentId = await insertFileDocument(tx, pdf, {
              ownerType: 'invoice',
              ownerId: invoiceId,
              kind: 'invoice',
              createdBy: viewer.id,
              url: `/vendor-portal/invoices/${invoiceId}/pdf`,
            });
            await tx.update(invoice).set({ documentId }).where(eq(invoice.id, invoiceId));
          }
          await recordAuditEvent({
            db: tx,
            userId: viewer.id,
            action: 'invoice_submitted',
            origin,
            tableName: 'invoice',
            values: {
              invoice_id: invoiceId,
              work_order_id: order.id,
              number: valid.number,
              total_cents: valid.totalCents,
              pdf: Boolean(pdf),
            },
          });
          await publishWorkOrderUpdate(tx, order, order.status);
          await tellStaff(tx, {
            workOrderId: order.id,
            buildingId: order.buildingId,
            template: 'invoiceSubmitted',
            values: (lang: Language) => ({
              id: String(order.id),
              title: order.title,
              vendor: record.companyName,
              number: valid.number,
              total: formatCents(valid.totalCents, lang),
              tax: formatCents(valid.taxCents, lang),
            }),
            key: `invoice-submitted:${invoiceId}`,
          });
          return { ok: true, invoiceId, totalCents: valid.totalCents };
        });
  } catch (error) {
    // Two submissions of one number at the same moment: the unique index decides.
    if (isDuplicateNumber(error))
      return { ok: false, reason: 'duplicate_number', errors: { number: { key: 'workOrders.errors.duplicateNumber' } } };
    throw error;
  }
  if (!outcome.ok && outcome.reason === 'not_found') {
    await auditWorkOrderRefusal(db, viewer, {
      table: 'work_order',
      id: valid.workOrderId,
      reason: 'not_your_work_order',
      origin,
      intent: 'invoice',
    });
  }
  return outcome;
}

/** The viewer's work orders it may invoice now (in progress or completed), newest first (≤ 200). */
export async function findInvoiceableWorkOrders({ db, viewer }: { db: Db; viewer: VendorViewer }): Promise<InvoiceableWorkOrder[]> {
  const record = await findViewerVendor(db, viewer);
  if (!record) return [];
  const rows = await selectWorkOrderJobs(db, { id: workOrder.id, status: workOrder.status, title: workOrderTitle })
    .where(and(eq(workOrder.vendorId, record.id), inArray(workOrder.status, [...INVOICEABLE_STATUSES])))
    .orderBy(sql`${workOrder.createdAt} desc`, sql`${workOrder.id} desc`)
    .limit(200);
  return rows;
}

/** `submitted_at` exactly as stored (the invoices list's cursor). */
const submittedAtText = sql<string>`to_char(${invoice.submittedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of the viewer's invoices, newest first (`VENDOR_INVOICES_PAGE_SIZE` after `cursor`,
 * a position in `submitted_at desc, id desc`), with lines and payout.
 */
export async function findVendorInvoices({
  db,
  viewer,
  cursor = null,
}: {
  db: Db;
  viewer: VendorViewer;
  cursor?: WorkOrderCursor | null;
}): Promise<{ items: InvoiceDetail[]; nextCursor: string | null }> {
  const record = await findViewerVendor(db, viewer);
  if (!record) return { items: [], nextCursor: null };
  const at = cursor ? sql`${cursor.createdAt}::timestamptz` : null;
  const after =
    at && cursor
      ? and(sql`${invoice.submittedAt} <= ${at}`, sql`(${invoice.submittedAt}, ${invoice.id}) < (${at}, ${cursor.id})`)
      : undefined;
  const summaries = await readInvoiceSummaries(db, and(eq(invoice.vendorId, record.id), after), { limit: VENDOR_INVOICES_PAGE_SIZE + 1 });
  const page = summaries.slice(0, VENDOR_INVOICES_PAGE_SIZE);
  let nextCursor: string | null = null;
  const last = page.at(-1);
  if (summaries.length > VENDOR_INVOICES_PAGE_SIZE && last) {
    const [exact] = await db.select({ at: submittedAtText }).from(invoice).where(eq(invoice.id, last.id));
    if (exact) nextCursor = formatWorkOrderCursor({ createdAt: exact.at, id: last.id });
  }
  return { items: await withInvoiceLines(db, page), nextCursor };
}

/**
 * The invoices waiting for staff (submitted, to approve or reject; approved, to pay) in
 * `actor`'s scope, oldest first (≤ `limit`). Anyone but staff gets none.
 */
export async function findInvoicesToReview({
  db,
  actor,
  limit = 50,
}: {
  db: Db;
  actor: StaffActor;
  limit?: number;
}): Promise<InvoiceSummary[]> {
  if (!isStaff(actor.role)) return [];
  return readInvoiceSummaries(db, and(or(eq(invoice.status, 'submitted'), eq(invoice.status, 'approved')), staffWorkOrderScope(actor)), {
    order: 'oldest',
    limit,
  });
}

/** The invoices of work order `workOrderId` with lines and payouts (the caller has checked the scope). */
export async function findWorkOrderInvoices(db: Db, workOrderId: number): Promise<InvoiceDetail[]> {
  return withInvoiceLines(db, await readInvoiceSummaries(db, eq(invoice.workOrderId, workOrderId), { order: 'oldest', limit: 50 }));
}

export type InvoiceDecisionOutcome =
  { ok: true; invoiceId: number; workOrderId: number } | { ok: false; reason: 'not_found' | 'invalid_transition'; current?: string };

type DecisionOptions = { db: Db; actor: StaffActor; origin: RequestOrigin; invoiceId: number };

/** The invoice `invoiceId` locked, if `actor` may review it (with its work order's facts). */
async function lockScopedInvoice(tx: Db, actor: StaffActor, invoiceId: number) {
  if (!isStaff(actor.role) || !isId(invoiceId)) return null;
  const [row] = await selectWorkOrderJobs(tx, {
    id: invoice.id,
    status: invoice.status,
    number: invoice.number,
    vendorId: invoice.vendorId,
    totalCents: invoice.totalCents,
    workOrderId: workOrder.id,
    workOrderStatus: workOrder.status,
    buildingId: workOrder.buildingId,
    maintenanceRequestId: workOrder.maintenanceRequestId,
    title: workOrderTitle,
  })
    .innerJoin(invoice, eq(invoice.workOrderId, workOrder.id))
    .where(and(eq(invoice.id, invoiceId), staffWorkOrderScope(actor)))
    .for('update', { of: invoice });
  return row ?? null;
}

type ScopedInvoice = NonNullable<Awaited<ReturnType<typeof lockScopedInvoice>>>;

/**
 * The common path of approve / reject / pay: lock the invoice in scope, check its status is
 * `from`, apply `change` (the update and whatever goes with it), publish the live event, audit,
 * tell the vendor. An unknown or out-of-scope invoice is `not_found` (audited when it exists).
 */
async function decide(
  { db, actor, origin, invoiceId }: DecisionOptions,
  {
    from,
    action,
    change,
  }: {
    from: 'submitted' | 'approved';
    action: 'invoice_approved' | 'invoice_rejected' | 'invoice_paid';
    change: (tx: Db, row: ScopedInvoice) => Promise<Record<string, unknown>>;
  },
): Promise<InvoiceDecisionOutcome> {
  const outcome = await db.transaction(async (tx): Promise<InvoiceDecisionOutcome> => {
    const row = await lockScopedInvoice(tx, actor, invoiceId);
    if (!row) return { ok: false, reason: 'not_found' };
    if (row.status !== from) return { ok: false, reason: 'invalid_transition', current: row.status };
    const values = await change(tx, row);
    await publishWorkOrderUpdate(
      tx,
      { id: row.workOrderId, vendorId: row.vendorId, buildingId: row.buildingId, maintenanceRequestId: row.maintenanceRequestId },
      row.workOrderStatus,
    );
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action,
      origin,
      tableName: 'invoice',
      values: { invoice_id: row.id, work_order_id: row.workOrderId, ...values },
    });
    return { ok: true, invoiceId: row.id, workOrderId: row.workOrderId };
  });
  if (!outcome.ok && outcome.reason === 'not_found')
    await auditWorkOrderRefusal(db, actor, { table: 'invoice', id: invoiceId, reason: 'not_in_scope', origin });
  return outcome;
}

function invoiceValues(row: ScopedInvoice, lang: Language, extra: Record<string, string> = {}): Record<string, string> {
  return { id: String(row.workOrderId), title: row.title, number: row.number, total: formatCents(Number(row.totalCents), lang), ...extra };
}

/** Staff approve a submitted invoice (→ approved; `decided_at`, `decided_by`); the vendor is told (in-app + e-mail). */
export function approveInvoice(options: DecisionOptions): Promise<InvoiceDecisionOutcome> {
  return decide(options, {
    from: 'submitted',
    action: 'invoice_approved',
    change: async (tx, row) => {
      await tx
        .update(invoice)
        .set({ status: 'approved', decidedAt: new Date(), decidedBy: options.actor.id, rejectionReason: null })
        .where(eq(invoice.id, row.id));
      await tellVendor(tx, {
        vendorId: row.vendorId,
        template: 'invoiceApproved',
        values: (lang) => invoiceValues(row, lang),
        path: '/vendor-portal/invoices',
        key: `invoice-approved:${row.id}`,
        type: 'success',
      });
      return { total_cents: Number(row.totalCents) };
    },
  });
}

/** Staff reject a submitted invoice with `reason` (→ rejected; `rejection_reason`); the vendor is told with the reason. */
export function rejectInvoice(options: DecisionOptions & { reason: string }): Promise<InvoiceDecisionOutcome> {
  return decide(options, {
    from: 'submitted',
    action: 'invoice_rejected',
    change: async (tx, row) => {
      await tx
        .update(invoice)
        .set({ status: 'rejected', decidedAt: new Date(), decidedBy: options.actor.id, rejectionReason: options.reason })
        .where(eq(invoice.id, row.id));
      await tellVendor(tx, {
        vendorId: row.vendorId,
        template: 'invoiceRejected',
        values: (lang) => invoiceValues(row, lang, { reason: options.reason }),
        path: '/vendor-portal/invoices',
        key: `invoice-rejected:${row.id}`,
        type: 'warning',
      });
      return { reason: options.reason };
    },
  });
}

/**
 * Staff record the payment of an approved invoice (→ paid; `paid_at`) as a `payout` row of its
 * total with `method` and `reference`; the vendor is told (in-app + e-mail).
 */
export function payInvoice(options: DecisionOptions & { method: PayoutMethod; reference: string }): Promise<InvoiceDecisionOutcome> {
  return decide(options, {
    from: 'approved',
    action: 'invoice_paid',
    change: async (tx, row) => {
      const paidAt = new Date();
      await tx.insert(payout).values({
        invoiceId: row.id,
        vendorId: row.vendorId,
        amountCents: Number(row.totalCents),
        method: options.method,
        reference: options.reference || null,
        paidAt,
        createdBy: options.actor.id,
      });
      await tx.update(invoice).set({ status: 'paid', paidAt }).where(eq(invoice.id, row.id));
      await tellVendor(tx, {
        vendorId: row.vendorId,
        template: 'invoicePaid',
        values: (lang) => invoiceValues(row, lang, { method: mailWord(lang, 'method', options.method), reference: options.reference }),
        path: '/vendor-portal/invoices',
        key: `invoice-paid:${row.id}`,
        type: 'success',
      });
      return { total_cents: Number(row.totalCents), method: options.method, reference: options.reference };
    },
  });
}

/**
 * The stored PDF of invoice `invoiceId` for `viewer` — its vendor, an admin, or the manager of
 * its building — as the storage key and a download name, or null (no PDF, unknown, or not
 * theirs; audited when the invoice exists).
 */
export async function findInvoicePdf({
  db,
  viewer,
  invoiceId,
  origin,
}: {
  db: Db;
  viewer: VendorViewer;
  invoiceId: number;
  origin: RequestOrigin;
}): Promise<{ key: string; fileName: string; sizeBytes: number } | null> {
  if (!isId(invoiceId)) return null;
  let scope: SQL | undefined;
  if (viewer.role === 'vendor') {
    const record = await findViewerVendor(db, viewer);
    scope = record ? eq(invoice.vendorId, record.id) : sql`false`;
  } else scope = staffWorkOrderScope(viewer);
  const [row] = await db
    .select({ key: document.storageKey, number: invoice.number, sizeBytes: document.sizeBytes })
    .from(invoice)
    .innerJoin(workOrder, eq(workOrder.id, invoice.workOrderId))
    .innerJoin(document, eq(document.id, invoice.documentId))
    .where(and(eq(invoice.id, invoiceId), scope));
  if (!row) {
    await auditWorkOrderRefusal(db, viewer, { table: 'invoice', id: invoiceId, reason: 'not_in_scope', origin, intent: 'pdf' });
    return null;
  }
  const safe = row.number.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60) || String(invoiceId);
  return { key: row.key, fileName: `invoice-${safe}.pdf`, sizeBytes: row.sizeBytes };
}
