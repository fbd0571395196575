/**
 * Vendor onboarding (decision 030) on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL: the review commands and their e-mails (through the outbox), the invitation
 * that creates or links the vendor account once, the certificate of insurance from upload to
 * verification (and the work-order rule reading it), the private download, the insurance
 * reminder job, and re-applying after a rejection. Refusals change nothing.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_FILE_BYTES } from '~/lib/document-uploads';
import * as documentRoute from '~/routes/api/vendor-documents.$documentId';
import * as uploadRoute from '~/routes/api/vendor-documents.upload';
import * as inviteRoute from '~/routes/public/vendor-invite.$token';
import * as adminVendorRoute from '~/routes/admin/vendors.$vendorId';
import * as adminVendorsRoute from '~/routes/admin/vendors';
import * as profileRoute from '~/routes/vendor-portal/profile';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import type { Viewer } from '~/server/auth/session.server';
import { auditLog, document, notification, outbox, user, vendor } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { createUploadScan } from '~/server/uploads/upload-scan.server';
import { vendorIneligibility } from '~/features/work-orders/work-order-core.server';
import { answerOf, settle } from '../../../tests/setup/action-result';
import { createUser, viewerOf } from '../../../tests/setup/factories';
import { capturingMailer, quietLogger, runDueJobs } from '../../../tests/setup/outbox';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { signInForTest } from '../../../tests/setup/two-factor';
import {
  approveVendor,
  findVendorDetail,
  listVendors,
  reinstateVendor,
  rejectVendor,
  resendVendorInvitation,
  suspendVendor,
  verifyVendorDocument,
  VendorsForbiddenError,
} from './vendor-admin.server';
import { INSURANCE_REMINDER_DAYS, runInsuranceReminders, vendorJobHandlers } from './vendor-jobs.server';
import { acceptVendorInvitation, findVendorInvitation, hashInviteToken, linkVendorInvitation } from './vendor-invitation.server';
import { uploadVendorDocument } from './vendor-documents.server';
import { VENDOR_COMMAND_REFUSALS } from './vendor-admin.page.server';
import { submitVendorApplication } from './vendors.server';

let database: TestDatabase;
let context: DimoraLoadContext;
let uploadsDir: string;
let admin: Viewer;
let manager: Viewer;
const origin = { ip: '192.0.2.12', userAgent: 'vitest' };
const { sent, mailer } = capturingMailer();
const quiet = quietLogger;
const PASSWORD = 'sturdy-vendor-pass';
let counter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dimora-vendor-docs-'));
  context = testContext(database, { clientIp: '192.0.2.12', uploadsDir });
  admin = viewerOf(await createUser(database.db, { role: 'admin', locale: 'it' }));
  manager = viewerOf(await createUser(database.db, { role: 'property_manager' }));
});

afterAll(async () => {
  await database?.close();
  await fs.rm(uploadsDir, { recursive: true, force: true });
});

beforeEach(() => {
  sent.length = 0;
});

/** Runs every due job with the vendor handlers and the capturing mailer. */
const runJobs = () => runDueJobs(database.db, { mailer, handlers: vendorJobHandlers });

async function makeVendor(values: Partial<typeof vendor.$inferInsert> = {}) {
  counter += 1;
  const [row] = await database.db
    .insert(vendor)
    .values({
      companyName: `Ace Plumbing ${counter}`,
      contactName: 'Ada Pipes',
      email: `ace${counter}@vendors.test`,
      phone: '+1 512 555 0101',
      trades: ['plumbing'],
      serviceCountries: ['US'],
      serviceStates: ['TX'],
      ...values,
    })
    .returning();
  return row!;
}

async function vendorRow(id: number) {
  const [row] = await database.db.select().from(vendor).where(eq(vendor.id, id));
  return row!;
}

async function auditsOf(action: string, vendorId: number) {
  return database.db
    .select({ values: auditLog.newValues, userId: auditLog.userId })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), sql`${auditLog.newValues}->>'vendor_id' = ${String(vendorId)}`));
}

