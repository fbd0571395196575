/**
 * Owners on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), decision 061:
 * the admin's commands (create with a unique e-mail, assign a building, the management agreement,
 * a contribution posted to the journal); the monthly settlement's figures from a lease's real
 * payments (the fee on the rent collected, never on the deposit; the deposits held and the reserve
 * stay in trust; the rest is distributed), posted once however often it runs (and, on PostgreSQL,
 * however many run at once); the job's distribution day on the building's wall clock; and the
 * portal, which shows an owner only their own buildings.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '~/server/auth/session.server';
import { rowsOf } from '~/server/db/rows.server';
import { building, journalEntry, managementAgreement, owner, ownerSettlement } from '~/server/db/schema';
import { localToday } from '~/lib/time-zones';
import { recordOfflinePayment } from '~/features/ledger/ledger-commands.server';
import { addCharge, createLeaseFixture, createPerson, TEST_ORIGIN } from '../../../tests/setup/leases';
import { createTestDatabase, raceTest, TEST_PUBLIC_URL, type TestDatabase } from '../../../tests/setup/test-db';
import { sha256Hex } from '~/features/leases/lease-document.server';
import { OWNER_MAIL_TOPIC } from './owner-mail.server';
import { findOwnerBuilding, findOwnerPortal } from './owner-portal.server';
import {
  buildOwnerStatement,
  generateOwnerStatement,
  listOwnerStatements,
  regenerateOwnerStatement,
  statementPdf,
} from './owner-statements.server';
import { monthEnd, settleDueOwnerMonths, settleOwnerMonth, settlementFigures, shiftMonth } from './owner-settlement.server';
import { assignBuildingOwner, createOwner, recordOwnerContribution, saveManagementAgreement } from './owners.server';

let database: TestDatabase;
let admin: Viewer;
let manager: Viewer;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createPerson(database.db, 'admin');
  manager = await createPerson(database.db, 'property_manager');
});

afterAll(async () => {
  await database?.close();
});

let ownerCount = 0;

/** A building with one active lease whose tenant paid this month's rent and the deposit (both $1,200), held by a new owner on `terms`. */
async function ownedBuildingWithRentPaid(
  terms: { feePercent?: number; flatFee?: number; reserve?: number; distributionDay?: number } = {},
) {
  ownerCount += 1;
  const tenant = await createPerson(database.db, 'tenant', `Settled Tenant ${ownerCount}`);
  const lease = await createLeaseFixture(database.db, { manager, tenant });
  const [unit] = rowsOf<{ building_id: number; time_zone: string }>(
    await database.db.execute(
      sql`select u.building_id, b.time_zone from property u join building b on b.id = u.building_id where u.id = ${lease.propertyId}`,
    ),
  );
  const buildingId = Number(unit!.building_id);
  const timeZone = unit!.time_zone;
  const today = localToday(timeZone);
  const month = today.slice(0, 7);
  // The deposit falls due first, so the payment covers it before the rent (oldest first).
  await addCharge(database.db, { leaseId: lease.id, kind: 'deposit', amountCents: 120_000, dueDate: `${month}-01`, period: 'signing' });
  await addCharge(database.db, { leaseId: lease.id, kind: 'rent', amountCents: 120_000, dueDate: `${month}-02` });
  const paid = await recordOfflinePayment({
    db: database.db,
    actor: manager,
    leaseId: lease.id,
    amountCents: 240_000,
    method: 'check',
    reference: `chk-${ownerCount}`,
    origin: TEST_ORIGIN,
    publicUrl: TEST_PUBLIC_URL,
  });
  expect(paid.ok).toBe(true);
  const created = await createOwner(database.db, {
    actor: admin,
    input: { kind: 'company', name: `Holdings ${ownerCount} LLC`, email: `holdings${ownerCount}@owners.test`, phone: '', locale: 'en' },
    origin: TEST_ORIGIN,
  });
  if (!created.ok) throw new Error(created.reason);
  expect((await assignBuildingOwner(database.db, { actor: admin, id: created.id, buildingId, origin: TEST_ORIGIN })).ok).toBe(true);
  const saved = await saveManagementAgreement(database.db, {
    actor: admin,
    id: created.id,
    input: {
      buildingId,
      feePercent: terms.feePercent ?? 800,
      flatFee: terms.flatFee ?? 5_000,
      reserve: terms.reserve ?? 10_000,
      distributionDay: terms.distributionDay ?? 5,
      startsOn: '2026-01-01',
    },
    origin: TEST_ORIGIN,
  });
  expect(saved.ok).toBe(true);
  return { ownerId: created.id, buildingId, timeZone, month, lease };
}

