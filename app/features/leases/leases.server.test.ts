import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transitionApplication } from '~/features/applications/review.server';
import { findLeaseBalance } from '~/features/ledger/ledger.server';
import { syncCheckoutByRef } from '~/features/ledger/lease-checkout.server';
import type { Viewer } from '~/server/auth/session.server';
import { openDatabase, type Database } from '~/server/db/client.server';
import {
  application,
  auditLog,
  charge,
  checkoutSession,
  document,
  lease,
  leaseTenant,
  notification,
  payment,
  property,
  user,
} from '~/server/db/schema';
import {
  createSandboxProvider,
  SANDBOX_TEST_CARDS,
  type SandboxCharge,
  type SandboxProvider,
} from '~/server/payments/sandbox-provider.server';
import { CHECKOUT_CONTEXT } from '../../../tests/setup/checkout';
import { createLocalStorage, type UploadStorage } from '~/server/uploads/storage.server';
import { createApplication, createProperty } from '../../../tests/setup/factories';
import { createLeaseFixture, createPerson, leaseMails, TEST_ORIGIN, testCard } from '../../../tests/setup/leases';
import { createTestDatabase, TEST_PUBLIC_URL, type TestDatabase, raceDescribe, raceTest } from '../../../tests/setup/test-db';
import { sha256Hex } from './lease-document.server';
import { leasePdf } from './lease-pdf.server';
import { offerRenewal } from './lease-renewals.server';
import { signLease, startSigningCheckout } from './lease-signing.server';
import { countersignLease, LEASE_SIGN_DAYS, sendLease } from './leases.server';

let database: TestDatabase;
let storage: UploadStorage;
let uploadsDir: string;
let manager: Viewer;
let otherManager: Viewer;
const origin = TEST_ORIGIN;
const publicUrl = TEST_PUBLIC_URL;
/** When the lease is sent, and a moment within the week it may be signed. */
const SENT_AT = new Date('2027-01-10T09:00:00Z');
const SIGN_NOW = new Date('2027-01-11T10:30:00Z');
const card = (number: string) => testCard(number, 'Lena Lessee');

type RenewalOptions = Parameters<typeof offerRenewal>[0];
/** The manager offers a renewal at SENT_AT (through the test's db) unless `options` name another actor or db. */
function offerRenewalAt(options: Pick<RenewalOptions, 'leaseId' | 'endDate' | 'monthlyRentCents'> & Partial<RenewalOptions>) {
  return offerRenewal({ db: database.db, actor: manager, origin, publicUrl, now: SENT_AT, ...options });
}

/** A lease `tenant` has signed for `startDate`–`endDate` (ISO dates), waiting for the manager's countersignature. */
function signedLease(tenant: Viewer, startDate: string, endDate: string, values: { unitId?: number } = {}) {
  return createLeaseFixture(database.db, { manager, tenant, status: 'signed', countersignedAt: null, startDate, endDate, ...values });
}

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dimora-lease-test-'));
  storage = createLocalStorage(uploadsDir);
  manager = await createPerson(database.db, 'property_manager');
  await database.db.update(user).set({ locale: 'it' }).where(eq(user.id, manager.id));
  otherManager = await createPerson(database.db, 'property_manager');
});

afterAll(async () => {
  await database?.close();
  if (uploadsDir) await fs.rm(uploadsDir, { recursive: true, force: true });
});

function newProvider() {
  return createSandboxProvider({ store: new Map<string, Promise<SandboxCharge>>(), checkouts: new Map() });
}

/**
 * The primary signer pays what is due at signing on the hosted page (decision 049) with
 * `cardNumber`: opens the checkout, pays it on the sandbox's page, syncs it as the webhook does.
 * Answers how the payment stands afterwards.
 */
async function payAtSigning(viewer: Viewer, leaseId: number, provider: SandboxProvider, cardNumber: string, key = 'sign-page-1') {
  const opened = await startSigningCheckout({
    db: database.db,
    provider,
    viewer,
    leaseId,
    idempotencyKey: key,
    locale: 'en',
    origin,
    context: CHECKOUT_CONTEXT,
    now: SIGN_NOW,
  });
  if (!opened.ok) return opened;
  const [row] = await database.db.select().from(checkoutSession).where(eq(checkoutSession.paymentId, opened.paymentId));
  if (opened.url && row?.sessionRef) {
    provider.payCheckout(row.sessionRef, { ...card(cardNumber), expMonth: 12, expYear: new Date().getUTCFullYear() + 2 });
    await syncCheckoutByRef({ db: database.db, provider, ref: row.sessionRef, context: CHECKOUT_CONTEXT });
  }
  const [paid] = await database.db.select().from(payment).where(eq(payment.id, opened.paymentId));
  return { ok: true as const, payment: paid! };
}