/** The invitation link's token in the last e-mail to `to`. */
function tokenMailedTo(to: string): string {
  const mail = sent.filter((entry) => entry.to === to).at(-1);
  const match = mail?.text.match(/\/vendor-invite\/([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no invitation to ${to}`);
  return match[1]!;
}

/** An approved vendor whose invitation was e-mailed; answers the row and the token. */
async function invitedVendor(values: Partial<typeof vendor.$inferInsert> = {}) {
  const row = await makeVendor(values);
  expect((await approveVendor({ db: database.db, actor: admin, id: row.id, origin })).ok).toBe(true);
  await runJobs();
  return { row, token: tokenMailedTo(row.email) };
}

/** A vendor with a linked, signed-in vendor account; answers the row, the viewer and the cookie. */
async function vendorWithAccount(values: Partial<typeof vendor.$inferInsert> = {}) {
  const row = await makeVendor({ status: 'approved', ...values });
  const created = await createVerifiedUser(database.db, { email: row.email, password: PASSWORD, role: 'vendor', name: row.contactName });
  await database.db.update(vendor).set({ userId: created.id }).where(eq(vendor.id, row.id));
  const signedIn = await signInForTest(context, { email: row.email, password: PASSWORD });
  const viewer = viewerOf({ id: created.id, email: created.email, role: 'vendor' });
  return { row, viewer, cookie: signedIn.cookie };
}

function multipart(
  fields: Record<string, string>,
  file: { name: string; type: string; data: Uint8Array } | null,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return new Request('http://dimora.test/api/vendor-documents/upload', { method: 'POST', body: form, headers });
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const IN_A_YEAR = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

async function upload(viewer: Viewer, fields: Record<string, string>, file: { name: string; type: string; data: Uint8Array } | null) {
  const request = multipart(fields, file);
  return uploadVendorDocument({
    db: database.db,
    storage: context.storage,
    viewer,
    origin,
    body: request.body,
    contentType: request.headers.get('content-type'),
    scan: createUploadScan({
      scanner: context.malwareScanner,
      db: database.db,
      logger: quiet,
      userId: viewer.id,
      origin,
      purpose: 'vendor_document',
    }),
  });
}

async function storedPrivateFiles(): Promise<string[]> {
  return context.storage.list('private/');
}

describe('reviewing vendors', () => {
  it('an admin approves a pending vendor: the status, the audit entry and an invitation e-mail whose token is stored only as a hash', async () => {
    const row = await makeVendor({ locale: 'it' });
    const outcome = await approveVendor({ db: database.db, actor: admin, id: row.id, origin });
    expect(outcome).toEqual({ ok: true, vendorId: row.id, status: 'approved', changed: true });
    const approved = await vendorRow(row.id);
    expect(approved).toMatchObject({ status: 'approved', reviewedBy: admin.id, rejectionReason: null });
    expect((await auditsOf('vendor_approved', row.id)).map((entry) => entry.values)).toEqual([
      expect.objectContaining({ from: 'pending', to: 'approved' }),
    ]);
    // The token is made when the job runs: the outbox row holds only the vendor's id.
    const [job] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.topic, 'mail.vendor_invitation'))
      .orderBy(sql`${outbox.id} desc`)
      .limit(1);
    expect(job?.payload).toEqual({ vendorId: row.id });
    await runJobs();
    const mail = sent.find((entry) => entry.to === row.email)!;
    expect(mail.subject).toBe(`${row.companyName} è stata approvata: crei il suo account fornitore Dimora`);
    const token = tokenMailedTo(row.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const invited = await vendorRow(row.id);
    expect(invited.inviteTokenHash).toBe(hashInviteToken(token));
    expect(invited.inviteTokenHash).not.toContain(token);
    const days = (invited.inviteExpiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // A second approval is stale (the page answers the reason 409).
    expect(await approveVendor({ db: database.db, actor: admin, id: row.id, origin })).toEqual({
      ok: false,
      reason: 'invalid_transition',
      current: 'approved',
    });
    expect(VENDOR_COMMAND_REFUSALS.invalid_transition.status).toBe(409);
  });

  it('rejecting needs a reason, which is stored and e-mailed in the applicant’s language with the date to apply again', async () => {
    const row = await makeVendor();
    expect(await rejectVendor({ db: database.db, actor: admin, id: row.id, origin, reason: '   ' })).toEqual({
      ok: false,
      reason: 'reason_required',
    });
    expect(await rejectVendor({ db: database.db, actor: admin, id: row.id, origin, reason: 'x'.repeat(1_001) })).toEqual({
      ok: false,
      reason: 'reason_too_long',
    });
    // The page answers both 422 on the reason field.
    expect(VENDOR_COMMAND_REFUSALS.reason_required).toMatchObject({ status: 422, field: 'reason' });
    expect(VENDOR_COMMAND_REFUSALS.reason_too_long).toMatchObject({ status: 422, field: 'reason' });
    expect((await vendorRow(row.id)).status).toBe('pending');
    const now = new Date('2026-11-26T10:00:00Z');
    const outcome = await rejectVendor({
      db: database.db,
      actor: admin,
      id: row.id,
      origin,
      reason: 'No liability insurance on file.',
      now,
    });
    expect(outcome.ok).toBe(true);
    expect(await vendorRow(row.id)).toMatchObject({ status: 'rejected', rejectionReason: 'No liability insurance on file.' });
    expect((await auditsOf('vendor_rejected', row.id)).map((entry) => entry.values)).toEqual([
      expect.objectContaining({ reason: 'No liability insurance on file.' }),
    ]);
    await runJobs();
    const mail = sent.find((entry) => entry.to === row.email)!;
    expect(mail.subject).toBe(`Your vendor application for ${row.companyName}`);
    expect(mail.text).toContain('Reason: No liability insurance on file.');
    expect(mail.text).toContain('You may apply again from December 26, 2026');
    expect(mail.text).toContain('http://dimora.test/vendor-signup');
    expect(await rejectVendor({ db: database.db, actor: admin, id: row.id, origin, reason: 'again' })).toMatchObject({
      reason: 'invalid_transition',
      current: 'rejected',
    });
    expect(VENDOR_COMMAND_REFUSALS.invalid_transition.status).toBe(409);
  });

  it('suspending and reinstating e-mail and notify the vendor; a suspended vendor’s invitation stops working', async () => {
    const { row: linked } = await vendorWithAccount();
    expect((await suspendVendor({ db: database.db, actor: admin, id: linked.id, origin, reason: 'Complaints about no-shows.' })).ok).toBe(
      true,
    );
    expect((await vendorRow(linked.id)).status).toBe('suspended');
    await runJobs();
    expect(sent.find((entry) => entry.to === linked.email)?.text).toContain('Reason: Complaints about no-shows.');
    expect((await reinstateVendor({ db: database.db, actor: admin, id: linked.id, origin })).ok).toBe(true);
    await runJobs();
    expect(sent.filter((entry) => entry.to === linked.email).map((entry) => entry.subject)).toEqual([
      `${linked.companyName} is on hold in Dimora's vendor network`,
      `${linked.companyName} is active again in Dimora's vendor network`,
    ]);
    const notes = await database.db
      .select({ title: notification.title })
      .from(notification)
      .where(eq(notification.userId, linked.userId ?? (await vendorRow(linked.id)).userId!));
    expect(notes.map((note) => note.title)).toEqual(['Vendor account on hold', 'Vendor account active again']);
    expect((await auditsOf('vendor_approved', linked.id)).map((entry) => entry.values)).toEqual([
      expect.objectContaining({ from: 'suspended', reinstated: true }),
    ]);

    const { row, token } = await invitedVendor();
    expect((await suspendVendor({ db: database.db, actor: admin, id: row.id, origin, reason: 'Paused.' })).ok).toBe(true);
    expect(await findVendorInvitation({ db: database.db, token, viewer: null })).toEqual({ state: 'invalid' });
  });

  it('only admins manage vendors: a property manager is refused and nothing changes', async () => {
    const row = await makeVendor();
    await expect(approveVendor({ db: database.db, actor: manager, id: row.id, origin })).rejects.toBeInstanceOf(VendorsForbiddenError);
    await expect(listVendors({ db: database.db, actor: manager, filters: {} })).rejects.toBeInstanceOf(VendorsForbiddenError);
    expect((await vendorRow(row.id)).status).toBe('pending');
  });

  it('the list puts pending applications first and filters by status, trade, state, insurance and search', async () => {
    const today = '2030-06-01';
    const approvedInsured = await makeVendor({
      companyName: 'Filter Sparks',
      status: 'approved',
      trades: ['electrical'],
      serviceStates: ['CO'],
      insuranceExpiry: '2030-06-20',
      insuranceVerifiedAt: new Date(),
    });
    const approvedExpired = await makeVendor({
      companyName: 'Filter Expired',
      status: 'approved',
      trades: ['electrical'],
      serviceStates: ['CO'],
      insuranceExpiry: '2030-05-01',
      insuranceVerifiedAt: new Date(),
    });
    const pendingLater = await makeVendor({ companyName: 'Filter Pending', trades: ['electrical'], serviceStates: ['CO'] });
    const page = await listVendors({ db: database.db, actor: admin, filters: { trade: 'electrical', state: 'CO' }, today });
    expect(page.items.map((item) => item.companyName)).toEqual(['Filter Pending', 'Filter Expired', 'Filter Sparks']);
    expect(page.items.map((item) => item.eligibility)).toEqual(['vendor_not_approved', 'insurance_expired', null]);
    const ids = (items: { id: number }[]) => items.map((item) => item.id);
    expect(
      ids((await listVendors({ db: database.db, actor: admin, filters: { trade: 'electrical', insurance: 'expiring' }, today })).items),
    ).toEqual([approvedInsured.id]);
    expect(
      ids((await listVendors({ db: database.db, actor: admin, filters: { trade: 'electrical', insurance: 'expired' }, today })).items),
    ).toEqual([approvedExpired.id]);
    expect(
      ids(
        (
          await listVendors({
            db: database.db,
            actor: admin,
            filters: { trade: 'electrical', state: 'CO', insurance: 'unverified' },
            today,
          })
        ).items,
      ),
    ).toEqual([pendingLater.id]);
    expect(
      ids((await listVendors({ db: database.db, actor: admin, filters: { status: 'approved', q: 'filter sp' }, today })).items),
    ).toEqual([approvedInsured.id]);
    expect(
      ids((await listVendors({ db: database.db, actor: admin, filters: { q: pendingLater.email.toUpperCase() }, today })).items),
    ).toEqual([pendingLater.id]);
    expect((await listVendors({ db: database.db, actor: admin, filters: { q: 'no such company at all' }, today })).total).toBe(0);
  });

  it('the pages: the list and a vendor’s page for an admin with the work-order rule’s verdict; an unknown vendor is a 404', async () => {
    const { cookie } = await signInForTest(context, {
      email: (await createVerifiedUser(database.db, { email: 'pages-admin@vendors.test', password: PASSWORD, role: 'admin' })).email,
      password: PASSWORD,
    });
    const row = await makeVendor({
      companyName: 'Page Vendor',
      status: 'approved',
      insuranceExpiry: '2020-01-01',
      insuranceVerifiedAt: new Date(),
      ratingSum: 9,
      ratingCount: 2,
    });
    const request = (url: string, init: RequestInit = {}) =>
      new Request(`http://dimora.test${url}`, { ...init, headers: { cookie, ...(init.headers ?? {}) } });
    const list = (await adminVendorsRoute.loader({
      request: request('/admin/vendors?q=page+vendor&status=nope&page=zz'),
      params: {},
      context,
    } as never)) as Awaited<ReturnType<typeof adminVendorsRoute.loader>>;
    expect(list.filters).toMatchObject({ q: 'page vendor', status: null, page: 1 });
    expect(list.list.items.map((item) => [item.companyName, item.eligibility, item.ratingAverage])).toEqual([
      ['Page Vendor', 'insurance_expired', 4.5],
    ]);
    const detail = (await adminVendorRoute.loader({
      request: request(`/admin/vendors/${row.id}`),
      params: { vendorId: String(row.id) },
      context,
    } as never)) as Awaited<ReturnType<typeof adminVendorRoute.loader>>;
    expect(detail.detail).toMatchObject({ id: row.id, eligibility: 'insurance_expired', workOrders: { total: 0 } });
    expect(detail.meta.title).toBe('Page Vendor · Vendors');
    const missing = await settle(() =>
      adminVendorRoute.loader({ request: request('/admin/vendors/99999999'), params: { vendorId: '99999999' }, context } as never),
    );
    expect(missing).toMatchObject({ init: { status: 404 } });
    // A plain post answers with a 303 back to the vendor; an enhanced one with data.
    const plain = await settle(() =>
      adminVendorRoute.action({
        request: request(`/admin/vendors/${row.id}`, {
          method: 'POST',
          body: new URLSearchParams({ intent: 'suspend', reason: 'Paused for review.' }),
          headers: { 'sec-fetch-mode': 'navigate' },
        }),
        params: { vendorId: String(row.id) },
        context,
      } as never),
    );
    expect(answerOf(plain)).toMatchObject({ status: 303, location: `/admin/vendors/${row.id}?done=suspend` });
    const stale = answerOf(
      await adminVendorRoute.action({
        request: request(`/admin/vendors/${row.id}`, { method: 'POST', body: new URLSearchParams({ intent: 'suspend', reason: 'Again' }) }),
        params: { vendorId: String(row.id) },
        context,
      } as never),
    );
    expect(stale).toMatchObject({
      status: 409,
      body: { ok: false, errors: { form: 'This vendor is suspended now, so this cannot be done. The page shows its current state.' } },
    });
    const unknown = answerOf(
      await adminVendorRoute.action({
        request: request(`/admin/vendors/${row.id}`, { method: 'POST', body: new URLSearchParams({ intent: 'delete' }) }),
        params: { vendorId: String(row.id) },
        context,
      } as never),
    );
    expect(unknown.status).toBe(400);
  });
});

