/**
 * The vendor portal's and the assignments pages' loaders and actions (decision 029) as the browser reaches them: forms and multipart posts with real photos and PDFs
 * through the upload pipeline, translated 422s that change nothing, 404s for someone else's
 * work order (audited), the PDF served only as an attachment, 303s after a plain post.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, document, invoice, workOrder, workOrderEvent } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { answerOf } from '../../../tests/setup/action-result';
import { jpegWithGps } from '../../../tests/setup/images';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { createTestVendor, makeScene, ORIGIN, type Scene } from '../../../tests/setup/work-orders';
import { handleAssignmentAction, loadAssignmentPage, loadAssignmentsPage } from './assignments.page.server';
import { acceptWorkOrder, startWorkOrder } from './vendor-work-orders.server';
import {
  handleNewInvoiceAction,
  handleVendorWorkOrderAction,
  invoicePdfResponse,
  loadVendorWorkOrderPage,
  loadVendorWorkOrdersPage,
} from './vendor-work-orders.page.server';

let database: TestDatabase;
let scene: Scene;
let context: DimoraLoadContext;
let uploadsDir: string;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  database = await createTestDatabase();
  scene = await makeScene(database.db);
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dimora-work-orders-'));
  context = testContext(database, { uploadsDir });
});
afterAll(async () => {
  await database?.close();
  await fs.rm(uploadsDir, { recursive: true, force: true });
});

function post(url: string, body: FormData | URLSearchParams, headers: Record<string, string> = {}): Request {
  return new Request(`http://dimora.test${url}`, { method: 'POST', body, headers });
}

/**
 * `viewer` posts `body` to the vendor portal's page of work order `workOrderId`, as the route's
 * action hands it over; `query` goes after the path (a multipart post names its intent there).
 */
function postVendorWorkOrder(
  viewer: Scene['vendorA']['viewer'],
  workOrderId: number,
  body: FormData | URLSearchParams,
  { query = '', headers = {} }: { query?: string; headers?: Record<string, string> } = {},
) {
  return handleVendorWorkOrderAction({
    request: post(`/vendor-portal/work-orders/${workOrderId}${query}`, body, headers),
    context,
    viewer,
    param: String(workOrderId),
  });
}

async function settle(run: () => unknown): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    return error;
  }
}

async function filesOnDisk(): Promise<string[]> {
  return context.storage.list('');
}

