/**
 * Invoices (decision 029) and their review (item 5): the rules of a line (a negative
 * or fractional-cent line is refused with its field and nothing is written), the total computed
 * by the server, the number unique per vendor, who may invoice what, and approve / reject / pay
 * with the vendor told each time; staff are told of a new invoice.
 */
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, document, invoice, invoiceLine, notification, outbox, payout } from '~/server/db/schema';
import { ORIGIN, useWorkOrderScene, type Scene } from '../../../tests/setup/work-orders';
import {
  approveInvoice,
  findInvoicePdf,
  findInvoicesToReview,
  findVendorInvoices,
  payInvoice,
  rejectInvoice,
  submitInvoice,
} from './invoices.server';
import { acceptWorkOrder, startWorkOrder } from './vendor-work-orders.server';
import { readInvoiceForm, validateInvoice, type InvoiceInput } from './invoices.schemas';

const { database, scene } = useWorkOrderScene();

/** A work order of vendor A, accepted and started (so it may be invoiced). */
async function inProgress() {
  const offered = await scene.offer();
  await acceptWorkOrder({ db: database.db, viewer: scene.vendorA.viewer, origin: ORIGIN, workOrderId: offered.workOrderId });
  await startWorkOrder({ db: database.db, viewer: scene.vendorA.viewer, origin: ORIGIN, workOrderId: offered.workOrderId });
  return offered;
}

/** `vendor` submits `input` (with the `pdf` uploaded, if any) through the test's database. */
function invoiceAs(vendor: Scene['vendorA'], input: InvoiceInput, pdf?: Parameters<typeof submitInvoice>[0]['pdf']) {
  return submitInvoice({ db: database.db, viewer: vendor.viewer, origin: ORIGIN, input, pdf });
}

let numbers = 0;
function goodInvoice(workOrderId: number, overrides: Partial<InvoiceInput> = {}): InvoiceInput {
  numbers += 1;
  return {
    workOrderId,
    number: `INV-${numbers}`,
    lines: [
      { kind: 'labour', description: 'Plumber, 1.5 h', quantity: '1.5', unitCents: 8_000 },
      { kind: 'materials', description: 'P-trap', quantity: 3, unitCents: 1_234 },
    ],
    taxCents: 1_250,
    ...overrides,
  };
}

async function invoiceCount() {
  const [row] = await database.db.select({ n: count() }).from(invoice);
  return Number(row!.n);
}

describe('the rules of an invoice', () => {
  it('computes every amount in cents: lines, subtotal, tax, total', () => {
    const checked = validateInvoice(goodInvoice(1));
    expect(checked.ok && checked.invoice).toMatchObject({ subtotalCents: 12_000 + 3_702, taxCents: 1_250, totalCents: 16_952 });
    expect(checked.ok && checked.invoice.lines.map((line) => [line.quantityHundredths, line.amountCents])).toEqual([
      [150, 12_000],
      [300, 3_702],
    ]);
  });

  it('refuses negative, fractional-cent and malformed lines field by field', () => {
    const checked = validateInvoice(
      goodInvoice(1, {
        number: '',
        lines: [
          { kind: 'labour', description: 'Negative', quantity: '1', unitCents: -500 },
          { kind: 'labour', description: 'A third of a cent', quantity: '1.5', unitCents: 3_333 },
          { kind: 'materials', description: 'Fraction of a cent', quantity: '2', unitCents: 12.5 },
          { kind: 'labour', description: 'Three decimals', quantity: '1.234', unitCents: 100 },
          { kind: 'travel', description: '', quantity: '0', unitCents: 100 },
        ],
        taxCents: -1,
      }),
    );
    expect(checked.ok).toBe(false);
    const keys = !checked.ok ? Object.fromEntries(Object.entries(checked.errors).map(([field, issue]) => [field, issue.key])) : {};
    expect(keys).toEqual({
      number: 'common.form.required',
      tax: 'workOrders.errors.amountNegative',
      'lines.0.unitPrice': 'workOrders.errors.amountNegative',
      'lines.1.amount': 'workOrders.errors.lineFractionalCents',
      'lines.2.unitPrice': 'workOrders.errors.amountFractionalCents',
      'lines.3.quantity': 'workOrders.errors.quantityDecimals',
      'lines.4.kind': 'workOrders.errors.lineKind',
      'lines.4.description': 'common.form.required',
      'lines.4.quantity': 'workOrders.errors.quantityPositive',
    });
    expect(validateInvoice(goodInvoice(1, { lines: [] }))).toEqual({ ok: false, errors: { lines: { key: 'workOrders.errors.noLines' } } });
  });

  it('reads the form: dollars with a sign or a fraction of a cent are refused where they were typed', () => {
    const { input, errors } = readInvoiceForm({
      workOrderId: '12',
      number: 'A-1',
      tax: '12.345',
      'lines.0.kind': 'labour',
      'lines.0.description': 'Hours',
      'lines.0.quantity': '2',
      'lines.0.unitPrice': '-40',
      'lines.1.kind': 'materials',
      'lines.1.description': '',
      'lines.1.quantity': '',
      'lines.1.unitPrice': '',
      'lines.2.kind': 'materials',
      'lines.2.description': 'Valve',
      'lines.2.quantity': '1,5',
      'lines.2.unitPrice': '$1,250.50',
    });
    expect(errors).toEqual({
      tax: { key: 'workOrders.errors.amountFractionalCents' },
      'lines.0.unitPrice': { key: 'workOrders.errors.amountNegative' },
    });
    expect(input.lines).toEqual([
      { kind: 'labour', description: 'Hours', quantity: '2', unitCents: 0 },
      { kind: 'materials', description: 'Valve', quantity: '1,5', unitCents: 125_050 },
    ]);
    expect(input.workOrderId).toBe(12);
  });
});

