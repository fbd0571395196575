/**
 * The tenants directory and a tenant's page (decision 020; item 7 for property managers):
 * who lives where, what they owe, and everything staff need to act on a tenant. Admins see every
 * tenant; a property manager only the tenants of leases in the buildings they manage
 * (`managedBuildingsFilter`) — anyone else's tenant is "not found", exactly like an unknown id,
 * and the refusal is audited (`recordDeniedTenantAccess`). Other roles see nothing.
 *
 * Speed (DESIGN §6; p95 ≤ 50 ms at 50,000 active leases): the list walks leases newest first
 * (`lease` primary key, backwards) with keyset pagination (`after`), stops after one page and
 * counts nothing; balances are computed for the page's leases only, in one grouped query. A
 * search first collects the matching signers from the trigram indexes and the unit-number index
 * (migration 0008); when they are few (≤ TENANT_SEARCH_SPARSE_MAX) the page is read from them,
 * otherwise the walk filters as it goes, which finds a page quickly because matches are dense.
 * "Balance due" reads whether the lease has an open charge (`charge_open_lease_idx`): the ledger
 * allocates every payment and credit to open charges after each change (`allocateLedger`), so an
 * open charge exists exactly when the balance is above zero, and the test needs no sum.
 */
import { isAdmin, isPropertyManager, isStaff } from '~/lib/access';
import { addIsoDays } from '~/lib/time-zones';
import { utcToday } from '~/lib/dates';
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '~/server/db/rows.server';
import { containsPattern, escapeLike } from '~/lib/like-pattern';
import { findLeaseBalance, findLedger } from '~/features/ledger/ledger.server';
import { summariseLeases } from '~/features/leases/lease-queries.server';
import { managedBuildingsFilter, type PortfolioActor } from '~/features/portfolio/portfolio-access.server';
import { auditRefusal, type RequestOrigin } from '~/server/audit.server';
import type { Db } from '~/server/db/client.server';
import { application, building, lease, leaseTenant, payment, property, thread, user } from '~/server/db/schema';
import {
  TENANT_PAGE_SIZE,
  TENANT_SEARCH_SPARSE_MAX,
  type TenantDetail,
  type TenantFilters,
  type TenantLeaseStatus,
  type TenantListPage,
} from './tenants.types';
import { isId } from '~/lib/ids';

/** The lease statuses the directory lists (a signed lease's tenants are moving in). */
const LISTED_STATUSES = ['active', 'signed', 'ended', 'terminated'] as const;

/** The WHERE of the directory for `actor` and `filters`, search aside (tables: lease, lease_tenant, property, building). */
function directoryWhere(actor: PortfolioActor, filters: TenantFilters, today: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inArray(lease.status, [...LISTED_STATUSES]), managedBuildingsFilter(actor)];
  if (filters.buildingId) conditions.push(eq(property.buildingId, filters.buildingId));
  if (filters.balanceDue) {
    // See the module note: an open (non-credit) charge ⇔ a balance above zero.
    conditions.push(sql`exists (select 1 from charge c where c.lease_id = "lease"."id" and c.status = 'open' and c.kind <> 'credit')`);
  }
  if (filters.endingWithin) {
    conditions.push(
      inArray(lease.status, ['active', 'signed']),
      gte(lease.endDate, today),
      lte(lease.endDate, addIsoDays(today, filters.endingWithin)),
    );
  }
  if (filters.after) {
    // Newest lease first, then signer id: the rows after the cursor in that order.
    const { leaseId, tenantId } = filters.after;
    // (`lease.id <= …` alone lets the walk start at the cursor instead of filtering from the top.)
    conditions.push(lte(lease.id, leaseId), or(lt(lease.id, leaseId), and(eq(lease.id, leaseId), gt(leaseTenant.id, tenantId))));
  }
  return and(...conditions);
}

/**
 * Whether a signer's `name` or `email` matches the search `q`: containing it from 3 characters on;
 * a 1–2 character search matches the start of a word of the name or the start of the e-mail
 * ("le" finds Lena and Lessee, not Charles), which the trigram indexes can also answer.
 * `name` and `email`: the two columns, as the calling query names them.
 */