/**
 * An applicant with an application under review for a unit of `manager`'s building (rent $1,500,
 * deposit $1,500, $50 fee, paying at signing: $3,050 due then).
 */
async function applicationUnderReview({
  unitId,
  moveIn = '2027-03-01',
  moveOut = '2028-02-29',
}: { unitId?: number; moveIn?: string; moveOut?: string } = {}) {
  const applicant = await createPerson(database.db, 'tenant', 'Lena Lessee');
  const unit = unitId ?? (await createProperty(database.db, { managerId: manager.id })).id;
  const app = await createApplication(database.db, {
    propertyId: unit,
    userId: applicant.id,
    email: applicant.email,
    firstName: 'Lena',
    lastName: 'Lessee',
    status: 'under_review',
    moveIn,
    moveOut,
  });
  return { applicant, unit, app };
}

async function approve(appId: number, actor: Viewer = manager) {
  return transitionApplication({ db: database.db, actor, id: appId, to: 'approved', origin });
}

/** An approved application whose draft lease was sent at `SENT_AT`; returns the lease's fingerprint too. */
async function sentLease() {
  const { applicant, unit, app } = await applicationUnderReview();
  const approved = await approve(app.id);
  if (!approved.ok || !approved.leaseId) throw new Error(`approval refused: ${JSON.stringify(approved)}`);
  const leaseId = approved.leaseId;
  const sent = await sendLease({ db: database.db, actor: manager, leaseId, origin, publicUrl, now: SENT_AT });
  if (!sent.ok) throw new Error(`send refused: ${sent.reason}`);
  const rendered = await leasePdf(database.db, leaseId, 'en');
  return { applicant, unit, app, leaseId, sha256: rendered!.sha256 };
}

type SignInput = Partial<Parameters<typeof signLease>[0]> & { viewer: Viewer; leaseId: number };

function sign({ viewer, leaseId, ...rest }: SignInput) {
  return signLease({
    db: database.db,
    storage,
    viewer,
    leaseId,
    typedName: viewer.name,
    consent: true,
    documentSha256: '',
    lang: 'en',
    origin,
    publicUrl,
    now: SIGN_NOW,
    ...rest,
  });
}

async function leaseRow(id: number) {
  const [row] = await database.db.select().from(lease).where(eq(lease.id, id));
  return row!;
}

async function signersOf(leaseId: number) {
  return database.db.select().from(leaseTenant).where(eq(leaseTenant.leaseId, leaseId)).orderBy(leaseTenant.id);
}

/** What a signature would have written for a lease. */
async function signatureTraces(leaseId: number) {
  const [charges] = await database.db.select({ n: count() }).from(charge).where(eq(charge.leaseId, leaseId));
  const [documents] = await database.db
    .select({ n: count() })
    .from(document)
    .where(and(eq(document.ownerType, 'lease'), eq(document.ownerId, String(leaseId))));
  const signed = (await signersOf(leaseId)).filter((s) => s.signedAt !== null).length;
  return { charges: charges?.n, documents: documents?.n, signed, status: (await leaseRow(leaseId)).status };
}