describe('a vendor invoices its work', () => {
  it('submits an invoice: lines stored, the total computed here, staff told, the PDF kept as a document', async () => {
    const { workOrderId } = await inProgress();
    const pdf = {
      key: 'documents/ab/abcdef0123456789abcdef0123456789.pdf',
      mime: 'application/pdf' as const,
      sizeBytes: 2048,
      sha256: 'b'.repeat(64),
      originalName: 'inv.pdf',
    };
    const outcome = await invoiceAs(scene.vendorA, goodInvoice(workOrderId, { number: 'ACME-001' }), pdf);
    expect(outcome).toMatchObject({ ok: true, totalCents: 16_952 });
    const invoiceId = outcome.ok ? outcome.invoiceId : 0;
    const [row] = await database.db.select().from(invoice).where(eq(invoice.id, invoiceId));
    expect(row).toMatchObject({
      status: 'submitted',
      number: 'ACME-001',
      subtotalCents: 15_702,
      taxCents: 1_250,
      totalCents: 16_952,
      vendorId: scene.vendorA.vendorId,
    });
    const lines = await database.db.select().from(invoiceLine).where(eq(invoiceLine.invoiceId, invoiceId)).orderBy(invoiceLine.position);
    expect(
      lines.map((line) => [line.position, line.kind, Number(line.quantity), Number(line.unitCents), Number(line.amountCents)]),
    ).toEqual([
      [1, 'labour', 1.5, 8_000, 12_000],
      [2, 'materials', 3, 1_234, 3_702],
    ]);
    const [stored] = await database.db.select().from(document).where(eq(document.id, row!.documentId!));
    expect(stored).toMatchObject({ ownerType: 'invoice', ownerId: String(invoiceId), kind: 'invoice', mime: 'application/pdf' });
    // Staff: in-app to the admin and the building's manager, e-mail to the manager.
    const notes = await database.db.select().from(notification).where(eq(notification.title, 'Invoice ACME-001 to review'));
    expect(new Set(notes.map((note) => note.userId))).toEqual(new Set([scene.admin.id, scene.manager.id]));
    const mails = await database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.dedupeKey, `work-order-mail:invoice-submitted:${invoiceId}:staff:${scene.manager.id}`));
    expect(mails[0]?.payload).toMatchObject({ template: 'invoiceSubmitted', values: { total: '$169.52', number: 'ACME-001' } });
    const pdfFile = await findInvoicePdf({ db: database.db, viewer: scene.vendorA.viewer, invoiceId, origin: ORIGIN });
    expect(pdfFile).toEqual({ key: pdf.key, fileName: 'invoice-ACME-001.pdf', sizeBytes: 2048 });
    expect(await findInvoicePdf({ db: database.db, viewer: scene.vendorB.viewer, invoiceId, origin: ORIGIN })).toBeNull();
    expect(await findInvoicePdf({ db: database.db, viewer: scene.otherManager.viewer, invoiceId, origin: ORIGIN })).toBeNull();
    expect(await findInvoicePdf({ db: database.db, viewer: scene.manager.viewer, invoiceId, origin: ORIGIN })).not.toBeNull();
  });

  it('refuses a negative or fractional-cent line and writes nothing', async () => {
    const { workOrderId } = await inProgress();
    const before = await invoiceCount();
    const negative = await invoiceAs(
      scene.vendorA,
      goodInvoice(workOrderId, { lines: [{ kind: 'labour', description: 'Refund', quantity: 1, unitCents: -100 }] }),
    );
    expect(negative).toEqual({
      ok: false,
      reason: 'invalid',
      errors: { 'lines.0.unitPrice': { key: 'workOrders.errors.amountNegative' } },
    });
    const fractional = await invoiceAs(
      scene.vendorA,
      goodInvoice(workOrderId, { lines: [{ kind: 'labour', description: 'Odd', quantity: '0.5', unitCents: 3_333 }] }),
    );
    expect(fractional).toEqual({
      ok: false,
      reason: 'invalid',
      errors: { 'lines.0.amount': { key: 'workOrders.errors.lineFractionalCents' } },
    });
    expect(await invoiceCount()).toBe(before);
  });

  it('refuses a work order not yet started, another vendor’s (audited) and a number used before', async () => {
    const offered = await scene.offer();
    await acceptWorkOrder({ db: database.db, viewer: scene.vendorA.viewer, origin: ORIGIN, workOrderId: offered.workOrderId });
    expect(
      await submitInvoice({ db: database.db, viewer: scene.vendorA.viewer, origin: ORIGIN, input: goodInvoice(offered.workOrderId) }),
    ).toEqual({ ok: false, reason: 'not_invoiceable' });

    const { workOrderId } = await inProgress();
    const refusalsBefore = await database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.userId, scene.vendorB.userId), eq(auditLog.action, 'access_denied')));
    expect(await submitInvoice({ db: database.db, viewer: scene.vendorB.viewer, origin: ORIGIN, input: goodInvoice(workOrderId) })).toEqual(
      { ok: false, reason: 'not_found' },
    );
    const refusalsAfter = await database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.userId, scene.vendorB.userId), eq(auditLog.action, 'access_denied')));
    expect(refusalsAfter[0]!.n - refusalsBefore[0]!.n).toBe(1);

    expect(await invoiceAs(scene.vendorA, goodInvoice(workOrderId, { number: 'DUP-1' }))).toMatchObject({ ok: true });
    expect(await invoiceAs(scene.vendorA, goodInvoice(workOrderId, { number: 'DUP-1' }))).toEqual({
      ok: false,
      reason: 'duplicate_number',
      errors: { number: { key: 'workOrders.errors.duplicateNumber' } },
    });
    // Another vendor may use the same number.
    const theirs = await scene.offer({ vendor: scene.vendorB });
    await acceptWorkOrder({ db: database.db, viewer: scene.vendorB.viewer, origin: ORIGIN, workOrderId: theirs.workOrderId });
    await startWorkOrder({ db: database.db, viewer: scene.vendorB.viewer, origin: ORIGIN, workOrderId: theirs.workOrderId });
    expect(await invoiceAs(scene.vendorB, goodInvoice(theirs.workOrderId, { number: 'DUP-1' }))).toMatchObject({ ok: true });
  });
});