function textMatch(q: string, name: SQL | typeof leaseTenant.name, email: SQL | typeof leaseTenant.email): SQL {
  // A name holds no "@" and an e-mail no space: such a search reads only the other column's index.
  const inName = !q.includes('@');
  const inEmail = !/\s/.test(q);
  const conditions: SQL[] = [];
  if (q.length >= 3) {
    const pattern = containsPattern(q);
    if (inName) conditions.push(sql`${name} ilike ${pattern}`);
    if (inEmail) conditions.push(sql`${email} ilike ${pattern}`);
  } else {
    if (inName) conditions.push(sql`${name} ilike ${`${escapeLike(q)}%`}`, sql`${name} ilike ${`% ${escapeLike(q)}%`}`);
    if (inEmail) conditions.push(sql`${email} ilike ${`${escapeLike(q)}%`}`);
  }
  return conditions.length > 0 ? sql`(${sql.join(conditions, sql` or `)})` : sql`false`;
}

/** `column` is one of `ids`, as one array parameter (thousands of bind parameters cost more). */
function idIn(column: typeof leaseTenant.id | typeof lease.id, ids: readonly number[]): SQL {
  return sql`${column} = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;
}

/**
 * The search `q`: the ids of the signers whose name or e-mail matches (`textMatch`) or who sign
 * for a unit numbered exactly `q` in any building ("12" is unit 12, not 112) — `ids`, when there
 * are at most TENANT_SEARCH_SPARSE_MAX of them — or, for a broader search, the same test as a
 * condition for the walk (`condition`). See the module note.
 */
async function findSearchMatches(db: Db, q: string): Promise<{ ids: number[]; leaseIds: number[] } | { condition: SQL }> {
  const rows = rowsOf<{ id: number; lease_id: number }>(
    await db.execute(sql`
      (select t.id, t.lease_id from lease_tenant t where ${textMatch(q, sql`t.name`, sql`t.email`)} limit ${TENANT_SEARCH_SPARSE_MAX + 1})
      union all
      (select t.id, t.lease_id from property u
        -- Per unit, its leases through lease_property_idx (the LIMIT keeps this subquery a lookup
        -- per unit; joined plainly, the planner may hash every lease to find a few hundred).
        cross join lateral (select l.id from lease l where l.property_id = u.id limit 1000) l
        join lease_tenant t on t.lease_id = l.id
        where lower(u.unit_number) = lower(${q}) limit ${TENANT_SEARCH_SPARSE_MAX + 1})`),
  );
  const ids = [...new Set(rows.map((row) => Number(row.id)))];
  if (ids.length <= TENANT_SEARCH_SPARSE_MAX) return { ids, leaseIds: [...new Set(rows.map((row) => Number(row.lease_id)))] };
  return { condition: sql`(${textMatch(q, leaseTenant.name, leaseTenant.email)} or lower(${property.unitNumber}) = lower(${q}))` };
}

/**
 * The balances (cents) of `leaseIds`, as `findLeaseBalance` computes them — open charges less
 * open credits less what payments have not covered yet — in one query over those leases only.
 */
export async function findLeaseBalances(db: Db, leaseIds: readonly number[]): Promise<Map<number, number>> {
  if (leaseIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: lease.id,
      balance: sql<number>`(
        coalesce((select sum(case when c.kind = 'credit' then c.allocated_cents - c.amount_cents else c.amount_cents - c.allocated_cents end)
          from charge c where c.lease_id = "lease"."id" and c.status = 'open'), 0)
        - coalesce((select sum(greatest(p.amount_cents - p.refunded_cents - coalesce((select sum(a.amount_cents) from ledger_allocation a where a.payment_id = p.id), 0), 0))
          from payment p where p.lease_id = "lease"."id" and p.status in ('succeeded', 'refunded', 'processing')), 0))::int`,
    })
    .from(lease)
    .where(inArray(lease.id, [...new Set(leaseIds)]));
  return new Map(rows.map((row) => [row.id, Number(row.balance)]));
}

/**
 * One page of the tenants directory for `actor`: one row per signer of each listed lease
 * (active, signed, ended, terminated), newest lease first, 25 a page, with the lease's balance.
 * `filters`: search on part of a name or e-mail, or a whole unit number; building; balance due;
 * ending within N days (active and signed leases whose end date is between today and today + N,
 * UTC); `after`, the cursor of the previous page's last row. Answers the page and the next cursor.
 */
export async function findTenants({
  db,
  actor,
  filters,
  today = utcToday(),
}: {
  db: Db;
  actor: PortfolioActor;
  filters: TenantFilters;
  today?: string;
}): Promise<TenantListPage> {
  if (!isStaff(actor.role)) return { items: [], next: null };
  const where = directoryWhere(actor, filters, today);
  const search = filters.q ? await findSearchMatches(db, filters.q) : null;
  if (search && 'ids' in search && search.ids.length === 0) return { items: [], next: null };
  // Few matches: the page is read from them alone — signers and leases both narrowed by key, so
  // the plan starts from the matches (an ordered scan of those lease ids), whatever the order.
  const searched = search && 'ids' in search ? and(idIn(leaseTenant.id, search.ids), idIn(lease.id, search.leaseIds)) : search?.condition;
  const rows = await db
    .select({
      id: leaseTenant.id,
      userId: leaseTenant.userId,
      name: leaseTenant.name,
      email: leaseTenant.email,
      leaseId: lease.id,
      leaseStatus: lease.status,
      startDate: lease.startDate,
      endDate: lease.endDate,
      unitNumber: property.unitNumber,
      buildingId: building.id,
      buildingName: building.name,
    })
    .from(lease)
    .innerJoin(leaseTenant, eq(leaseTenant.leaseId, lease.id))
    .innerJoin(property, eq(property.id, lease.propertyId))
    .innerJoin(building, eq(building.id, property.buildingId))
    .where(and(where, searched))
    .orderBy(desc(lease.id), asc(leaseTenant.id))
    .limit(TENANT_PAGE_SIZE + 1);
  const page = rows.slice(0, TENANT_PAGE_SIZE);
  const last = page.at(-1);
  const balances = await findLeaseBalances(
    db,
    page.map((row) => row.leaseId),
  );
  return {
    items: page.map((row) => ({ ...row, leaseStatus: row.leaseStatus as TenantLeaseStatus, balanceCents: balances.get(row.leaseId) ?? 0 })),
    next: rows.length > TENANT_PAGE_SIZE && last ? { leaseId: last.leaseId, tenantId: last.id } : null,
  };
}

/** A plausible user id from a URL (1–200 printable characters; compared as a bound parameter). */
function isUserId(value: string): boolean {
  return value.length >= 1 && value.length <= 200 && !/[\u0000-\u001f]/.test(value);
}

/** The ids of `userId`'s leases (not drafts) in `actor`'s buildings, newest first (≤ 50). */
async function scopedLeaseIds(db: Db, actor: PortfolioActor, userId: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: lease.id })
    .from(leaseTenant)
    .innerJoin(lease, eq(lease.id, leaseTenant.leaseId))
    .innerJoin(property, eq(property.id, lease.propertyId))
    .innerJoin(building, eq(building.id, property.buildingId))
    .where(and(eq(leaseTenant.userId, userId), ne(lease.status, 'draft'), managedBuildingsFilter(actor)))
    .orderBy(desc(lease.id))
    .limit(50);
  return rows.map((row) => row.id);
}

/** True when `leaseId` is one of `userId`'s leases in `actor`'s buildings (the tenant page's actions). */
export async function isTenantLease({
  db,
  actor,
  userId,
  leaseId,
}: {
  db: Db;
  actor: PortfolioActor;
  userId: string;
  leaseId: number;
}): Promise<boolean> {
  if (!isStaff(actor.role) || !isUserId(userId) || !isId(leaseId)) return false;
  const [row] = await db
    .select({ id: lease.id })
    .from(leaseTenant)
    .innerJoin(lease, eq(lease.id, leaseTenant.leaseId))
    .innerJoin(property, eq(property.id, lease.propertyId))
    .innerJoin(building, eq(building.id, property.buildingId))
    .where(and(eq(leaseTenant.userId, userId), eq(lease.id, leaseId), ne(lease.status, 'draft'), managedBuildingsFilter(actor)))
    .limit(1);
  return row !== undefined;
}

/**
 * Everything the tenant page shows about `userId` for `actor`: their leases in the actor's
 * buildings (summary, balance, ledger with running balance), the payments on those leases, their
 * applications (by account or e-mail; a manager: for units of their buildings), and their tenant
 * message threads. Null when none of their leases is in the actor's buildings (unknown user,
 * someone else's tenant, not staff).
 */
export async function findTenantDetail({
  db,
  actor,
  userId,
  today = utcToday(),
}: {
  db: Db;
  actor: PortfolioActor;
  userId: string;
  today?: string;
}): Promise<TenantDetail | null> {
  if (!isStaff(actor.role) || !isUserId(userId)) return null;
  const leaseIds = await scopedLeaseIds(db, actor, userId);
  if (leaseIds.length === 0) return null;
  const [person] = await db
    .select({ id: user.id, name: user.name, email: user.email, phone: user.phone })
    .from(user)
    .where(eq(user.id, userId));
  if (!person) return null;
  const scope = managedBuildingsFilter(actor);
  const [summaries, extras, payments, applications, threads] = await Promise.all([
    summariseLeases(db, leaseIds),
    db.select({ id: lease.id, deductions: lease.depositDeductions }).from(lease).where(inArray(lease.id, leaseIds)),
    db
      .select({
        id: payment.id,
        leaseId: payment.leaseId,
        kind: payment.kind,
        method: payment.method,
        amountCents: payment.amountCents,
        refundedCents: payment.refundedCents,
        status: payment.status,
        reference: payment.reference,
        createdAt: payment.createdAt,
      })
      .from(payment)
      .where(inArray(payment.leaseId, leaseIds))
      .orderBy(desc(payment.createdAt), desc(payment.id))
      .limit(50),
    db
      .select({
        id: application.id,
        reference: application.reference,
        status: application.status,
        unitNumber: property.unitNumber,
        buildingName: building.name,
        moveIn: application.moveIn,
        moveOut: application.moveOut,
        createdAt: application.createdAt,
      })
      .from(application)
      .innerJoin(property, eq(property.id, application.propertyId))
      .innerJoin(building, eq(building.id, property.buildingId))
      .where(and(or(eq(application.userId, userId), sql`lower(${application.email}) = ${person.email.toLowerCase()}`), scope))
      .orderBy(desc(application.createdAt), desc(application.id))
      .limit(20),
    db
      .select({
        id: thread.id,
        subject: thread.subject,
        status: thread.status,
        lastMessageAt: thread.lastMessageAt,
        messages: sql<number>`(select count(*) from message m where m.thread_id = "thread"."id")::int`,
        lastBody: sql<string | null>`(select m.body from message m where m.thread_id = "thread"."id" order by m.id desc limit 1)`,
      })
      .from(thread)
      .leftJoin(property, eq(property.id, thread.propertyId))
      .leftJoin(building, eq(building.id, property.buildingId))
      // A manager sees the threads about units of their buildings; admins every one.
      .where(and(eq(thread.kind, 'tenant'), eq(thread.userId, userId), isAdmin(actor.role) ? undefined : scope))
      .orderBy(desc(thread.lastMessageAt))
      .limit(20),
  ]);
  const deductions = new Map(extras.map((row) => [row.id, row.deductions]));
  const leases = await Promise.all(
    summaries.map(async (summary) => {
      const [balance, ledger] = await Promise.all([findLeaseBalance(db, summary.id, today), findLedger(db, summary.id)]);
      return {
        id: summary.id,
        status: summary.status,
        startDate: summary.startDate,
        endDate: summary.endDate,
        moveOutDate: summary.moveOutDate,
        monthlyRentCents: summary.monthlyRentCents,
        depositCents: summary.depositCents,
        unitLabel: summary.unitLabel,
        buildingId: summary.buildingId,
        signers: summary.signers.map((s) => ({ name: s.name, email: s.email, role: s.role, signedAt: s.signedAt })),
        balanceCents: balance.balanceCents,
        overdueCents: balance.overdueCents,
        ledger: ledger.map((entry) => ({
          key: entry.key,
          date: entry.date,
          kind: entry.kind,
          description: entry.description,
          amountCents: entry.amountCents,
          balanceCents: entry.balanceCents,
          status: entry.status,
        })),
        depositDeductions: deductions.get(summary.id) ?? null,
      };
    }),
  );
  return {
    userId: person.id,
    name: person.name,
    email: person.email,
    phone: person.phone,
    leases,
    payments: payments.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    applications: applications.map((row) => ({
      id: row.id,
      reference: row.reference,
      status: row.status,
      unitLabel: `${row.buildingName} · ${row.unitNumber}`,
      moveIn: row.moveIn,
      moveOut: row.moveOut,
      createdAt: row.createdAt.toISOString(),
    })),
    threads: threads.map((row) => ({ ...row, messages: Number(row.messages), lastMessageAt: row.lastMessageAt.toISOString() })),
  };
}

/**
 * Audits a property manager's request for a tenant they do not manage (DESIGN §4: 404, audited).
 * Only when `userId` really is a tenant somewhere, so probing random ids writes nothing.
 */
export async function recordDeniedTenantAccess({
  db,
  actor,
  userId,
  origin,
}: {
  db: Db;
  actor: PortfolioActor;
  userId: string;
  origin: RequestOrigin;
}): Promise<void> {
  if (!isPropertyManager(actor.role) || !isUserId(userId)) return;
  const [row] = await db.select({ id: leaseTenant.id }).from(leaseTenant).where(eq(leaseTenant.userId, userId)).limit(1);
  if (!row) return;
  await auditRefusal(db, actor, {
    action: 'lease_access_denied',
    table: 'user',
    id: userId,
    reason: 'not_managed',
    origin,
    values: { tenant_id: userId },
  });
}