describe('the invitation', () => {
  it('accepting creates one verified vendor account linked to the vendor, once', async () => {
    const { row, token } = await invitedVendor();
    expect(await findVendorInvitation({ db: database.db, token, viewer: null })).toMatchObject({
      state: 'create',
      email: row.email,
      name: row.companyName,
    });
    const outcome = await acceptVendorInvitation({ db: database.db, token, password: PASSWORD, locale: 'it', origin });
    expect(outcome).toMatchObject({ ok: true, recordId: row.id });
    const [account] = await database.db.select().from(user).where(eq(user.email, row.email.toLowerCase()));
    expect(account).toMatchObject({ role: 'vendor', emailVerified: true, locale: 'it', companyName: row.companyName });
    expect(await vendorRow(row.id)).toMatchObject({ userId: account!.id, inviteTokenHash: null, inviteExpiresAt: null });
    expect((await auditsOf('vendor_account_created', row.id)).map((entry) => entry.values)).toEqual([
      expect.objectContaining({ user_id: account!.id, account: 'created' }),
    ]);
    // The admins hear of it, each in their language.
    const [note] = await database.db
      .select()
      .from(notification)
      .where(and(eq(notification.userId, admin.id), eq(notification.actionUrl, `/admin/vendors/${row.id}`)));
    expect(note?.title).toBe('Account fornitore creato');
    // The link works once.
    expect(await acceptVendorInvitation({ db: database.db, token, password: PASSWORD, locale: 'en', origin })).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await findVendorInvitation({ db: database.db, token, viewer: null })).toEqual({ state: 'invalid' });
    const [accounts] = await database.db
      .select({ n: count() })
      .from(user)
      .where(sql`lower(${user.email}) = ${row.email.toLowerCase()}`);
    expect(accounts?.n).toBe(1);
  });

  it('a password that fails the policy is refused and nothing is created', async () => {
    const { row, token } = await invitedVendor();
    expect(await acceptVendorInvitation({ db: database.db, token, password: 'password', locale: 'en', origin })).toEqual({
      ok: false,
      reason: 'password',
      problem: 'too_common',
    });
    expect(
      await acceptVendorInvitation({ db: database.db, token, password: `${row.email.split('@')[0]}-pass`, locale: 'en', origin }),
    ).toEqual({ ok: false, reason: 'password', problem: 'contains_email' });
    expect((await vendorRow(row.id)).userId).toBeNull();
    expect(await database.db.select().from(user).where(eq(user.email, row.email))).toEqual([]);
  });

  it('an expired link is refused, and a new invitation replaces the old link', async () => {
    const { row, token } = await invitedVendor();
    const later = new Date(Date.now() + 8 * 86_400_000);
    expect(await findVendorInvitation({ db: database.db, token, viewer: null, now: later })).toEqual({
      state: 'expired',
      name: row.companyName,
    });
    expect(await acceptVendorInvitation({ db: database.db, token, password: PASSWORD, locale: 'en', origin, now: later })).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect((await vendorRow(row.id)).userId).toBeNull();
    expect((await resendVendorInvitation({ db: database.db, actor: admin, id: row.id, origin })).ok).toBe(true);
    await runJobs();
    const fresh = tokenMailedTo(row.email);
    expect(fresh).not.toBe(token);
    expect(await findVendorInvitation({ db: database.db, token, viewer: null })).toEqual({ state: 'invalid' });
    expect(await findVendorInvitation({ db: database.db, token: fresh, viewer: null })).toMatchObject({ state: 'create' });
    expect(await findVendorInvitation({ db: database.db, token: 'not-a-token', viewer: null })).toEqual({ state: 'invalid' });
  });

  it('a signed-in vendor account with the vendor’s e-mail is linked; any other account is refused', async () => {
    const { row, token } = await invitedVendor({ email: `Linkable${counter + 1}@Vendors.test` });
    const other = viewerOf(await createUser(database.db, { role: 'vendor' }));
    expect(await linkVendorInvitation({ db: database.db, token, viewer: other, origin })).toEqual({ ok: false, reason: 'wrong_account' });
    const tenant = viewerOf(await createUser(database.db, { role: 'tenant', email: row.email.toLowerCase() }));
    expect(await findVendorInvitation({ db: database.db, token, viewer: tenant })).toMatchObject({ state: 'wrong_account' });
    await database.db.delete(user).where(eq(user.id, tenant.id));
    const owner = viewerOf(await createUser(database.db, { role: 'vendor', email: row.email.toLowerCase() }));
    expect(await findVendorInvitation({ db: database.db, token, viewer: null })).toMatchObject({ state: 'sign_in' });
    expect(await findVendorInvitation({ db: database.db, token, viewer: owner })).toMatchObject({ state: 'link' });
    expect(await acceptVendorInvitation({ db: database.db, token, password: PASSWORD, locale: 'en', origin })).toEqual({
      ok: false,
      reason: 'account_exists',
    });
    expect(await linkVendorInvitation({ db: database.db, token, viewer: owner, origin })).toMatchObject({ ok: true, userId: owner.id });
    expect((await vendorRow(row.id)).userId).toBe(owner.id);
    expect((await auditsOf('vendor_account_created', row.id)).map((entry) => entry.values)).toEqual([
      expect.objectContaining({ account: 'linked' }),
    ]);
  });

  it('the page creates the account and signs the vendor in, landing in the vendor portal', async () => {
    const { row, token } = await invitedVendor();
    const page = (await inviteRoute.loader({
      request: new Request(`http://dimora.test/vendor-invite/${token}`),
      params: { token },
      context,
    } as never)) as Awaited<ReturnType<typeof inviteRoute.loader>>;
    expect(page.invitation).toMatchObject({ state: 'create', email: row.email });
    const post = (fields: Record<string, string>) =>
      new Request(`http://dimora.test/vendor-invite/${token}`, {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: { 'x-forwarded-for': `10.9.${counter}.1` },
      });
    const mismatch = answerOf(
      await inviteRoute.action({
        request: post({ intent: 'create', password: PASSWORD, confirmPassword: 'something-else' }),
        params: { token },
        context,
      } as never),
    );
    expect(mismatch).toMatchObject({ status: 422, body: { errors: { confirmPassword: expect.any(String) } } });
    const done = await settle(() =>
      inviteRoute.action({
        request: post({ intent: 'create', password: PASSWORD, confirmPassword: PASSWORD }),
        params: { token },
        context,
      } as never),
    );
    expect(done).toBeInstanceOf(Response);
    expect((done as Response).status).toBe(303);
    expect((done as Response).headers.get('location')).toBe('/vendor-portal');
    expect((done as Response).headers.getSetCookie().join(';')).toContain('dimora.session_token=');
    const again = answerOf(
      await inviteRoute.action({
        request: post({ intent: 'create', password: PASSWORD, confirmPassword: PASSWORD }),
        params: { token },
        context,
      } as never),
    );
    expect(again).toMatchObject({
      status: 404,
      body: { errors: { form: 'This invitation link is not valid: it was used already or replaced by a newer one.' } },
    });
  });
});

