/**
 * One sign-in per role for trying the portals (decision 022, `npm run seed --
 * --demo-accounts`): an admin, a property manager who runs three buildings, an approved vendor,
 * an owner (decision 061: the owner of record of the manager's first building), and a tenant who is the primary signer of one seeded active lease. Each run gives every one of
 * them a fresh random password (never a fixed one) and signs them out everywhere; the caller
 * shows the passwords once. Only the argon2id hash is stored (the hasher better-auth uses, decision 023, so they sign in at /auth like any account). Two-factor sign-in is reset too (decision 023): the demo admin and manager enrol at their first sign-in, as every staff account does.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { passwordHasher } from '../../auth/password-hash.server';
import { and, asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../client.server';
import {
  account,
  autopay,
  building,
  charge,
  lease,
  leaseTenant,
  maintenanceRequest,
  maintenanceEvent,
  payment,
  project,
  projectVendor,
  property,
  session,
  twoFactor,
  user,
  vendor,
  owner,
} from '../schema';
import { unlinkedDemoVendor } from './demo-maintenance.server';
import { DEMO_TENANT_ID_PREFIX } from './demo-leases.server';

export type DemoAccountRole = 'admin' | 'property_manager' | 'vendor' | 'owner' | 'tenant';

/** The demo accounts' addresses (reserved `.example` domain) and names. */
export const DEMO_ACCOUNTS: readonly { role: DemoAccountRole; email: string; firstName: string; lastName: string }[] = [
  { role: 'admin', email: 'admin@demo.dimora.example', firstName: 'Demo', lastName: 'Admin' },
  { role: 'property_manager', email: 'manager@demo.dimora.example', firstName: 'Demo', lastName: 'Manager' },
  { role: 'vendor', email: 'vendor@demo.dimora.example', firstName: 'Demo', lastName: 'Vendor' },
  { role: 'owner', email: 'owner@demo.dimora.example', firstName: 'Demo', lastName: 'Owner' },
  { role: 'tenant', email: 'tenant@demo.dimora.example', firstName: 'Demo', lastName: 'Tenant' },
];

/** Buildings the demo manager runs. */
export const DEMO_MANAGER_BUILDINGS = 3;

export type DemoAccount = {
  role: DemoAccountRole;
  email: string;
  /** The new password, in clear: show it once, never store or log it. */
  password: string;
  /** What the account was given ("lease #12", "buildings 3, 7, 9", …). */
  detail: string;
};

/** 18 random bytes as base64url: 24 characters, 144 bits. */
export function generateDemoPassword(): string {
  return randomBytes(18).toString('base64url');
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Decision 061: links the demo owner account to an owner record — the owner of record of the demo
 * manager's first building (the demo seed gives every building an owner), or a new "Demo Owner"
 * record holding the manager's buildings that have no owner. Any other record linked to the
 * account is unlinked first. Answers the record and its buildings, or null without buildings.
 */
async function linkOwner(
  tx: Tx,
  userId: string,
  spec: (typeof DEMO_ACCOUNTS)[number],
  managed: number[],
): Promise<{ id: number; buildings: number[] } | null> {
  if (managed.length === 0) return null;
  await tx.update(owner).set({ userId: null }).where(eq(owner.userId, userId));
  const [held] = await tx.select({ ownerId: building.ownerId }).from(building).where(eq(building.id, managed[0]!));
  let ownerId = held?.ownerId ?? null;
  if (ownerId === null) {
    const [existing] = await tx
      .select({ id: owner.id })
      .from(owner)
      .where(eq(sql`lower(${owner.email})`, spec.email));
    ownerId =
      existing?.id ??
      (
        await tx
          .insert(owner)
          .values({ kind: 'person', name: `${spec.firstName} ${spec.lastName}`, email: spec.email })
          .returning({ id: owner.id })
      )[0]!.id;
    await tx
      .update(building)
      .set({ ownerId })
      .where(and(inArray(building.id, managed), sql`${building.ownerId} is null`));
  }
  await tx.update(owner).set({ userId }).where(eq(owner.id, ownerId));
  const buildings = await tx.select({ id: building.id }).from(building).where(eq(building.ownerId, ownerId)).orderBy(asc(building.id));
  return { id: ownerId, buildings: buildings.map((row) => row.id) };
}

/** Creates the user (verified) or brings it back to the demo role; replaces its password; ends its sessions. */
async function upsertAccount(tx: Tx, spec: (typeof DEMO_ACCOUNTS)[number], hash: string): Promise<string> {
  const name = `${spec.firstName} ${spec.lastName}`;
  const [existing] = await tx
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, spec.email));
  const id = existing?.id ?? randomUUID();
  const profile = {
    name,
    emailVerified: true,
    role: spec.role,
    banned: false,
    banReason: null,
    banExpires: null,
    firstName: spec.firstName,
    lastName: spec.lastName,
    userType: spec.role,
    twoFactorEnabled: false,
    updatedAt: new Date(),
  };
  if (existing) await tx.update(user).set(profile).where(eq(user.id, id));
  else await tx.insert(user).values({ id, email: spec.email, ...profile });
  const [credential] = await tx
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, id), eq(account.providerId, 'credential')));
  if (credential) await tx.update(account).set({ password: hash, updatedAt: new Date() }).where(eq(account.id, credential.id));
  else await tx.insert(account).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: hash });
  await tx.delete(session).where(eq(session.userId, id));
  await tx.delete(twoFactor).where(eq(twoFactor.userId, id));
  return id;
}

