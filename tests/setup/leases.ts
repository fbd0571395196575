/**
 * Lease fixtures for the ledger, rent-job, autopay and lease tests: people (inserted directly,
 * no password hashing), and a unit with an active lease and its primary signer, the way
 * countersigning leaves them.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '~/lib/access';
import type { LateFeeRule } from '~/lib/late-fees';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { charge, lease, leaseTenant, outbox, user } from '~/server/db/schema';
import type { SandboxCard } from '~/server/payments/sandbox-provider.server';
import { createBuilding, createProperty, viewerOf } from './factories';

let counter = 0;

/** The origin every test request comes from (kept as signature evidence and in audit rows). */
export const TEST_ORIGIN = { ip: '203.0.113.7', userAgent: 'vitest lease tests' };

/**
 * Noon UTC on `iso` (`YYYY-MM-DD`): an instant that is that same calendar date in every US
 * building zone (Honolulu 02:00, New York 07:00 or 08:00), for jobs that take an instant `now`.
 */
export function noonUtc(iso: string): Date {
  return new Date(`${iso}T12:00:00Z`);
}

/** A late-fee rule of `amountCents` flat after `graceDays`, no caps (decision 048). */
export function flatLateFee(amountCents: number, graceDays: number): LateFeeRule {
  return { graceDays, kind: 'flat', frequency: 'once', amountCents, percent: 0, capCents: 0, capPercent: 0 };
}

/**
 * A daily late-fee rule (decision 051): `amountCents` a day after `graceDays`, at most `capPercent`
 * of the month's rent — by default the demo's Texan rule, $15 a day after two days, within 10%.
 */
export function dailyLateFee(amountCents = 1_500, graceDays = 2, capPercent = 10): LateFeeRule {
  return { graceDays, kind: 'flat', frequency: 'daily', amountCents, percent: 0, capCents: 0, capPercent };
}

/**
 * A card as the tenant types it on the sandbox's hosted checkout page (`payCheckout`): `number`
 * (e.g. one of SANDBOX_TEST_CARDS), held by `name`, expiring in December three years from now.
 */
export function testCard(number: string, name: string): SandboxCard {
  return { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', name };
}

/** Inserts a verified user with `role`; returns them as a signed-in `Viewer` (name "First Last"). */
export async function createPerson(db: Db, role: Role, name?: string): Promise<Viewer> {
  counter += 1;
  const id = randomUUID();
  const email = `${role.replace('_', '-')}${counter}-${id.slice(0, 6)}@leases.test`;
  const fullName = name ?? `Person${counter} Tester`;
  await db.insert(user).values({ id, email, name: fullName, emailVerified: true, role });
  return { ...viewerOf({ id, email, role }), name: fullName };
}

type LeaseInput = Partial<typeof lease.$inferInsert>;

/**
 * A building run by `manager` (none when null), one unit in it and a lease of that unit for
 * `tenant` with their primary `lease_tenant` row (signed). Defaults: active, 2026-01-01 to
 * 2026-12-31, $1,200 rent, $1,200 deposit. Returns the rows.
 */
export async function createLeaseFixture(
  db: Db,
  { manager, tenant, unitId, ...overrides }: LeaseInput & { manager: Viewer | null; tenant: Viewer; unitId?: number },
) {
  const propertyId =
    unitId ??
    (await createProperty(db, { buildingId: (await createBuilding(db, { managerId: manager?.id ?? null })).id, status: 'leased' })).id;
  const [row] = await db
    .insert(lease)
    .values({
      propertyId,
      tenantId: tenant.id,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      monthlyRentCents: 120_000,
      depositCents: 120_000,
      status: 'active',
      countersignedAt: new Date(),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  const signed = row.status === 'active' || row.status === 'signed' || row.status === 'ended';
  await db.insert(leaseTenant).values({
    leaseId: row.id,
    role: 'primary',
    email: tenant.email,
    name: tenant.name,
    userId: tenant.id,
    ...(signed
      ? { signedAt: new Date(), signatureName: tenant.name, signatureIp: TEST_ORIGIN.ip, signatureUserAgent: TEST_ORIGIN.userAgent }
      : {}),
  });
  return row;
}

/** Inserts a charge on a lease as the jobs would (`period` defaults to the due month). */
export async function addCharge(
  db: Db,
  values: { leaseId: number; kind?: (typeof charge.$inferInsert)['kind']; amountCents: number; dueDate: string; period?: string },
) {
  const [row] = await db
    .insert(charge)
    .values({ kind: 'rent', period: values.period ?? values.dueDate.slice(0, 7), ...values })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

/** The lease's charges, oldest due first. */
export async function chargesOf(db: Db, leaseId: number) {
  return db.select().from(charge).where(eq(charge.leaseId, leaseId)).orderBy(charge.dueDate, charge.id);
}

/** The `mail.lease` outbox rows with this template sent to `to`. */
export async function leaseMails(db: Db, template: string, to: string) {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.topic, 'mail.lease'), sql`${outbox.payload}->>'template' = ${template}`, sql`${outbox.payload}->>'to' = ${to}`));
}