describe('documents and the certificate of insurance', () => {
  it('a PDF certificate is stored privately and unverified; the admins are told', async () => {
    const { row, viewer } = await vendorWithAccount();
    const before = await storedPrivateFiles();
    const outcome = await upload(
      viewer,
      { kind: 'coi', expiresOn: IN_A_YEAR },
      { name: 'coi 2027.pdf', type: 'application/pdf', data: PDF },
    );
    expect(outcome).toMatchObject({ ok: true, vendorId: row.id, kind: 'coi' });
    const id = outcome.ok ? outcome.documentId : 0;
    const [doc] = await database.db.select().from(document).where(eq(document.id, id));
    expect(doc).toMatchObject({
      ownerType: 'vendor',
      ownerId: String(row.id),
      kind: 'coi',
      mime: 'application/pdf',
      expiresOn: IN_A_YEAR,
      verifiedAt: null,
      originalName: 'coi 2027.pdf',
      url: `/api/vendor-documents/${id}`,
      sizeBytes: PDF.length,
    });
    expect(doc!.storageKey).toMatch(/^private\/vendor-documents\/[0-9a-f]{2}\/[0-9a-f]{32}\.pdf$/);
    expect((await storedPrivateFiles()).filter((key) => !before.includes(key))).toEqual([doc!.storageKey]);
    // The vendor's insurance is what staff verified last, not this upload.
    expect((await vendorRow(row.id)).insuranceVerifiedAt).toBeNull();
    const [note] = await database.db
      .select()
      .from(notification)
      .where(and(eq(notification.userId, admin.id), eq(notification.actionUrl, `/admin/vendors/${row.id}`)));
    expect(note?.message).toBe(`${row.companyName} ha caricato un certificato di assicurazione.`);
    expect((await auditsOf('vendor_document_uploaded', row.id)).map((entry) => entry.values)).toEqual([
      expect.objectContaining({ document_id: id, kind: 'coi' }),
    ]);
  });

  it('a file that is not a PDF renamed .pdf, a file over 10 MB and a certificate without an expiry are refused; nothing is kept', async () => {
    const { row, cookie } = await vendorWithAccount();
    const before = await storedPrivateFiles();
    const send = async (fields: Record<string, string>, file: { name: string; type: string; data: Uint8Array }) =>
      answerOf(
        await settle(() =>
          uploadRoute.action({ request: multipart(fields, file, { cookie, accept: 'application/json' }), params: {}, context } as never),
        ),
      );
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(await send({ kind: 'coi', expiresOn: IN_A_YEAR }, { name: 'coi.pdf', type: 'application/pdf', data: html })).toMatchObject({
      status: 415,
      body: { ok: false, code: 'unsupported_type' },
    });
    const huge = Buffer.alloc(DOCUMENT_MAX_FILE_BYTES + 1, 0x20);
    PDF.copy(huge);
    expect(await send({ kind: 'coi', expiresOn: IN_A_YEAR }, { name: 'big.pdf', type: 'application/pdf', data: huge })).toMatchObject({
      status: 413,
      body: { code: 'file_too_large', message: 'A document may be at most 10 MB.' },
    });
    expect(await send({ kind: 'coi' }, { name: 'coi.pdf', type: 'application/pdf', data: PDF })).toMatchObject({
      status: 422,
      body: { code: 'expiry_required', message: "Enter the certificate's expiry date." },
    });
    expect(await send({ kind: 'coi', expiresOn: '2001-01-01' }, { name: 'coi.pdf', type: 'application/pdf', data: PDF })).toMatchObject({
      status: 422,
      body: { code: 'expiry_past' },
    });
    expect(await send({ kind: 'passport' }, { name: 'coi.pdf', type: 'application/pdf', data: PDF })).toMatchObject({
      status: 422,
      body: { code: 'invalid_kind' },
    });
    expect(
      await database.db
        .select()
        .from(document)
        .where(eq(document.ownerId, String(row.id))),
    ).toEqual([]);
    expect(await storedPrivateFiles()).toEqual(before);
    // A plain form post is sent back to the profile page with the code.
    const plain = answerOf(
      await settle(() =>
        uploadRoute.action({
          request: multipart(
            { kind: 'coi', expiresOn: IN_A_YEAR },
            { name: 'coi.pdf', type: 'application/pdf', data: html },
            { cookie, 'sec-fetch-mode': 'navigate' },
          ),
          params: {},
          context,
        } as never),
      ),
    );
    expect(plain).toMatchObject({ status: 303, location: '/vendor-portal/profile?uploadError=unsupported_type#documents' });
  });

  it('a W-9 needs no expiry, and a photo of a certificate is re-encoded as WebP', async () => {
    const { viewer } = await vendorWithAccount();
    expect(
      await upload(viewer, { kind: 'w9', expiresOn: 'ignored' }, { name: 'w9.pdf', type: 'application/pdf', data: PDF }),
    ).toMatchObject({ ok: true, kind: 'w9' });
    const sharp = (await import('sharp')).default;
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#cc8800' } })
      .jpeg()
      .toBuffer();
    const photo = await upload(viewer, { kind: 'coi', expiresOn: IN_A_YEAR }, { name: 'coi.jpg', type: 'image/jpeg', data: jpeg });
    expect(photo.ok).toBe(true);
    const [doc] = await database.db
      .select()
      .from(document)
      .where(eq(document.id, photo.ok ? photo.documentId : 0));
    expect(doc).toMatchObject({ mime: 'image/webp', width: 64, height: 48, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(doc!.storageKey).toMatch(/^private\/.+\.webp$/);
  });

  it('verifying a certificate makes it the vendor’s insurance, so the vendor can receive work', async () => {
    const { row, viewer } = await vendorWithAccount({ insuranceExpiry: '2099-01-01' });
    expect(vendorIneligibility(await vendorRow(row.id), '2026-01-01')).toBe('insurance_unverified');
    const uploaded = await upload(viewer, { kind: 'coi', expiresOn: IN_A_YEAR }, { name: 'coi.pdf', type: 'application/pdf', data: PDF });
    const documentId = uploaded.ok ? uploaded.documentId : 0;
    expect(await verifyVendorDocument({ db: database.db, actor: admin, id: row.id, documentId, origin })).toMatchObject({
      ok: true,
      changed: true,
    });
    const insured = await vendorRow(row.id);
    expect(insured).toMatchObject({ insuranceExpiry: IN_A_YEAR, insuranceVerifiedBy: admin.id });
    expect(insured.insuranceVerifiedAt).toBeInstanceOf(Date);
    expect(vendorIneligibility(insured, new Date().toISOString().slice(0, 10))).toBeNull();
    const [doc] = await database.db.select().from(document).where(eq(document.id, documentId));
    expect(doc).toMatchObject({ verifiedBy: admin.id });
    expect((await auditsOf('vendor_insurance_verified', row.id)).map((entry) => entry.values)).toEqual([
      expect.objectContaining({ document_id: documentId, expires_on: IN_A_YEAR }),
    ]);
    const notes = await database.db.select({ title: notification.title }).from(notification).where(eq(notification.userId, viewer.id));
    expect(notes.map((note) => note.title)).toContain('Certificate of insurance verified');
    // Verifying it again changes nothing.
    expect(await verifyVendorDocument({ db: database.db, actor: admin, id: row.id, documentId, origin })).toMatchObject({
      ok: true,
      changed: false,
    });
    const detail = await findVendorDetail({ db: database.db, actor: admin, id: row.id });
    expect(detail).toMatchObject({
      eligibility: null,
      insuranceVerified: true,
      documents: [expect.objectContaining({ id: documentId, verifiedByName: expect.any(String) })],
    });
  });

  it('an expired certificate, a W-9 and another vendor’s document cannot be verified', async () => {
    const { row, viewer } = await vendorWithAccount();
    const { row: otherRow, viewer: otherViewer } = await vendorWithAccount();
    const coi = await upload(viewer, { kind: 'coi', expiresOn: IN_A_YEAR }, { name: 'coi.pdf', type: 'application/pdf', data: PDF });
    const w9 = await upload(viewer, { kind: 'w9' }, { name: 'w9.pdf', type: 'application/pdf', data: PDF });
    const foreign = await upload(
      otherViewer,
      { kind: 'coi', expiresOn: IN_A_YEAR },
      { name: 'coi.pdf', type: 'application/pdf', data: PDF },
    );
    const idOf = (outcome: typeof coi) => (outcome.ok ? outcome.documentId : 0);
    const after = new Date(Date.parse(`${IN_A_YEAR}T00:00:00Z`) + 2 * 86_400_000);
    expect(
      await verifyVendorDocument({
        db: database.db,
        actor: admin,
        id: row.id,
        documentId: idOf(coi),
        origin,
        today: after.toISOString().slice(0, 10),
      }),
    ).toEqual({ ok: false, reason: 'document_expired' });
    expect(await verifyVendorDocument({ db: database.db, actor: admin, id: row.id, documentId: idOf(w9), origin })).toEqual({
      ok: false,
      reason: 'document_not_coi',
    });
    expect(await verifyVendorDocument({ db: database.db, actor: admin, id: row.id, documentId: idOf(foreign), origin })).toEqual({
      ok: false,
      reason: 'document_not_found',
    });
    // The statuses the page answers for them.
    expect(VENDOR_COMMAND_REFUSALS.document_expired.status).toBe(422);
    expect(VENDOR_COMMAND_REFUSALS.document_not_coi.status).toBe(422);
    expect(VENDOR_COMMAND_REFUSALS.document_not_found.status).toBe(404);
    expect((await vendorRow(row.id)).insuranceVerifiedAt).toBeNull();
    expect((await vendorRow(otherRow.id)).insuranceVerifiedAt).toBeNull();
  });

  it('the download is an attachment for its vendor and for admins; another vendor’s document is a 404, audited', async () => {
    const { viewer, cookie } = await vendorWithAccount();
    const { row: otherRow, cookie: otherCookie } = await vendorWithAccount();
    const uploaded = await upload(viewer, { kind: 'coi', expiresOn: IN_A_YEAR }, { name: 'coi.pdf', type: 'application/pdf', data: PDF });
    const documentId = uploaded.ok ? uploaded.documentId : 0;
    const get = (who: string, id = documentId) =>
      settle(() =>
        documentRoute.loader({
          request: new Request(`http://dimora.test/api/vendor-documents/${id}`, { headers: { cookie: who } }),
          params: { documentId: String(id) },
          context,
        } as never),
      );
    const own = (await get(cookie)) as Response;
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('content-disposition')).toMatch(/^attachment; filename="coi-\d+-\d{4}-\d{2}-\d{2}-\d+\.pdf"/);
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await own.arrayBuffer()).equals(PDF)).toBe(true);
    const adminCookie = (
      await signInForTest(context, {
        email: (await createVerifiedUser(database.db, { email: `dl-admin${counter}@vendors.test`, password: PASSWORD, role: 'admin' }))
          .email,
        password: PASSWORD,
      })
    ).cookie;
    expect(((await get(adminCookie)) as Response).status).toBe(200);

    const [auditsBefore] = await database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.tableName, 'document'));
    expect(await get(otherCookie)).toMatchObject({ init: { status: 404 } });
    const [refusal] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'document'), eq(auditLog.action, 'access_denied')))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(refusal?.newValues).toMatchObject({ object_id: String(documentId), reason: 'not_owner' });
    expect(refusal?.userId).toBe((await vendorRow(otherRow.id)).userId);
    // An id nobody has is a 404 too, and probing it records nothing.
    expect(await get(otherCookie, 99_999_999)).toMatchObject({ init: { status: 404 } });
    const [auditsAfter] = await database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.tableName, 'document'));
    expect((auditsAfter?.n ?? 0) - (auditsBefore?.n ?? 0)).toBe(1);
    // Never served by /media, whatever the key.
    const { isServableMedia } = await import('~/server/uploads/media.server');
    expect(isServableMedia('/private/vendor-documents/ab/0123.webp')).toBe(false);
  });

  it('the upload and the download refuse signed-out visitors and other roles before anything is read', async () => {
    const { viewer } = await vendorWithAccount();
    const uploaded = await upload(viewer, { kind: 'w9' }, { name: 'w9.pdf', type: 'application/pdf', data: PDF });
    const documentId = uploaded.ok ? uploaded.documentId : 0;
    const tenantEmail = (
      await createVerifiedUser(database.db, { email: `tenant${counter}@vendors.test`, password: PASSWORD, role: 'tenant' })
    ).email;
    const tenantCookie = (await signInForTest(context, { email: tenantEmail, password: PASSWORD })).cookie;
    const before = await storedPrivateFiles();
    const signedOut = await settle(() =>
      uploadRoute.action({
        request: multipart({ kind: 'w9' }, { name: 'w9.pdf', type: 'application/pdf', data: PDF }),
        params: {},
        context,
      } as never),
    );
    expect(signedOut).toMatchObject({ init: { status: 401 } });
    const tenant = await settle(() =>
      uploadRoute.action({
        request: multipart({ kind: 'w9' }, { name: 'w9.pdf', type: 'application/pdf', data: PDF }, { cookie: tenantCookie }),
        params: {},
        context,
      } as never),
    );
    expect(tenant).toMatchObject({ init: { status: 403 } });
    expect(await storedPrivateFiles()).toEqual(before);
    const download = (cookie?: string) =>
      settle(() =>
        documentRoute.loader({
          request: new Request(`http://dimora.test/api/vendor-documents/${documentId}`, { headers: cookie ? { cookie } : {} }),
          params: { documentId: String(documentId) },
          context,
        } as never),
      );
    expect(await download()).toMatchObject({ init: { status: 401 } });
    expect(await download(tenantCookie)).toMatchObject({ init: { status: 404 } });
    const managerEmail = (
      await createVerifiedUser(database.db, { email: `manager${counter}@vendors.test`, password: PASSWORD, role: 'property_manager' })
    ).email;
    expect(await download((await signInForTest(context, { email: managerEmail, password: PASSWORD })).cookie)).toMatchObject({
      init: { status: 404 },
    });
  });

  it('the vendor edits its own profile; invalid input is refused and nothing changes', async () => {
    const { row, cookie } = await vendorWithAccount();
    const post = (fields: [string, string][], headers: Record<string, string> = {}) =>
      profileRoute.action({
        request: new Request('http://dimora.test/vendor-portal/profile', {
          method: 'POST',
          body: new URLSearchParams(fields),
          headers: { cookie, ...headers },
        }),
        params: {},
        context,
      } as never);
    const bad = answerOf(
      await post([
        ['intent', 'profile'],
        ['contactName', 'Ada'],
        ['phone', '+1 512 555 0101'],
        ['trades', 'astrology'],
        ['serviceCountries', 'US'],
      ]),
    );
    expect(bad).toMatchObject({ status: 422, body: { errors: { trades: 'Enter a valid value' } } });
    const states = answerOf(
      await post([
        ['intent', 'profile'],
        ['contactName', 'Ada'],
        ['phone', '+1 512 555 0101'],
        ['trades', 'plumbing'],
        ['serviceCountries', 'IT'],
        ['serviceStates', 'TX'],
      ]),
    );
    expect(states).toMatchObject({
      status: 422,
      body: { errors: { serviceStates: 'Select United States among the countries to choose US states' } },
    });
    expect(await vendorRow(row.id)).toMatchObject({ trades: ['plumbing'], serviceStates: ['TX'] });
    const good = answerOf(
      await post([
        ['intent', 'profile'],
        ['contactName', 'Ada Pipes-Lovelace'],
        ['phone', '+1 512 555 0199'],
        ['website', 'acepipes.example'],
        ['trades', 'plumbing'],
        ['trades', 'hvac'],
        ['serviceCountries', 'US'],
        ['serviceStates', 'TX'],
        ['serviceStates', 'OK'],
      ]),
    );
    expect(good).toMatchObject({ status: 200, body: { ok: true, intent: 'profile' } });
    expect(await vendorRow(row.id)).toMatchObject({
      contactName: 'Ada Pipes-Lovelace',
      phone: '+1 512 555 0199',
      website: 'https://acepipes.example/',
      trades: ['plumbing', 'hvac'],
      serviceStates: ['TX', 'OK'],
    });
    expect((await auditsOf('vendor_updated', row.id)).map((entry) => entry.values)).toEqual([
      expect.objectContaining({ change: 'profile', fields: ['contactName', 'phone', 'website', 'trades', 'serviceStates'] }),
    ]);
    const page = (await profileRoute.loader({
      request: new Request('http://dimora.test/vendor-portal/profile?uploadError=file_too_large', { headers: { cookie } }),
      params: {},
      context,
    } as never)) as Awaited<ReturnType<typeof profileRoute.loader>>;
    expect(page.profile).toMatchObject({ id: row.id, eligibility: 'insurance_unverified' });
    expect(page.uploadError).toBe('file_too_large');
  });
});