describe('the vendor’s work order page', () => {
  it('accepts with a form post (303 back for a plain post), and a foreign work order is a 404, audited', async () => {
    const { workOrderId } = await scene.offer();
    const plain = await postVendorWorkOrder(scene.vendorA.viewer, workOrderId, new URLSearchParams({ intent: 'accept' }), {
      headers: { 'sec-fetch-mode': 'navigate' },
    });
    expect(answerOf(plain)).toMatchObject({ status: 303, location: `/vendor-portal/work-orders/${workOrderId}?done=accept` });

    const refused = answerOf(await postVendorWorkOrder(scene.vendorB.viewer, workOrderId, new URLSearchParams({ intent: 'start' })));
    expect([refused.status, refused.body.errors]).toEqual([404, { form: 'This work order was not found.' }]);
    const thrown = await settle(() =>
      loadVendorWorkOrderPage({
        request: new Request(`http://dimora.test/vendor-portal/work-orders/${workOrderId}`),
        context,
        viewer: scene.vendorB.viewer,
        param: String(workOrderId),
      }),
    );
    expect(thrown).toMatchObject({ init: { status: 404 } });
    const audits = await database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.userId, scene.vendorB.userId), eq(auditLog.action, 'access_denied')));
    expect(audits[0]!.n).toBe(2);

    const page = await loadVendorWorkOrderPage({
      request: new Request(`http://dimora.test/vendor-portal/work-orders/${workOrderId}?done=accept`),
      context,
      viewer: scene.vendorA.viewer,
      param: String(workOrderId),
    });
    expect(page).toMatchObject({ done: 'accept', detail: { status: 'accepted' } });
  });

  it('answers 422 with a translated message for a visit in the past and 409 for a move the life cycle forbids', async () => {
    const { workOrderId } = await scene.offer();
    const schedule = (scheduledFor: string) =>
      postVendorWorkOrder(scene.vendorA.viewer, workOrderId, new URLSearchParams({ intent: 'schedule', scheduledFor }), {
        headers: {
          cookie: 'language=it',
        },
      });
    const past = answerOf(await schedule('2020-01-01T10:00'));
    expect([past.status, past.body.errors, past.body.values]).toEqual([
      422,
      { scheduledFor: 'La visita non può essere nel passato.' },
      { scheduledFor: '2020-01-01T10:00' },
    ]);
    const early = answerOf(await schedule(new Date(Date.now() + 86_400_000).toISOString().slice(0, 16)));
    expect([early.status, early.body.errors]).toEqual([
      409,
      { form: "Non è possibile ora: l'ordine di lavoro è Nuovo. La pagina ne mostra lo stato attuale." },
    ]);
    const unknown = answerOf(await postVendorWorkOrder(scene.vendorA.viewer, workOrderId, new URLSearchParams({ intent: 'explode' })));
    expect(unknown.status).toBe(400);
  });

  it('adds a note with real photos through the upload pipeline, and refuses a non-image renamed .jpg, keeping nothing', async () => {
    const { workOrderId } = await scene.offer();
    await acceptWorkOrder({ db: database.db, viewer: scene.vendorA.viewer, origin: ORIGIN, workOrderId });
    const form = new FormData();
    form.set('intent', 'note');
    form.set('note', 'Found the leak behind the panel');
    form.set('phase', 'before');
    form.append('photos', new File([new Uint8Array(await jpegWithGps(640))], 'leak.jpg', { type: 'image/jpeg' }));
    const before = await filesOnDisk();
    const ok = answerOf(await postVendorWorkOrder(scene.vendorA.viewer, workOrderId, form, { query: '?intent=note' }));
    expect(ok).toMatchObject({ status: 200, body: { ok: true, intent: 'note' } });
    const [entry] = await database.db
      .select()
      .from(workOrderEvent)
      .where(and(eq(workOrderEvent.workOrderId, workOrderId), eq(workOrderEvent.kind, 'note')));
    expect(entry).toMatchObject({ note: 'Found the leak behind the panel', photoPhase: 'before' });
    expect(entry!.photoUrls[0]).toMatch(/^\/files\/private\/photos\/[0-9a-f]{2}\/[0-9a-f]{32}-1200\.webp$/);
    expect((await filesOnDisk()).length).toBe(before.length + 3);

    const fake = new FormData();
    fake.set('intent', 'note');
    fake.set('note', 'x');
    fake.append('photos', new File([Buffer.from('<html><script>alert(1)</script></html>')], 'evil.jpg', { type: 'image/jpeg' }));
    const refused = answerOf(await postVendorWorkOrder(scene.vendorA.viewer, workOrderId, fake, { query: '?intent=note' }));
    expect(refused.status).toBe(415);
    expect(refused.body.errors.photos).toContain('JPEG, PNG, WebP, HEIC or AVIF');
    expect((await filesOnDisk()).length).toBe(before.length + 3);

    // Another vendor's work order: nothing is read, nothing stored.
    const foreign = answerOf(await postVendorWorkOrder(scene.vendorB.viewer, workOrderId, form, { query: '?intent=note' }));
    expect(foreign.status).toBe(404);
    expect((await filesOnDisk()).length).toBe(before.length + 3);
  });

  it('completes with notes and an after photo; a completion without notes is a 422 and stores nothing', async () => {
    const { workOrderId } = await scene.offer();
    await acceptWorkOrder({ db: database.db, viewer: scene.vendorA.viewer, origin: ORIGIN, workOrderId });
    await startWorkOrder({ db: database.db, viewer: scene.vendorA.viewer, origin: ORIGIN, workOrderId });
    const photo = new File([new Uint8Array(await jpegWithGps(480))], 'after.jpg', { type: 'image/jpeg' });
    const before = await filesOnDisk();
    const empty = new FormData();
    empty.set('intent', 'complete');
    empty.set('notes', '   ');
    empty.append('photos', photo);
    const missing = answerOf(await postVendorWorkOrder(scene.vendorA.viewer, workOrderId, empty, { query: '?intent=complete' }));
    expect([missing.status, missing.body.errors]).toEqual([422, { notes: 'This field is required' }]);
    expect(await filesOnDisk()).toEqual(before);

    const done = new FormData();
    done.set('intent', 'complete');
    done.set('notes', 'Replaced the valve');
    done.append('photos', photo);
    const completed = answerOf(await postVendorWorkOrder(scene.vendorA.viewer, workOrderId, done, { query: '?intent=complete' }));
    expect(completed).toMatchObject({ status: 200, body: { ok: true, intent: 'complete' } });
    const [row] = await database.db.select().from(workOrder).where(eq(workOrder.id, workOrderId));
    expect(row).toMatchObject({ status: 'completed', completionNotes: 'Replaced the valve' });
  });

  it('lists with bad filters as a 400 with messages', async () => {
    const answer = answerOf(
      await loadVendorWorkOrdersPage({
        request: new Request('http://dimora.test/vendor-portal/work-orders?status=nope'),
        context,
        viewer: scene.vendorA.viewer,
        meta: null,
      }),
    );
    expect(answer.status).toBe(400);
    expect((answer.body as unknown as { page: { errors: Record<string, string> } }).page.errors).toEqual({
      status: 'This status is not known.',
    });
  });
});