describe('staff review invoices', () => {
  async function submitted(number: string) {
    const { workOrderId } = await inProgress();
    const outcome = await invoiceAs(scene.vendorA, goodInvoice(workOrderId, { number }));
    if (!outcome.ok) throw new Error(outcome.reason);
    return { invoiceId: outcome.invoiceId, workOrderId };
  }

  async function vendorMail(key: string) {
    const [row] = await database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.dedupeKey, `work-order-mail:${key}:vendor:${scene.vendorA.vendorId}`));
    return row?.payload as { template: string; to: string; values: Record<string, string> } | undefined;
  }

  it('approve, then pay with a payout row; the vendor is told each time', async () => {
    const { invoiceId } = await submitted('PAY-1');
    const admin = scene.admin.viewer;
    expect(await payInvoice({ db: database.db, actor: admin, origin: ORIGIN, invoiceId, method: 'check', reference: '1001' })).toEqual({
      ok: false,
      reason: 'invalid_transition',
      current: 'submitted',
    });
    expect(await approveInvoice({ db: database.db, actor: admin, origin: ORIGIN, invoiceId })).toMatchObject({ ok: true, invoiceId });
    const [approved] = await database.db.select().from(invoice).where(eq(invoice.id, invoiceId));
    expect(approved).toMatchObject({ status: 'approved', decidedBy: scene.admin.id });
    expect(await vendorMail(`invoice-approved:${invoiceId}`)).toMatchObject({
      template: 'invoiceApproved',
      to: scene.vendorA.email,
      values: { total: '$169.52' },
    });
    expect(await approveInvoice({ db: database.db, actor: admin, origin: ORIGIN, invoiceId })).toEqual({
      ok: false,
      reason: 'invalid_transition',
      current: 'approved',
    });

    expect(
      await payInvoice({ db: database.db, actor: admin, origin: ORIGIN, invoiceId, method: 'bank_transfer', reference: 'WIRE-77' }),
    ).toMatchObject({ ok: true });
    const [paid] = await database.db.select().from(invoice).where(eq(invoice.id, invoiceId));
    expect(paid!.status).toBe('paid');
    expect(paid!.paidAt).toBeInstanceOf(Date);
    const payouts = await database.db.select().from(payout).where(eq(payout.invoiceId, invoiceId));
    expect(payouts.map((row) => [Number(row.amountCents), row.method, row.reference, row.vendorId])).toEqual([
      [16_952, 'bank_transfer', 'WIRE-77', scene.vendorA.vendorId],
    ]);
    expect(await vendorMail(`invoice-paid:${invoiceId}`)).toMatchObject({
      template: 'invoicePaid',
      values: { method: 'bank transfer', reference: 'WIRE-77' },
    });
    const notes = await database.db
      .select({ title: notification.title })
      .from(notification)
      .where(eq(notification.userId, scene.vendorA.userId));
    expect(notes.map((note) => note.title)).toEqual(expect.arrayContaining(['Invoice PAY-1 approved', 'Invoice PAY-1 paid']));
    const audits = await database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.tableName, 'invoice'));
    expect(audits.map((row) => row.action)).toEqual(expect.arrayContaining(['invoice_submitted', 'invoice_approved', 'invoice_paid']));

    const mine = await findVendorInvoices({ db: database.db, viewer: scene.vendorA.viewer });
    expect(mine.items.find((item) => item.id === invoiceId)).toMatchObject({
      status: 'paid',
      payout: { method: 'bank_transfer', amountCents: 16_952 },
      lines: [{ kind: 'labour' }, { kind: 'materials' }],
    });
  });

  it('reject with a reason; the vendor is told why; a rejected invoice cannot be paid', async () => {
    const { invoiceId } = await submitted('REJ-1');
    expect(
      await rejectInvoice({ db: database.db, actor: scene.manager.viewer, origin: ORIGIN, invoiceId, reason: 'Missing receipts' }),
    ).toMatchObject({ ok: true });
    const [row] = await database.db.select().from(invoice).where(eq(invoice.id, invoiceId));
    expect(row).toMatchObject({ status: 'rejected', rejectionReason: 'Missing receipts', decidedBy: scene.manager.id });
    expect(await vendorMail(`invoice-rejected:${invoiceId}`)).toMatchObject({
      template: 'invoiceRejected',
      values: { reason: 'Missing receipts' },
    });
    expect(
      await payInvoice({ db: database.db, actor: scene.admin.viewer, origin: ORIGIN, invoiceId, method: 'cash', reference: '' }),
    ).toEqual({ ok: false, reason: 'invalid_transition', current: 'rejected' });
  });

  it('a manager of another building cannot see or decide the invoice (404, audited), nor can a vendor', async () => {
    const { invoiceId } = await submitted('SCOPE-1');
    const outsider = scene.otherManager.viewer;
    expect((await findInvoicesToReview({ db: database.db, actor: outsider })).map((item) => item.id)).not.toContain(invoiceId);
    expect((await findInvoicesToReview({ db: database.db, actor: scene.manager.viewer })).map((item) => item.id)).toContain(invoiceId);
    expect(await approveInvoice({ db: database.db, actor: outsider, origin: ORIGIN, invoiceId })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(await approveInvoice({ db: database.db, actor: scene.vendorA.viewer, origin: ORIGIN, invoiceId })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    const [row] = await database.db.select().from(invoice).where(eq(invoice.id, invoiceId));
    expect(row!.status).toBe('submitted');
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, outsider.id), eq(auditLog.action, 'access_denied'), eq(auditLog.tableName, 'invoice')));
    expect(audits.map((audit) => (audit.newValues as { object_id: string }).object_id)).toContain(String(invoiceId));
  });
});