/**
 * Makes `tenantId` the primary signer of an active seeded lease: the one it already holds, else
 * the first demo lease with a balance due (so "Pay now" has something to pay), else the first
 * demo lease. The demo tenant it replaces is deleted (their payments and autopay move over).
 * Returns the lease id, or null when the seed made no lease.
 */
async function linkTenant(tx: Tx, tenantId: string, email: string, name: string): Promise<number | null> {
  const [held] = await tx
    .select({ id: lease.id })
    .from(lease)
    .where(and(eq(lease.tenantId, tenantId), eq(lease.status, 'active')))
    .orderBy(asc(lease.id))
    .limit(1);
  if (held) return held.id;
  const demoLease = and(eq(lease.status, 'active'), like(lease.tenantId, `${DEMO_TENANT_ID_PREFIX}%`));
  const [owing] = await tx
    .select({ id: lease.id, tenantId: lease.tenantId })
    .from(lease)
    .where(
      and(demoLease, sql`exists (select 1 from ${charge} c where c.lease_id = ${lease.id} and c.status = 'open' and c.kind <> 'credit')`),
    )
    .orderBy(asc(lease.id))
    .limit(1);
  const [first] = owing
    ? [owing]
    : await tx.select({ id: lease.id, tenantId: lease.tenantId }).from(lease).where(demoLease).orderBy(asc(lease.id)).limit(1);
  if (!first) return null;
  const previous = first.tenantId!;
  await tx.update(lease).set({ tenantId, updatedAt: new Date() }).where(eq(lease.id, first.id));
  await tx
    .update(leaseTenant)
    .set({ userId: tenantId, email, name, signatureName: name })
    .where(and(eq(leaseTenant.leaseId, first.id), eq(leaseTenant.role, 'primary')));
  await tx.update(payment).set({ payerId: tenantId }).where(eq(payment.payerId, previous));
  await tx.update(autopay).set({ userId: tenantId }).where(eq(autopay.userId, previous));
  await tx.update(maintenanceRequest).set({ tenantId }).where(eq(maintenanceRequest.tenantId, previous));
  await tx.update(maintenanceEvent).set({ actorId: tenantId }).where(eq(maintenanceEvent.actorId, previous));
  await tx.delete(user).where(eq(user.id, previous));
  return first.id;
}

/**
 * Gives `managerId` up to DEMO_MANAGER_BUILDINGS buildings: those they run already, then the
 * tenant's lease's building, then seeded buildings with demo leases, lowest id first. Only
 * buildings of the demo managers (`demo-manager-*`) are taken, never a real manager's. The units
 * follow (database trigger `building_manager_to_units`). Returns the building ids, in id order.
 */
async function assignBuildings(tx: Tx, managerId: string, leaseId: number | null): Promise<number[]> {
  const mine = (await tx.select({ id: building.id }).from(building).where(eq(building.managerId, managerId))).map((row) => row.id);
  const missing = DEMO_MANAGER_BUILDINGS - mine.length;
  let wanted: number[] = [];
  if (missing > 0) {
    const tenantBuilding =
      leaseId === null
        ? sql`false`
        : sql`${building.id} = (select p.building_id from ${lease} l join ${property} p on p.id = l.property_id where l.id = ${leaseId})`;
    const withLeases = sql`exists (select 1 from ${property} p join ${lease} l on l.property_id = p.id where p.building_id = ${building.id} and l.status = 'active')`;
    const rows = await tx
      .select({ id: building.id })
      .from(building)
      .where(like(building.managerId, 'demo-manager-%'))
      .orderBy(desc(tenantBuilding), desc(withLeases), asc(building.id))
      .limit(missing);
    wanted = rows.map((row) => row.id);
  }
  if (wanted.length > 0) await tx.update(building).set({ managerId, updatedAt: new Date() }).where(inArray(building.id, wanted));
  return [...mine, ...wanted].sort((a, b) => a - b);
}