describe('the new-invoice page', () => {
  async function startedOrder() {
    const { workOrderId } = await scene.offer();
    await acceptWorkOrder({ db: database.db, viewer: scene.vendorA.viewer, origin: ORIGIN, workOrderId });
    await startWorkOrder({ db: database.db, viewer: scene.vendorA.viewer, origin: ORIGIN, workOrderId });
    return workOrderId;
  }

  function invoiceForm(workOrderId: number, lines: [string, string, string, string][], extra: Record<string, string> = {}): FormData {
    const form = new FormData();
    form.set('workOrderId', String(workOrderId));
    form.set('number', extra.number ?? `PG-${workOrderId}`);
    form.set('tax', extra.tax ?? '10.00');
    lines.forEach(([kind, description, quantity, unitPrice], index) => {
      form.set(`lines.${index}.kind`, kind);
      form.set(`lines.${index}.description`, description);
      form.set(`lines.${index}.quantity`, quantity);
      form.set(`lines.${index}.unitPrice`, unitPrice);
    });
    return form;
  }

  it('refuses a negative or fractional-cent line with translated field errors and the values echoed; nothing written', async () => {
    const workOrderId = await startedOrder();
    const form = invoiceForm(workOrderId, [
      ['labour', 'Hours', '2', '-40'],
      ['materials', 'Pipe', '1.5', '0.33'],
      ['materials', '', '1', ''],
    ]);
    const answer = answerOf(
      await handleNewInvoiceAction({ request: post('/vendor-portal/invoices/new', form), context, viewer: scene.vendorA.viewer }),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ 'lines.0.unitPrice': 'An amount cannot be negative.' });
    const second = answerOf(
      await handleNewInvoiceAction({
        request: post('/vendor-portal/invoices/new', invoiceForm(workOrderId, [['materials', 'Pipe', '1.5', '0.33']])),
        context,
        viewer: scene.vendorA.viewer,
      }),
    );
    expect([second.status, second.body.errors]).toEqual([
      422,
      { 'lines.0.amount': 'Quantity × unit price must come to whole cents (here it leaves a fraction of a cent).' },
    ]);
    expect((second.body.values as { lines: unknown[] }).lines).toEqual([
      { kind: 'materials', description: 'Pipe', quantity: '1.5', unitPrice: '0.33' },
    ]);
    const [rows] = await database.db.select({ n: count() }).from(invoice).where(eq(invoice.workOrderId, workOrderId));
    expect(rows!.n).toBe(0);
  });

  it('submits with a PDF (checked by its content) and serves it only as an attachment to those allowed', async () => {
    const workOrderId = await startedOrder();
    const renamed = invoiceForm(workOrderId, [['labour', 'Hours', '2', '40']]);
    renamed.append('pdf', new File([new Uint8Array(await jpegWithGps(200))], 'invoice.pdf', { type: 'application/pdf' }));
    const before = await filesOnDisk();
    const refused = answerOf(
      await handleNewInvoiceAction({ request: post('/vendor-portal/invoices/new', renamed), context, viewer: scene.vendorA.viewer }),
    );
    expect(refused.status).toBe(415);
    expect(await filesOnDisk()).toEqual(before);

    const form = invoiceForm(workOrderId, [
      ['labour', 'Hours', '2', '40'],
      ['materials', 'Valve', '1', '12.50'],
    ]);
    form.append('pdf', new File([PDF], 'INV 7.pdf', { type: 'application/pdf' }));
    const answer = answerOf(
      await handleNewInvoiceAction({ request: post('/vendor-portal/invoices/new', form), context, viewer: scene.vendorA.viewer }),
    );
    expect(answer).toMatchObject({ status: 303, location: '/vendor-portal/invoices?done=submitted' });
    const [row] = await database.db.select().from(invoice).where(eq(invoice.workOrderId, workOrderId));
    expect(row).toMatchObject({ subtotalCents: 9_250, taxCents: 1_000, totalCents: 10_250 });
    const [stored] = await database.db.select().from(document).where(eq(document.id, row!.documentId!));
    expect(stored!.storageKey).toMatch(/^documents\/[0-9a-f]{2}\/[0-9a-f]{32}\.pdf$/);

    const response = await invoicePdfResponse({
      request: new Request('http://dimora.test/x'),
      context,
      viewer: scene.vendorA.viewer,
      param: String(row!.id),
    });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="invoice-PG-${workOrderId}.pdf"; filename*=UTF-8''invoice-PG-${workOrderId}.pdf`,
    );
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    const foreign = await settle(() =>
      invoicePdfResponse({ request: new Request('http://dimora.test/x'), context, viewer: scene.vendorB.viewer, param: String(row!.id) }),
    );
    expect(foreign).toMatchObject({ init: { status: 404 } });
    const manager = await invoicePdfResponse({
      request: new Request('http://dimora.test/x'),
      context,
      viewer: scene.manager.viewer,
      param: String(row!.id),
    });
    expect(manager.status).toBe(200);
  });
});

describe('the assignments pages', () => {
  it('reassigning to an uninsured vendor answers a translated 422 and changes nothing; approving an invoice from the list works', async () => {
    const { workOrderId } = await scene.offer();
    const expired = await createTestVendor(database.db, { insuranceExpiry: '2022-02-02' });
    const request = post(
      `/admin/assignments/${workOrderId}`,
      new URLSearchParams({ intent: 'reassign', vendorId: String(expired.vendorId), reason: 'Quicker' }),
      { cookie: 'language=it' },
    );
    const answer = answerOf(
      await handleAssignmentAction({ request, context, actor: scene.admin.viewer, base: '/admin/assignments', param: String(workOrderId) }),
    );
    expect([answer.status, answer.body.errors]).toEqual([
      422,
      { vendorId: "L'assicurazione di questo fornitore è scaduta, quindi non può ricevere nuovi lavori." },
    ]);
    const [row] = await database.db.select({ status: workOrder.status }).from(workOrder).where(eq(workOrder.id, workOrderId));
    expect(row!.status).toBe('offered');

    const moved = answerOf(
      await handleAssignmentAction({
        request: post(
          `/admin/assignments/${workOrderId}`,
          new URLSearchParams({ intent: 'reassign', vendorId: String(scene.vendorB.vendorId), reason: 'Quicker' }),
        ),
        context,
        actor: scene.admin.viewer,
        base: '/admin/assignments',
        param: String(workOrderId),
      }),
    );
    expect(moved.status).toBe(303);
    expect(moved.location).toMatch(/^\/admin\/assignments\/\d+\?done=reassign$/);

    const outsider = await settle(() =>
      loadAssignmentPage({
        request: new Request(`http://dimora.test/dashboard/assignments/${workOrderId}`),
        context,
        actor: scene.otherManager.viewer,
        base: '/dashboard/assignments',
        param: String(workOrderId),
      }),
    );
    expect(outsider).toMatchObject({ init: { status: 404 } });
  });

  it('approves and pays from the list page; a reject without a reason is a 422', async () => {
    const { workOrderId } = await scene.offer();
    await acceptWorkOrder({ db: database.db, viewer: scene.vendorA.viewer, origin: ORIGIN, workOrderId });
    await startWorkOrder({ db: database.db, viewer: scene.vendorA.viewer, origin: ORIGIN, workOrderId });
    const form = new FormData();
    form.set('workOrderId', String(workOrderId));
    form.set('number', `LIST-${workOrderId}`);
    form.set('lines.0.kind', 'labour');
    form.set('lines.0.description', 'Hours');
    form.set('lines.0.quantity', '1');
    form.set('lines.0.unitPrice', '80');
    await handleNewInvoiceAction({ request: post('/vendor-portal/invoices/new', form), context, viewer: scene.vendorA.viewer });
    const [row] = await database.db.select().from(invoice).where(eq(invoice.workOrderId, workOrderId));
    const page = (await loadAssignmentsPage({
      request: new Request('http://dimora.test/dashboard/assignments'),
      context,
      actor: scene.manager.viewer,
      base: '/dashboard/assignments',
      meta: null,
    })) as { page: { invoices: { id: number }[] } };
    expect(page.page.invoices.map((item) => item.id)).toContain(row!.id);

    const act = (fields: Record<string, string>) =>
      handleAssignmentAction({
        request: post('/dashboard/assignments', new URLSearchParams(fields)),
        context,
        actor: scene.manager.viewer,
        base: '/dashboard/assignments',
      });
    const noReason = answerOf(await act({ intent: 'reject-invoice', invoiceId: String(row!.id), reason: '' }));
    expect([noReason.status, noReason.body.errors]).toEqual([422, { reason: 'This field is required' }]);
    expect(answerOf(await act({ intent: 'approve-invoice', invoiceId: String(row!.id) }))).toMatchObject({
      status: 200,
      body: { ok: true, key: String(row!.id) },
    });
    const twice = answerOf(await act({ intent: 'approve-invoice', invoiceId: String(row!.id) }));
    expect([twice.status, twice.body.errors]).toEqual([409, { form: 'This invoice is already Approved.' }]);
    expect(answerOf(await act({ intent: 'pay-invoice', invoiceId: String(row!.id), method: 'check', reference: 'CHK-9' }))).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    const [paid] = await database.db.select({ status: invoice.status }).from(invoice).where(eq(invoice.id, row!.id));
    expect(paid!.status).toBe('paid');
  });
});