describe('approval and sending', () => {
  it('approving an application under review creates a draft lease with the applicant as its primary signer', async () => {
    const { applicant, unit, app } = await applicationUnderReview();

    const approved = await approve(app.id);

    expect(approved).toMatchObject({ ok: true, from: 'under_review', to: 'approved', leaseId: expect.any(Number) });
    if (!approved.ok) return;
    expect(await leaseRow(approved.leaseId!)).toMatchObject({
      status: 'draft',
      propertyId: unit,
      applicationId: app.id,
      tenantId: applicant.id,
      startDate: '2027-03-01',
      endDate: '2028-02-29',
      monthlyRentCents: 150_000,
      depositCents: 150_000,
      dueAtSigningCents: 305_000,
      sentAt: null,
    });
    expect(
      (await signersOf(approved.leaseId!)).map((s) => ({
        role: s.role,
        email: s.email,
        name: s.name,
        userId: s.userId,
        signedAt: s.signedAt,
      })),
    ).toEqual([{ role: 'primary', email: applicant.email, name: 'Lena Lessee', userId: applicant.id, signedAt: null }]);
  });

  it('sending a draft dates it, opens it for signature for a week and invites the signer', async () => {
    const { applicant, app } = await applicationUnderReview();
    const approved = await approve(app.id);
    if (!approved.ok) throw new Error('approval refused');
    const leaseId = approved.leaseId!;

    expect(await sendLease({ db: database.db, actor: otherManager, leaseId, origin, publicUrl, now: SENT_AT })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(await sendLease({ db: database.db, actor: manager, leaseId, origin, publicUrl, now: SENT_AT })).toEqual({ ok: true, leaseId });
    expect(await sendLease({ db: database.db, actor: manager, leaseId, origin, publicUrl, now: SENT_AT })).toMatchObject({
      ok: false,
      reason: 'invalid_status',
      status: 'sent',
    });

    expect(await leaseRow(leaseId)).toMatchObject({
      status: 'sent',
      sentAt: SENT_AT,
      signBy: new Date(SENT_AT.getTime() + LEASE_SIGN_DAYS * 86_400_000),
    });
    const invitations = await leaseMails(database.db, 'lease_sent', applicant.email);
    expect(invitations).toHaveLength(1);
    expect(invitations[0]!.payload).toMatchObject({
      url: `${publicUrl}/tenant-portal/leases/${leaseId}`,
      values: { due: '$3,050.00', rent: '$1,500.00' },
    });
  });
});

describe('signing', () => {
  it('refuses someone not on the lease, a wrong name, no consent, a changed document and a lapsed offer, and writes nothing', async () => {
    const { applicant, unit, leaseId, sha256 } = await sentLease();
    const stranger = await createPerson(database.db, 'tenant', 'Lena Lessee');
    const provider = newProvider();
    const before = await signatureTraces(leaseId);

    expect(await sign({ viewer: stranger, leaseId, documentSha256: sha256 })).toEqual({ ok: false, reason: 'not_found' });
    expect(await sign({ viewer: applicant, leaseId, documentSha256: sha256, typedName: 'Lena Lesse' })).toEqual({
      ok: false,
      reason: 'name_mismatch',
    });
    expect(await sign({ viewer: applicant, leaseId, documentSha256: sha256, typedName: '   ' })).toEqual({
      ok: false,
      reason: 'name_mismatch',
    });
    expect(await sign({ viewer: applicant, leaseId, documentSha256: sha256, consent: false })).toEqual({
      ok: false,
      reason: 'consent_required',
    });
    expect(
      await sign({
        viewer: applicant,
        leaseId,
        documentSha256: sha256,
        now: new Date(SENT_AT.getTime() + LEASE_SIGN_DAYS * 86_400_000 + 1_000),
      }),
    ).toEqual({
      ok: false,
      reason: 'expired',
    });
    // The unit's address changed after the signing page showed the lease: its fingerprint is stale.
    await database.db.update(property).set({ address: '99 Changed Street' }).where(eq(property.id, unit));
    expect(await sign({ viewer: applicant, leaseId, documentSha256: sha256 })).toEqual({ ok: false, reason: 'document_changed' });

    expect(provider.checkouts.size).toBe(0);
    expect(await signatureTraces(leaseId)).toEqual(before);
    expect(before).toEqual({ charges: 0, documents: 0, signed: 0, status: 'sent' });
  });

  it('signing before paying what is due is refused; a card declined on the hosted page leaves it unpaid and signs nothing', async () => {
    const { applicant, leaseId, sha256 } = await sentLease();
    const provider = newProvider();

    expect(await sign({ viewer: applicant, leaseId, documentSha256: sha256 })).toEqual({ ok: false, reason: 'payment_required' });
    const declined = await payAtSigning(applicant, leaseId, provider, SANDBOX_TEST_CARDS.declined);
    expect(declined).toMatchObject({ ok: true, payment: { status: 'pending', amountCents: 305_000, kind: 'deposit' } });
    expect(await sign({ viewer: applicant, leaseId, documentSha256: sha256 })).toEqual({ ok: false, reason: 'payment_required' });
    expect(await signatureTraces(leaseId)).toEqual({ charges: 0, documents: 0, signed: 0, status: 'sent' });
    expect(await storage.list('leases/')).not.toContainEqual(expect.stringMatching(new RegExp(`^leases/${leaseId}/`)));
    // A co-tenant or a stranger cannot open the signing payment; the amount is the lease's, not the form's.
    const stranger = await createPerson(database.db, 'tenant', 'Sid Stranger');
    expect(await payAtSigning(stranger, leaseId, provider, SANDBOX_TEST_CARDS.succeeds, 'stranger')).toEqual({
      ok: false,
      reason: 'not_found',
    });
  });

  it('a good signature keeps its evidence and the PDF it fingerprints, posts the signing charges and leaves nothing owing', async () => {
    const { applicant, leaseId, sha256 } = await sentLease();
    const provider = newProvider();
    await payAtSigning(applicant, leaseId, provider, SANDBOX_TEST_CARDS.declined, 'first-try');
    const paid = await payAtSigning(applicant, leaseId, provider, SANDBOX_TEST_CARDS.succeeds, 'first-try');
    expect(paid).toMatchObject({ ok: true, payment: { status: 'succeeded', amountCents: 305_000, cardLast4: '4242' } });

    const outcome = await sign({
      viewer: applicant,
      leaseId,
      documentSha256: sha256,
      typedName: '  lena   LESSEE ',
    });

    expect(outcome).toEqual({ ok: true, leaseId, leaseStatus: 'signed', paymentId: paid.ok ? paid.payment.id : -1 });
    const [signer] = await signersOf(leaseId);
    expect(signer).toMatchObject({
      signedAt: SIGN_NOW,
      signatureName: 'lena   LESSEE',
      signatureIp: origin.ip,
      signatureUserAgent: origin.userAgent,
      documentSha256: sha256,
      userId: applicant.id,
    });
    const [stored] = await database.db.select().from(document).where(eq(document.id, signer!.documentId!));
    expect(stored).toMatchObject({ kind: 'lease_pdf', ownerType: 'lease', ownerId: String(leaseId), mime: 'application/pdf', sha256 });
    const object = await storage.get(stored!.storageKey);
    const bytes = await buffer(object!.body);
    expect(bytes.length).toBe(stored!.sizeBytes);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha256Hex(bytes)).toBe(sha256);

    const charges = await database.db.select().from(charge).where(eq(charge.leaseId, leaseId)).orderBy(charge.id);
    expect(charges.map((c) => [c.kind, c.amountCents, c.status]).sort()).toEqual(
      [
        ['application_fee', 5_000, 'paid'],
        ['deposit', 150_000, 'paid'],
        ['rent', 150_000, 'paid'],
      ].sort(),
    );
    expect(charges.find((c) => c.kind === 'rent')).toMatchObject({ period: '2027-03', dueDate: '2027-03-01' });
    expect(await findLeaseBalance(database.db, leaseId, '2027-03-01')).toMatchObject({ balanceCents: 0, overdueCents: 0 });
    expect(await leaseRow(leaseId)).toMatchObject({ status: 'signed', tenantId: applicant.id });
    expect(provider.checkouts.size).toBe(1);

    // The building's manager hears of it in their own language.
    const bells = await database.db
      .select({ title: notification.title, message: notification.message, url: notification.actionUrl })
      .from(notification)
      .where(eq(notification.userId, manager.id));
    expect(bells).toContainEqual({
      title: `Contratto ${leaseId} pronto per la controfirma`,
      message: expect.stringContaining('ha firmato il contratto per'),
      url: `/dashboard/leases/${leaseId}`,
    });

    expect(await sign({ viewer: applicant, leaseId, documentSha256: sha256 })).toEqual({
      ok: false,
      reason: 'already_signed',
    });
    // Signed: the signing payment is closed too.
    expect(await payAtSigning(applicant, leaseId, provider, SANDBOX_TEST_CARDS.succeeds, 'after')).toEqual({
      ok: false,
      reason: 'not_open',
    });
    expect(provider.checkouts.size).toBe(1);
    expect(
      await database.db
        .select()
        .from(document)
        .where(eq(document.ownerId, String(leaseId))),
    ).toHaveLength(1);
  });
});