describe('the insurance reminder job', () => {
  it('e-mails the 30- and 7-day reminders once each, then tells the admins when the insurance has expired', async () => {
    const { row, viewer } = await vendorWithAccount({
      companyName: 'Reminder Roofing',
      insuranceExpiry: '2031-03-31',
      insuranceVerifiedAt: new Date(),
    });
    const mailsTo = () => sent.filter((mail) => mail.to === row.email).map((mail) => mail.subject);
    // 45 days before: nothing yet.
    await runInsuranceReminders({ db: database.db, today: '2031-02-14' });
    await runJobs();
    expect(mailsTo()).toEqual([]);
    // 30 days before, twice (a second instance, a manual run): one reminder.
    await runInsuranceReminders({ db: database.db, today: '2031-03-01' });
    await runInsuranceReminders({ db: database.db, today: '2031-03-01' });
    await runJobs();
    await runInsuranceReminders({ db: database.db, today: '2031-03-02' });
    await runJobs();
    expect(mailsTo()).toEqual(['Your certificate of insurance expires on March 31, 2031']);
    expect(sent.find((mail) => mail.to === row.email)?.text).toContain('(in 30 days)');
    // 7 days before, and the days after: one more.
    for (const today of ['2031-03-24', '2031-03-25', '2031-03-31']) {
      await runInsuranceReminders({ db: database.db, today });
      await runJobs();
    }
    expect(mailsTo()).toEqual([
      'Your certificate of insurance expires on March 31, 2031',
      'Your certificate of insurance expires on March 31, 2031',
    ]);
    expect(INSURANCE_REMINDER_DAYS).toEqual([30, 7]);
    // Expired: the vendor and the admins are told, once.
    for (const today of ['2031-04-01', '2031-04-02']) {
      await runInsuranceReminders({ db: database.db, today });
      await runJobs();
    }
    expect(mailsTo().at(-1)).toBe('Your certificate of insurance has expired');
    expect(mailsTo()).toHaveLength(3);
    const vendorNotes = await database.db
      .select({ title: notification.title })
      .from(notification)
      .where(eq(notification.userId, viewer.id));
    expect(vendorNotes.map((note) => note.title)).toEqual([
      'Certificate of insurance expiring',
      'Certificate of insurance expiring',
      'Certificate of insurance expired',
    ]);
    const adminNotes = await database.db
      .select({ message: notification.message })
      .from(notification)
      .where(and(eq(notification.userId, admin.id), eq(notification.actionUrl, `/admin/vendors/${row.id}`)));
    expect(adminNotes.map((note) => note.message)).toEqual([
      "L'assicurazione di Reminder Roofing è scaduta il 31 marzo 2031: non può ricevere nuovi lavori finché non viene verificato un certificato rinnovato.",
    ]);
  });

  it('a renewed certificate verified meanwhile, or a suspension, cancels a pending notice; the scheduled run reads its day', async () => {
    const { row } = await vendorWithAccount({ insuranceExpiry: '2032-05-31', insuranceVerifiedAt: new Date() });
    await runInsuranceReminders({ db: database.db, today: '2032-05-01' });
    await database.db.update(vendor).set({ insuranceExpiry: '2033-05-31' }).where(eq(vendor.id, row.id));
    await runJobs();
    expect(sent.filter((mail) => mail.to === row.email)).toEqual([]);
    // The daily job's own handler takes the day it was scheduled for.
    await database.db
      .insert(outbox)
      .values({ topic: 'vendors.insurance_reminders', payload: { scheduledFor: '2033-05-24T07:00:00.000Z' } });
    await runJobs();
    expect(sent.filter((mail) => mail.to === row.email).map((mail) => mail.subject)).toEqual([
      'Your certificate of insurance expires on May 31, 2033',
    ]);
    expect(Object.keys(vendorJobHandlers).sort()).toEqual([
      'mail.vendor',
      'mail.vendor_invitation',
      'vendors.insurance_notice',
      'vendors.insurance_reminders',
    ]);
    // Registered with the job runner: every topic handled, the daily schedule on.
    const { jobHandlers, jobSchedules } = await import('../../../server/jobs');
    for (const topic of Object.keys(vendorJobHandlers)) expect(jobHandlers[topic], topic).toBe(vendorJobHandlers[topic]);
    expect(jobSchedules).toContainEqual({ name: 'vendors.insurance_reminders', cron: '0 7 * * *', topic: 'vendors.insurance_reminders' });
  });
});