/**
 * The vendor record of the demo vendor account, approved with verified insurance: the one it has,
 * else the seeded demo vendor with the most work orders (so the vendor portal has content), else
 * a new one.
 */
async function ensureVendor(tx: Tx, userId: string, spec: (typeof DEMO_ACCOUNTS)[number], states: string[]): Promise<number> {
  const insured = {
    status: 'approved' as const,
    insuranceExpiry: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
    insuranceVerifiedAt: new Date(),
    updatedAt: new Date(),
  };
  const [existing] = await tx.select({ id: vendor.id }).from(vendor).where(eq(vendor.userId, userId)).limit(1);
  const seeded = existing ? null : await unlinkedDemoVendor(tx);
  const id = existing?.id ?? seeded;
  if (id !== null && id !== undefined) {
    await tx
      .update(vendor)
      .set({ ...insured, userId })
      .where(eq(vendor.id, id));
    await inviteToOpenProjects(tx, id);
    return id;
  }
  const [row] = await tx
    .insert(vendor)
    .values({
      userId,
      companyName: 'Demo Repairs Co.',
      contactName: `${spec.firstName} ${spec.lastName}`,
      email: spec.email,
      trades: ['plumbing', 'electrical', 'hvac', 'appliance_repair'],
      serviceCountries: ['US'],
      serviceStates: states,
      notes: 'Demo vendor account (npm run seed -- --demo-accounts).',
      ...insured,
    })
    .returning({ id: vendor.id });
  return row!.id;
}

/** Invites the demo vendor to every project open for bids, so /vendor-portal/projects has one to bid on. */
async function inviteToOpenProjects(tx: Tx, vendorId: number): Promise<void> {
  const open = await tx.select({ id: project.id }).from(project).where(eq(project.status, 'bidding'));
  if (open.length === 0) return;
  await tx
    .insert(projectVendor)
    .values(open.map((row) => ({ projectId: row.id, vendorId })))
    .onConflictDoNothing();
}

/**
 * Creates the five demo accounts, or gives existing ones (same e-mail) their demo role back and
 * a new password. `generatePassword` exists for tests; the default draws from `randomBytes`.
 * Returns each account with its new password in clear: the caller prints it once.
 */
export async function createDemoAccounts({
  db,
  generatePassword = generateDemoPassword,
}: {
  db: Db;
  generatePassword?: () => string;
}): Promise<DemoAccount[]> {
  const passwords = DEMO_ACCOUNTS.map(() => generatePassword());
  if (new Set(passwords).size !== passwords.length || passwords.some((p) => p.length < 16))
    throw new Error('demo passwords must be distinct and at least 16 characters');
  // scrypt is slow on purpose: hash before the transaction.
  const hashes = await Promise.all(passwords.map((password) => passwordHasher.hash(password)));
  return db.transaction(async (tx) => {
    const ids = new Map<DemoAccountRole, string>();
    for (const [i, spec] of DEMO_ACCOUNTS.entries()) ids.set(spec.role, await upsertAccount(tx, spec, hashes[i]!));
    const tenant = DEMO_ACCOUNTS.find((spec) => spec.role === 'tenant')!;
    const leaseId = await linkTenant(tx, ids.get('tenant')!, tenant.email, `${tenant.firstName} ${tenant.lastName}`);
    const buildings = await assignBuildings(tx, ids.get('property_manager')!, leaseId);
    const states = buildings.length
      ? [
          ...new Set(
            (await tx.select({ state: building.state }).from(building).where(inArray(building.id, buildings))).map((row) => row.state),
          ),
        ].sort()
      : [];
    const vendorId = await ensureVendor(
      tx,
      ids.get('vendor')!,
      DEMO_ACCOUNTS.find((spec) => spec.role === 'vendor')!,
      states,
    );
    const ownerRecord = await linkOwner(
      tx,
      ids.get('owner')!,
      DEMO_ACCOUNTS.find((spec) => spec.role === 'owner')!,
      buildings,
    );
    const details: Record<DemoAccountRole, string> = {
      admin: 'everything',
      property_manager: buildings.length ? `buildings ${buildings.join(', ')}` : 'no building yet (seed units first)',
      vendor: `vendor #${vendorId}, approved`,
      owner: ownerRecord
        ? `owner #${ownerRecord.id}, buildings ${ownerRecord.buildings.join(', ') || 'none yet'}`
        : 'no building yet (seed units first)',
      tenant: leaseId !== null ? `lease #${leaseId} (primary signer)` : 'no lease yet (seed units first)',
    };
    return DEMO_ACCOUNTS.map((spec, i) => ({ role: spec.role, email: spec.email, password: passwords[i]!, detail: details[spec.role] }));
  });
}