/** Noon UTC on day `day` of month `month` (`YYYY-MM`). */
function dayOf(month: string, day: number): Date {
  return new Date(`${month}-${String(day).padStart(2, '0')}T12:00:00Z`);
}

/** The building's balance (debits − credits, cents) of account `key`. */
async function balance(buildingId: number, key: string): Promise<number> {
  const [row] = rowsOf<{ cents: string | null }>(
    await database.db.execute(sql`
      select sum(l.debit_cents - l.credit_cents) as cents from journal_line l join gl_account a on a.id = l.account_id
      where a.system_key = ${key} and l.building_id = ${buildingId}`),
  );
  return Number(row?.cents ?? 0);
}

async function entriesOf(buildingId: number, source: 'management_fee' | 'owner_distribution') {
  return database.db
    .select()
    .from(journalEntry)
    .where(and(eq(journalEntry.buildingId, buildingId), eq(journalEntry.source, source)));
}

describe('the admin’s owner commands', () => {
  it('refuse a second owner with the same e-mail in any letter case, and nothing is written', async () => {
    const input = { kind: 'person' as const, name: 'Ada Owner', email: 'ada@owners.test', phone: '', locale: 'it' as const };
    const first = await createOwner(database.db, { actor: admin, input, origin: TEST_ORIGIN });
    expect(first.ok).toBe(true);
    const second = await createOwner(database.db, { actor: admin, input: { ...input, email: 'ADA@Owners.test' }, origin: TEST_ORIGIN });
    expect(second).toEqual({ ok: false, reason: 'email_taken' });
    const rows = await database.db
      .select()
      .from(owner)
      .where(sql`lower(${owner.email}) = 'ada@owners.test'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.locale).toBe('it');
  });

  it('refuse an agreement or a contribution for a building the owner does not hold', async () => {
    const { buildingId } = await ownedBuildingWithRentPaid();
    const other = await createOwner(database.db, {
      actor: admin,
      input: { kind: 'person', name: 'Not The Owner', email: 'not-owner@owners.test', phone: '', locale: 'en' },
      origin: TEST_ORIGIN,
    });
    if (!other.ok) throw new Error(other.reason);
    const agreement = await saveManagementAgreement(database.db, {
      actor: admin,
      id: other.id,
      input: { buildingId, feePercent: 1_000, flatFee: 0, reserve: 0, distributionDay: 1, startsOn: '2026-01-01' },
      origin: TEST_ORIGIN,
    });
    expect(agreement).toEqual({ ok: false, reason: 'building_not_found' });
    const contribution = await recordOwnerContribution(database.db, {
      actor: admin,
      id: other.id,
      buildingId,
      amountCents: 1_000,
      date: '2026-06-01',
      origin: TEST_ORIGIN,
    });
    expect(contribution).toEqual({ ok: false, reason: 'building_not_found' });
    expect(await assignBuildingOwner(database.db, { actor: admin, id: other.id, buildingId: 987_654, origin: TEST_ORIGIN })).toEqual({
      ok: false,
      reason: 'building_not_found',
    });
  });

  it('end the previous owner’s agreement when a building changes hands, and keep it when assigned to its own owner again', async () => {
    const { ownerId, buildingId } = await ownedBuildingWithRentPaid();
    const agreementOf = async () => database.db.select().from(managementAgreement).where(eq(managementAgreement.buildingId, buildingId));
    expect(await assignBuildingOwner(database.db, { actor: admin, id: ownerId, buildingId, origin: TEST_ORIGIN })).toEqual({
      ok: true,
      id: ownerId,
    });
    expect(await agreementOf()).toHaveLength(1);
    const buyer = await createOwner(database.db, {
      actor: admin,
      input: { kind: 'company', name: 'Buyer Co', email: 'buyer@owners.test', phone: '', locale: 'en' },
      origin: TEST_ORIGIN,
    });
    if (!buyer.ok) throw new Error(buyer.reason);
    expect((await assignBuildingOwner(database.db, { actor: admin, id: buyer.id, buildingId, origin: TEST_ORIGIN })).ok).toBe(true);
    expect(await agreementOf()).toHaveLength(0);
    const [held] = await database.db.select({ ownerId: building.ownerId }).from(building).where(eq(building.id, buildingId));
    expect(held?.ownerId).toBe(buyer.id);
  });

  it('post a contribution to trust cash and owner contributions, with the owner on both lines', async () => {
    const { ownerId, buildingId } = await ownedBuildingWithRentPaid();
    const before = await balance(buildingId, 'trust_cash');
    const outcome = await recordOwnerContribution(database.db, {
      actor: admin,
      id: ownerId,
      buildingId,
      amountCents: 250_000,
      date: '2026-06-01',
      origin: TEST_ORIGIN,
    });
    expect(outcome.ok).toBe(true);
    expect(await balance(buildingId, 'trust_cash')).toBe(before + 250_000);
    expect(await balance(buildingId, 'owner_contributions')).toBe(-250_000);
    const owners = rowsOf<{ owner_id: number }>(
      await database.db.execute(sql`
        select distinct l.owner_id from journal_line l join journal_entry e on e.id = l.entry_id
        where e.source = 'owner_contribution' and e.building_id = ${buildingId}`),
    );
    expect(owners.map((row) => Number(row.owner_id))).toEqual([ownerId]);
  });
});

describe('the settlement arithmetic', () => {
  it('takes the percent and the flat fee, keeps deposits, prepaid rent, unpaid invoices and the reserve, and never distributes below zero', () => {
    const terms = { feePercentBp: 750, flatFeeCents: 2_500, reserveCents: 50_000 };
    const position = { trustCashCents: 1_000_000, depositsHeldCents: 300_000, prepaidCents: 20_000, payablesCents: 80_000 };
    expect(settlementFigures(400_000, terms, position)).toEqual({
      collectedCents: 400_000,
      feeCents: 32_500,
      reserveCents: 50_000,
      availableCents: 1_000_000 - 300_000 - 20_000 - 80_000 - 32_500 - 50_000,
      distributionCents: 517_500,
    });
    // A building whose cash is all owed to others: no fee beyond what is free, no distribution.
    const short = settlementFigures(400_000, terms, { ...position, payablesCents: 690_000 });
    expect(short.feeCents).toBe(0);
    expect(short.distributionCents).toBe(0);
    expect(short.availableCents).toBe(-60_000);
  });
});

describe('the monthly settlement', () => {
  it('takes the fee on the rent collected (not the deposit), distributes the rest above deposits and reserve, once', async () => {
    const { ownerId, buildingId, month } = await ownedBuildingWithRentPaid();
    const now = dayOf(shiftMonth(month, 1), 6);
    const outcome = await settleOwnerMonth(database.db, { buildingId, month, now });
    // Fee: 8 % of the $1,200 rent + $50 flat; the $1,200 deposit is not income.
    expect(outcome).toEqual({
      ok: true,
      ownerId,
      collectedCents: 120_000,
      feeCents: 9_600 + 5_000,
      reserveCents: 10_000,
      availableCents: 240_000 - 120_000 - 14_600 - 10_000,
      distributionCents: 95_400,
    });
    const [fee] = await entriesOf(buildingId, 'management_fee');
    const [distribution] = await entriesOf(buildingId, 'owner_distribution');
    expect(fee?.entryDate).toBe(monthEnd(month));
    expect(distribution?.entryDate).toBe(monthEnd(month));
    // What stays in trust: the deposit and the reserve.
    expect(await balance(buildingId, 'trust_cash')).toBe(120_000 + 10_000);
    expect(await balance(buildingId, 'management_fees')).toBe(14_600);
    expect(await balance(buildingId, 'owner_distributions')).toBe(95_400);
    const [row] = await database.db.select().from(ownerSettlement).where(eq(ownerSettlement.buildingId, buildingId));
    expect(row).toMatchObject({ month: `${month}-01`, ownerId, feeEntryId: fee!.id, distributionEntryId: distribution!.id });

    // Again, later: nothing more.
    expect(await settleOwnerMonth(database.db, { buildingId, month, now: dayOf(shiftMonth(month, 2), 6) })).toEqual({
      ok: false,
      reason: 'already_settled',
    });
    expect(await entriesOf(buildingId, 'management_fee')).toHaveLength(1);
    expect(await entriesOf(buildingId, 'owner_distribution')).toHaveLength(1);
  });

  it('does not settle a month that has not ended on the building’s date, or a building without an agreement', async () => {
    const { buildingId, month, timeZone } = await ownedBuildingWithRentPaid();
    expect(timeZone).toBe('America/Chicago');
    // 04:00 UTC on the 1st is still the month's last evening in Chicago.
    const stillOpen = new Date(`${shiftMonth(month, 1)}-01T04:00:00Z`);
    expect(await settleOwnerMonth(database.db, { buildingId, month, now: stillOpen })).toEqual({ ok: false, reason: 'not_due' });
    await database.db.update(building).set({ ownerId: null }).where(eq(building.id, buildingId));
    expect(await settleOwnerMonth(database.db, { buildingId, month, now: dayOf(shiftMonth(month, 1), 20) })).toEqual({
      ok: false,
      reason: 'no_agreement',
    });
    expect(await database.db.select().from(ownerSettlement).where(eq(ownerSettlement.buildingId, buildingId))).toHaveLength(0);
  });

  it('runs from the job on the distribution day on the building’s wall clock, and not before', async () => {
    const { buildingId, month } = await ownedBuildingWithRentPaid({ distributionDay: 12 });
    // Earlier months of the agreement are caught up too (with nothing collected); this test follows the paid month.
    const settledOf = async () =>
      database.db
        .select()
        .from(ownerSettlement)
        .where(and(eq(ownerSettlement.buildingId, buildingId), eq(ownerSettlement.month, `${month}-01`)));
    await settleDueOwnerMonths(database.db, { now: dayOf(shiftMonth(month, 1), 11) });
    expect(await settledOf()).toHaveLength(0);
    // 03:00 UTC on the 12th is still the 11th in Chicago.
    await settleDueOwnerMonths(database.db, { now: new Date(`${shiftMonth(month, 1)}-12T03:00:00Z`) });
    expect(await settledOf()).toHaveLength(0);
    await settleDueOwnerMonths(database.db, { now: dayOf(shiftMonth(month, 1), 12) });
    await settleDueOwnerMonths(database.db, { now: dayOf(shiftMonth(month, 1), 13) });
    const rows = await settledOf();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.distributionCents).toBe(95_400);
    expect(await entriesOf(buildingId, 'owner_distribution')).toHaveLength(1);
  });

  raceTest('settles a month once when two runs start at the same moment', async () => {
    const { buildingId, month } = await ownedBuildingWithRentPaid();
    const now = dayOf(shiftMonth(month, 1), 6);
    const outcomes = await Promise.all([
      settleOwnerMonth(database.db, { buildingId, month, now }),
      settleOwnerMonth(database.db, { buildingId, month, now }),
      settleOwnerMonth(database.db, { buildingId, month, now }),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.reason === 'already_settled')).toHaveLength(2);
    expect(await entriesOf(buildingId, 'management_fee')).toHaveLength(1);
    expect(await entriesOf(buildingId, 'owner_distribution')).toHaveLength(1);
    expect(await balance(buildingId, 'trust_cash')).toBe(130_000);
  });
});

describe('the monthly owner statement', () => {
  it('adds up from the opening to the closing balance, is e-mailed once, and regenerates to the same fingerprint', async () => {
    const { ownerId, buildingId, month } = await ownedBuildingWithRentPaid();
    const now = dayOf(shiftMonth(month, 1), 6);
    expect((await settleOwnerMonth(database.db, { buildingId, month, now })).ok).toBe(true);
    const content = await buildOwnerStatement(database.db, { ownerId, month });
    expect(content?.buildings).toHaveLength(1);
    const part = content!.buildings[0]!;
    expect(part).toMatchObject({
      id: buildingId,
      openingCents: 0,
      income: [{ number: '4000', name: 'Rent income', cents: 120_000 }],
      expenses: [],
      feeCents: 14_600,
      contributionsCents: 0,
      uncollectedCents: 0,
      distributionCents: 95_400,
      otherCents: 0,
      reserveCents: 10_000,
      // What stays the owner's in trust: the reserve (the deposit is the tenant's).
      closingCents: 10_000,
    });

    const first = await generateOwnerStatement(database.db, { ownerId, month, now });
    expect(first?.created).toBe(true);
    expect(first?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const again = await regenerateOwnerStatement(database.db, { actor: admin, ownerId, month, origin: TEST_ORIGIN });
    expect(again).toEqual({ ok: true, sha256: first!.sha256, unchanged: true });
    const mails = rowsOf<{ payload: { to: string; template: string; values: { hash: string } } }>(
      await database.db.execute(
        sql`select payload from outbox where topic = ${OWNER_MAIL_TOPIC} and payload->>'to' = ${`holdings${ownerCount}@owners.test`}`,
      ),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.payload).toMatchObject({ template: 'statement', values: { hash: first!.sha256 } });

    // The download renders the kept figures to the same bytes; another owner gets nothing.
    const file = await statementPdf(database.db, { ownerId, statementId: first!.id });
    expect(file?.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(sha256Hex(file!.pdf)).toBe(first!.sha256);
    expect(file?.fileName).toBe(`owner-statement-${month}.pdf`);
    expect(await statementPdf(database.db, { ownerId: ownerId + 1_000, statementId: first!.id })).toBeNull();
    expect(await listOwnerStatements(database.db, ownerId)).toEqual([
      expect.objectContaining({ id: first!.id, month, sha256: first!.sha256 }),
    ]);
    // No month settled: no statement.
    expect(await generateOwnerStatement(database.db, { ownerId, month: shiftMonth(month, -6), now })).toBeNull();
  });
});

describe('the owner portal', () => {
  it('shows an owner their buildings’ figures and refuses another owner’s building', async () => {
    const mine = await ownedBuildingWithRentPaid();
    const theirs = await ownedBuildingWithRentPaid();
    const person = await createPerson(database.db, 'owner', 'Olga Owner');
    await database.db.update(owner).set({ userId: person.id }).where(eq(owner.id, mine.ownerId));
    await settleOwnerMonth(database.db, { buildingId: mine.buildingId, month: shiftMonth(mine.month, -1), now: dayOf(mine.month, 28) });

    const portal = await findOwnerPortal(database.db, { viewer: person });
    expect(portal.owner?.id).toBe(mine.ownerId);
    expect(portal.buildings.map((row) => row.id)).toEqual([mine.buildingId]);
    expect(portal.buildings[0]).toMatchObject({
      month: mine.month,
      collectedMonthCents: 120_000,
      collectedYearCents: 120_000,
      unitsTotal: expect.any(Number),
    });

    const detail = await findOwnerBuilding(database.db, { viewer: person, buildingId: mine.buildingId });
    expect(detail?.accounts.find((line) => line.number === '4000')).toMatchObject({
      type: 'income',
      monthCents: 120_000,
      yearCents: 120_000,
    });
    expect(await findOwnerBuilding(database.db, { viewer: person, buildingId: theirs.buildingId })).toBeNull();
    // An account with no owner record sees nothing.
    const stranger = await createPerson(database.db, 'owner', 'No Record');
    expect(await findOwnerPortal(database.db, { viewer: stranger })).toEqual({
      owner: null,
      buildings: [],
      settlements: [],
      statements: [],
      messages: [],
    });
    expect(await findOwnerBuilding(database.db, { viewer: stranger, buildingId: mine.buildingId })).toBeNull();
  });
});