describe('applying again after a rejection', () => {
  it('a rejected applicant may apply again 30 days after the decision, on the same record, and not before', async () => {
    const values = {
      companyName: 'Second Try Painting',
      contactName: 'Rita',
      email: 'second.try@vendors.test',
      phone: '+1 512 555 0111',
      website: '',
      trades: ['painting'],
      serviceCountries: ['US'],
      serviceStates: [],
      insuranceExpiry: '',
      notes: '',
    };
    const first = await submitVendorApplication({ db: database.db, input: values, locale: 'it' });
    expect(first.ok).toBe(true);
    const id = first.ok ? first.vendorId : 0;
    expect((await vendorRow(id)).locale).toBe('it');
    const decided = new Date('2027-01-10T12:00:00Z');
    await rejectVendor({ db: database.db, actor: admin, id, origin, reason: 'Incomplete.', now: decided });
    const soon = await submitVendorApplication({ db: database.db, input: values, locale: 'en', now: new Date('2027-01-20T12:00:00Z') });
    expect(soon).toMatchObject({
      ok: false,
      status: 422,
      errors: {
        form: 'An application from this e-mail address was not approved. You can apply again from Feb 9, 2027; please contact us before then if your situation has changed.',
      },
    });
    const later = await submitVendorApplication({
      db: database.db,
      input: { ...values, companyName: 'Second Try Painting LLC' },
      locale: 'en',
      now: new Date('2027-02-10T12:00:00Z'),
    });
    expect(later).toEqual({ ok: true, vendorId: id });
    expect(await vendorRow(id)).toMatchObject({
      status: 'pending',
      companyName: 'Second Try Painting LLC',
      rejectionReason: null,
      reviewedAt: null,
      locale: 'en',
    });
    const [rows] = await database.db.select({ n: count() }).from(vendor).where(eq(vendor.email, values.email));
    expect(rows?.n).toBe(1);
  });
});