describe('countersigning and renewal', () => {
  async function signedLease() {
    const sent = await sentLease();
    await payAtSigning(sent.applicant, sent.leaseId, newProvider(), SANDBOX_TEST_CARDS.succeeds);
    const signed = await sign({ viewer: sent.applicant, leaseId: sent.leaseId, documentSha256: sent.sha256 });
    if (!signed.ok) throw new Error(`signature refused: ${signed.reason}`);
    return sent;
  }

  it('countersigning a signed lease makes it active and the application leased, and tells the tenant', async () => {
    const { applicant, unit, app, leaseId } = await signedLease();

    expect(await countersignLease({ db: database.db, actor: otherManager, leaseId, origin, publicUrl })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(await countersignLease({ db: database.db, actor: manager, leaseId, origin, publicUrl })).toEqual({ ok: true, leaseId });
    expect(await countersignLease({ db: database.db, actor: manager, leaseId, origin, publicUrl })).toMatchObject({
      ok: false,
      reason: 'invalid_status',
      status: 'active',
    });

    expect(await leaseRow(leaseId)).toMatchObject({ status: 'active', countersignedBy: manager.id, countersignedAt: expect.any(Date) });
    const [appRow] = await database.db.select({ status: application.status }).from(application).where(eq(application.id, app.id));
    expect(appRow?.status).toBe('leased');
    const [unitRow] = await database.db.select({ status: property.status }).from(property).where(eq(property.id, unit));
    expect(unitRow?.status).toBe('leased');
    expect(await leaseMails(database.db, 'lease_active', applicant.email)).toHaveLength(1);
    const told = await database.db
      .select()
      .from(notification)
      .where(and(eq(notification.userId, applicant.id), eq(notification.type, 'success')));
    expect(told.some((n) => n.title === 'Your lease is active')).toBe(true);
  });

  it('a lease not signed yet cannot be countersigned', async () => {
    const { leaseId } = await sentLease();

    expect(await countersignLease({ db: database.db, actor: manager, leaseId, origin, publicUrl })).toMatchObject({
      ok: false,
      reason: 'not_all_signed',
    });
    expect((await leaseRow(leaseId)).status).toBe('sent');
  });

  it('a signed lease whose dates another active lease of the unit holds is refused: overlap', async () => {
    const tenant = await createPerson(database.db, 'tenant');
    const held = await createLeaseFixture(database.db, { manager, tenant, startDate: '2027-01-01', endDate: '2027-12-31' });
    // Created behind the rules' back (an import): the countersignature checks the dates again.
    const late = await createLeaseFixture(database.db, {
      manager,
      tenant,
      unitId: held.propertyId,
      status: 'signed',
      startDate: '2027-06-01',
      endDate: '2028-05-31',
    });

    expect(await countersignLease({ db: database.db, actor: manager, leaseId: late.id, origin, publicUrl })).toEqual({
      ok: false,
      reason: 'overlap',
    });
    expect((await leaseRow(late.id)).status).toBe('signed');
  });

  it('a renewal is offered from the day after the lease ends, signed with nothing due, and countersigned', async () => {
    const tenant = await createPerson(database.db, 'tenant', 'Rene Renewer');
    const current = await createLeaseFixture(database.db, {
      manager,
      tenant,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      monthlyRentCents: 120_000,
      depositCents: 120_000,
    });
    const provider = newProvider();

    expect(await offerRenewalAt({ leaseId: current.id, endDate: '2026-12-31', monthlyRentCents: 125_000 })).toEqual({
      ok: false,
      reason: 'invalid_dates',
    });
    expect(await offerRenewalAt({ actor: otherManager, leaseId: current.id, endDate: '2027-12-31', monthlyRentCents: 125_000 })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    const offered = await offerRenewalAt({ leaseId: current.id, endDate: '2027-12-31', monthlyRentCents: 125_000 });
    expect(offered.ok).toBe(true);
    if (!offered.ok) return;
    const renewalId = offered.leaseId;
    expect(await leaseRow(renewalId)).toMatchObject({
      status: 'sent',
      renewalOfId: current.id,
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      monthlyRentCents: 125_000,
      depositCents: 120_000,
      dueAtSigningCents: 0,
    });
    expect((await signersOf(renewalId)).map((s) => [s.role, s.email, s.userId, s.signedAt])).toEqual([
      ['primary', tenant.email, tenant.id, null],
    ]);
    expect(await leaseMails(database.db, 'renewal_offered', tenant.email)).toHaveLength(1);

    const { sha256 } = (await leasePdf(database.db, renewalId, 'en'))!;
    const signed = await sign({ viewer: tenant, leaseId: renewalId, documentSha256: sha256 });

    expect(signed).toEqual({ ok: true, leaseId: renewalId, leaseStatus: 'signed', paymentId: null });
    expect(provider.checkouts.size).toBe(0);
    expect(await database.db.select().from(payment).where(eq(payment.leaseId, renewalId))).toEqual([]);
    expect(await database.db.select().from(charge).where(eq(charge.leaseId, renewalId))).toEqual([]);

    expect(await countersignLease({ db: database.db, actor: manager, leaseId: renewalId, origin, publicUrl })).toEqual({
      ok: true,
      leaseId: renewalId,
    });
    expect((await leaseRow(renewalId)).status).toBe('active');
    expect((await leaseRow(current.id)).status).toBe('active');
  });
});

// The proof is on PostgreSQL (two connection pools racing); PGlite runs one transaction at a
// time, so there both sides share the one database and the races pass whatever the code does.
raceDescribe('at once (two connection pools on PostgreSQL)', () => {
  let other: Database;

  beforeAll(async () => {
    if (!database.url) {
      other = database;
      return;
    }
    other = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
    // Connected before the races, so neither side starts late.
    await Promise.all([other.db.execute(sql`select 1`), other.db.execute(sql`select 1`)]);
  });

  afterAll(async () => {
    if (other !== database) await other?.close();
  });

  raceTest('two approvals of overlapping applications for one unit: exactly one draft lease', async () => {
    const first = await applicationUnderReview({ moveIn: '2027-03-01', moveOut: '2028-02-29' });
    const second = await applicationUnderReview({ unitId: first.unit, moveIn: '2027-06-01', moveOut: '2028-05-31' });

    const outcomes = await Promise.all([
      transitionApplication({ db: database.db, actor: manager, id: first.app.id, to: 'approved', origin }),
      transitionApplication({ db: other.db, actor: manager, id: second.app.id, to: 'approved', origin }),
    ]);

    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ok)).toMatchObject({ ok: false, reason: 'unit_taken' });
    const drafts = await database.db.select().from(lease).where(eq(lease.propertyId, first.unit));
    expect(drafts).toHaveLength(1);
    expect(drafts[0]!.status).toBe('draft');
  });

  raceTest('two renewals of one lease offered at once: one renewal, the other refused', async () => {
    const tenant = await createPerson(database.db, 'tenant');
    const current = await createLeaseFixture(database.db, { manager, tenant, startDate: '2026-01-01', endDate: '2026-12-31' });

    const outcomes = await Promise.all([
      offerRenewalAt({ leaseId: current.id, endDate: '2027-12-31', monthlyRentCents: 125_000 }),
      offerRenewalAt({ db: other.db, leaseId: current.id, endDate: '2027-06-30', monthlyRentCents: 130_000 }),
    ]);

    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ok)).toEqual({ ok: false, reason: 'overlap' });
    expect(await database.db.select().from(lease).where(eq(lease.renewalOfId, current.id))).toHaveLength(1);
  });

  raceTest('one lease countersigned twice at once is countersigned once', async () => {
    const tenant = await createPerson(database.db, 'tenant');
    const row = await signedLease(tenant, '2027-01-01', '2027-12-31');

    const outcomes = await Promise.all([
      countersignLease({ db: database.db, actor: manager, leaseId: row.id, origin, publicUrl }),
      countersignLease({ db: other.db, actor: manager, leaseId: row.id, origin, publicUrl }),
    ]);

    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ok)).toMatchObject({ ok: false, reason: 'invalid_status', status: 'active' });
    const [audits] = await database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lease_countersigned'), sql`${auditLog.newValues}->>'lease_id' = ${String(row.id)}`));
    expect(audits?.n).toBe(1);
  });

  raceTest('two overlapping signed leases of one unit countersigned at once never both become active', async () => {
    const tenant = await createPerson(database.db, 'tenant');
    const a = await signedLease(tenant, '2027-01-01', '2027-12-31');
    const b = await signedLease(tenant, '2027-06-01', '2028-05-31', { unitId: a.propertyId });

    const outcomes = await Promise.all([
      countersignLease({ db: database.db, actor: manager, leaseId: a.id, origin, publicUrl }),
      countersignLease({ db: other.db, actor: manager, leaseId: b.id, origin, publicUrl }),
    ]);

    expect(outcomes.filter((o) => o.ok).length).toBeLessThanOrEqual(1);
    for (const refused of outcomes.filter((o) => !o.ok)) expect(refused).toEqual({ ok: false, reason: 'overlap' });
    const active = await database.db
      .select()
      .from(lease)
      .where(and(inArray(lease.id, [a.id, b.id]), eq(lease.status, 'active')));
    expect(active.length).toBe(outcomes.filter((o) => o.ok).length);
  });
});
