/**
 * Demo leases and their ledgers (decision 022: the tenant portal, /admin/tenants and
 * /admin/payments have content on a fresh start). For a deterministic 60 % of the units the seed
 * made `leased`, one demo tenant (a verified `tenant` user at `@tenants.dimora.example` with no
 * credential account, so nobody can sign in as them; `npm run seed -- --demo-accounts` gives
 * real sign-ins), an active lease that began 12 months and 0–11 days before `now`, its primary
 * signer row, and the history the jobs and the tenant would have written since:
 *
 * - charges: the deposit and first month on the start date (as `postSigningCharges`), then the
 *   rent of each month on the rent due day (as `postDueRent`), and a late fee for every rent still
 *   open `grace_days` after its due date (as `postLateFees`), with the settings' due day, grace
 *   days and fee, or the building's own rule (a daily one raised each day, decision 051);
 * - payments: the amount due at signing by card, then each month by card, check (offline) or
 *   autopay (sandbox saved card), most on time, some late (after the late fee), and about one
 *   tenant in eight of the non-autopay ones one or two months behind, some after paying part;
 * - allocations: replayed in time order with the ledger's rule (open charges oldest first by due
 *   date then id, from payments oldest first), so `allocated_cents`/`status` and
 *   `ledger_allocation` are what `allocateLedger` would have written, and running the rent,
 *   late-fee and autopay jobs afterwards posts or charges nothing twice.
 *
 * Deterministic for a seed and `now` (dates count back from it, like the demo applications).
 * Rows go in with explicit ids through `bulkInsertSql`, 1,000 per statement, one transaction
 * per 500 leases: about 9,000 leases and 410,000 rows at 75,000 units.
 */
import { and, eq, isNotNull, like, max, sql } from 'drizzle-orm';
import { addIsoDays } from '~/lib/time-zones';
import type { DemoSeedArgs } from './demo-seed-args';
import { autopay, building, charge, lease, leaseTenant, ledgerAllocation, payment, property, user } from '../schema';
import { readSettings } from '../../settings/settings.server';
import { companyLateFeeRule, LATE_FEE_RULE_SETTINGS } from '../../settings/settings-registry.server';
import { lateFeeFor, type LateFeeRule } from '~/lib/late-fees';
import { BULK_INSERT_BATCH_ROWS, bulkInsertSql, insertInBatches } from './bulk-insert.server';
import { FIRST_NAMES } from './person-names';
import { createRandom, mixSeed, type Random } from './random';

/** The share of `leased` units that get a demo lease. */
export const DEMO_LEASE_SHARE = 0.6;
/** Demo tenants' user ids start with this (rewritten by every seed). */
export const DEMO_TENANT_ID_PREFIX = 'demo-tenant-';
/** Reserved domain of the demo tenants' addresses (RFC 2606 `.example`: never delivered). */
export const DEMO_TENANT_DOMAIN = 'tenants.dimora.example';

const LEASES_PER_TRANSACTION = 500;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/**
 * The hours (UTC) the demo history gives posted rent and late fees, and autopay charges: the jobs
 * run hourly (rent-jobs.server.ts) and these are their first runs after midnight in New York.
 */
const RENT_JOB_HOUR = 5;
/** A daily late fee reaches its cap within this many days (a guard: every daily rule has a cap, decision 051). */
const DAILY_FEE_MAX_DAYS = 400;
const AUTOPAY_JOB_HOUR = 6;

const LAST_NAMES = [
  'Johnson',
  'Williams',
  'Brown',
  'Garcia',
  'Miller',
  'Davis',
  'Martinez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Taylor',
  'Thomas',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Esposito',
  'Romano',
  'Colombo',
  'Ricci',
  'Shah',
  'Chen',
  'Tanaka',
  'Okoye',
  'Novak',
  'Haddad',
];
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
];
/** Sandbox test cards (brand, last 4) the demo tenants "used". */
const CARDS = [
  ['visa', '4242'],
  ['mastercard', '4444'],
  ['discover', '1117'],
  ['visa', '1881'],
] as const;

/** A leased unit a demo lease may be for. */
export type DemoLeaseUnit = { id: number; price: number; buildingId: number; managerId: string | null; availableDate: string | null };

/**
 * The settings the history follows: the due day, the company's late-fee rule and the buildings'
 * own rules by building id (decision 048), so that the fees in the history are those the rent job
 * would have posted.
 */
export type DemoLedgerRules = {
  rentDueDay: number;
  rentGraceDays: number;
  lateFeeRule: LateFeeRule;
  buildingRules?: ReadonlyMap<number, LateFeeRule>;
};

export type DemoLeaseCounts = { leases: number; charges: number; payments: number; allocations: number; autopays: number; owing: number };

type ChargeRow = typeof charge.$inferInsert & { id: number; amountCents: number; allocatedCents: number; dueDate: string; createdAt: Date };
type PaymentRow = typeof payment.$inferInsert & { id: number; amountCents: number; createdAt: Date };
type AllocationRow = typeof ledgerAllocation.$inferInsert;

/** Everything one demo lease writes. */
export type DemoLeasePlan = {
  tenant: typeof user.$inferInsert;
  lease: typeof lease.$inferInsert & { id: number };
  signer: typeof leaseTenant.$inferInsert;
  charges: ChargeRow[];
  payments: PaymentRow[];
  allocations: AllocationRow[];
  autopay: typeof autopay.$inferInsert | null;
  /** Open charges less unapplied payments at `now` (cents). */
  balanceCents: number;
};

// --- UTC calendar helpers (ISO dates, no time zone involved) ----------------------------------

function isoOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function msOf(iso: string, hour = 0): number {
  return Date.parse(`${iso}T00:00:00Z`) + hour * HOUR_MS;
}

/** `iso` moved by `months`, the day clamped to the target month's length (Jan 31 + 1 → Feb 28). */
function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** The first day of `iso`'s month moved by `months`, with the day set to `day`. */
function dayOfMonth(iso: string, months: number, day: number): string {
  return addMonths(`${iso.slice(0, 8)}01`, months).slice(0, 8) + String(day).padStart(2, '0');
}

function hex(rnd: Random, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += rnd.int(0, 15).toString(16);
  return out;
}

/** The first draw of a unit's stream decides whether it gets a demo lease. */
function unitRandom(seed: number, unitId: number): Random {
  return createRandom(mixSeed(seed, unitId, 0x1ea5e));
}

/** True when `unit` (a leased unit) gets a demo lease for `seed`. */
export function hasDemoLease(seed: number, unitId: number): boolean {
  return unitRandom(seed, unitId).next() < DEMO_LEASE_SHARE;
}

/**
 * The demo lease of `unit` with its whole history up to `now`, or null when the unit is not in
 * the demo share. `n` numbers the demo tenant (1-based, for the id and e-mail); `ids` hands out
 * explicit row ids (the caller inserts in bulk and moves the sequences afterwards).
 */
export function planDemoLease({
  seed,
  unit,
  n,
  now,
  rules,
  ids,
}: {
  seed: number;
  unit: DemoLeaseUnit;
  n: number;
  now: Date;
  rules: DemoLedgerRules;
  ids: { lease: number; charge: number; payment: number };
}): DemoLeasePlan | null {
  const rnd = unitRandom(seed, unit.id);
  if (rnd.next() >= DEMO_LEASE_SHARE) return null;
  const nowMs = now.getTime();
  const today = isoOf(nowMs);
  const leaseId = ++ids.lease;
  const tenantId = `${DEMO_TENANT_ID_PREFIX}${n}`;

  // The tenant.
  const firstName = rnd.pick(FIRST_NAMES);
  const lastName = rnd.pick(LAST_NAMES);
  const name = `${firstName} ${lastName}`;
  const email = `${firstName}.${lastName}.${n}@${DEMO_TENANT_DOMAIN}`.toLowerCase();
  const locale = rnd.chance(0.15) ? 'it' : 'en';

  // The lease: began 12 months and 0–11 days ago; ends the day before the unit's "available
  // from" date when that gives 13–24 months, else after a random 13–24 months. (Not 12: a
  // 12-month lease that began more than 12 months ago would already be over.)
  const startDate = addIsoDays(addMonths(today, -12), -rnd.int(0, 11));
  const shortest = addIsoDays(addMonths(startDate, 13), -1);
  const longest = addIsoDays(addMonths(startDate, 24), -1);
  const beforeAvailable = unit.availableDate ? addIsoDays(unit.availableDate, -1) : null;
  const randomEnd = addIsoDays(addMonths(startDate, rnd.int(13, 24)), -1);
  const endDate = beforeAvailable && beforeAvailable >= shortest && beforeAvailable <= longest ? beforeAvailable : randomEnd;
  const rentCents = unit.price * 100;
  const depositCents = rentCents;
  const ownRule = rules.buildingRules?.get(unit.buildingId);
  const feeRule = ownRule ?? rules.lateFeeRule;
  const lateFeeCents = lateFeeFor(feeRule, rentCents);
  const signedAt = msOf(startDate, rnd.int(9, 20)) - rnd.int(3, 20) * DAY_MS + rnd.int(0, 59) * 60_000;
  const sentAt = signedAt - rnd.int(1, 3) * DAY_MS - rnd.int(0, 5) * HOUR_MS;
  const createdAt = sentAt - rnd.int(1, 2) * DAY_MS;
  const countersignedAt = signedAt + rnd.int(2, 30) * HOUR_MS;

  // How this tenant pays.
  const roll = rnd.next();
  const payer: 'autopay' | 'card' | 'check' = roll < 0.35 ? 'autopay' : roll < 0.75 ? 'card' : 'check';
  const [cardBrand, cardLast4] = rnd.pick(CARDS);
  const behind = payer !== 'autopay' && rnd.chance(0.15) ? (rnd.chance(0.3) ? 2 : 1) : 0;
  const partial = behind > 0 && rnd.chance(0.35);
  const lateRate = rnd.chance(0.25) ? 0.15 : 0.03;
  const autopayDay = Math.min(28, rules.rentDueDay + rnd.int(0, 4));
  const autopayFrom = rnd.int(1, 3);
  const onTimeDays = Math.min(3, feeRule.graceDays);

  // The months whose rent has been posted by `now` (period 0 at signing).
  const periods: { k: number; period: string; dueDate: string; postAt: number }[] = [];
  for (let k = 0; ; k += 1) {
    const monthStart = dayOfMonth(startDate, k, 1);
    if (monthStart > endDate) break;
    const dueDate = k === 0 ? startDate : dayOfMonth(startDate, k, rules.rentDueDay);
    const postAt = k === 0 ? signedAt : msOf(dueDate, RENT_JOB_HOUR);
    if (postAt > nowMs) break;
    periods.push({ k, period: monthStart.slice(0, 7), dueDate, postAt });
  }
  const lastK = periods.length - 1;

  // The replay: events in time order, each followed by allocation as the ledger does it.
  const charges: ChargeRow[] = [];
  const payments: PaymentRow[] = [];
  const allocations: AllocationRow[] = [];
  const paymentLeft = new Map<number, number>();
  const events: { at: number; order: number; run: (at: number) => void }[] = [];
  let autopayLastPeriod: string | null = null;
  let checkNumber = rnd.int(1001, 4999);

  const postCharge = (
    at: number,
    kind: ChargeRow['kind'],
    amountCents: number,
    dueDate: string,
    period: string,
    description: string | null,
    lateFeeRule: ChargeRow['lateFeeRule'] = null,
  ) => {
    charges.push({
      id: ++ids.charge,
      leaseId,
      kind,
      amountCents,
      allocatedCents: 0,
      dueDate,
      period,
      description,
      lateFeeRule,
      status: 'open',
      createdBy: null,
      createdAt: new Date(at),
    });
  };
  const balanceAt = () => {
    let owed = 0;
    for (const c of charges) if (c.status === 'open') owed += c.amountCents - c.allocatedCents;
    for (const left of paymentLeft.values()) owed -= left;
    return owed;
  };
  const allocate = (at: number) => {
    const open = charges
      .filter((c) => c.status === 'open' && c.kind !== 'credit')
      .sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.id - b.id));
    const sources = payments.filter((p) => (paymentLeft.get(p.id) ?? 0) > 0);
    let s = 0;
    for (const item of open) {
      let need = item.amountCents - item.allocatedCents;
      while (need > 0 && s < sources.length) {
        const source = sources[s]!;
        const left = paymentLeft.get(source.id)!;
        const take = Math.min(need, left);
        allocations.push({ chargeId: item.id, paymentId: source.id, creditId: null, amountCents: take, createdAt: new Date(at) });
        item.allocatedCents += take;
        need -= take;
        paymentLeft.set(source.id, left - take);
        if (left - take === 0) s += 1;
      }
      if (item.allocatedCents >= item.amountCents) item.status = 'paid';
      if (s >= sources.length) break;
    }
  };
  const pay = (at: number, kind: 'deposit' | 'rent', method: 'card' | 'autopay' | 'check', amountCents: number) => {
    if (amountCents <= 0) return;
    const id = ++ids.payment;
    const offline = method === 'check';
    payments.push({
      id,
      payerId: tenantId,
      leaseId,
      applicationId: null,
      buildingId: unit.buildingId,
      kind,
      method,
      amountCents,
      refundedCents: 0,
      currency: 'USD',
      status: 'succeeded',
      provider: offline ? 'offline' : 'sandbox',
      providerRef: offline ? null : `sbx_ch_${hex(rnd, 24)}`,
      cardBrand: offline ? null : cardBrand,
      cardLast4: offline ? null : cardLast4,
      failureReason: null,
      reference: offline ? `Check #${checkNumber++}` : null,
      recordedBy: offline ? unit.managerId : null,
      idempotencyKey: `demo-seed:lease:${leaseId}:payment:${id}`,
      settledAt: new Date(at),
      createdAt: new Date(at),
      updatedAt: new Date(at),
    });
    paymentLeft.set(id, amountCents);
    allocate(at);
  };

  let order = 0;
  for (const p of periods) {
    if (p.k === 0) {
      events.push({
        at: p.postAt,
        order: order++,
        run: (at) => {
          postCharge(at, 'deposit', depositCents, startDate, 'signing', null);
          postCharge(at, 'rent', rentCents, startDate, p.period, null);
          pay(at, 'deposit', 'card', balanceAt());
        },
      });
      continue;
    }
    events.push({
      at: p.postAt,
      order: order++,
      run: (at) => (postCharge(at, 'rent', rentCents, p.dueDate, p.period, null), allocate(at)),
    });
    // The late-fee job, grace days after the due date: a fee if this rent is still open then.
    if (lateFeeCents > 0) {
      const feeDate = addIsoDays(p.dueDate, feeRule.graceDays + 1);
      events.push({
        at: msOf(feeDate, RENT_JOB_HOUR),
        order: order++,
        run: (at) => {
          const rent = charges.find((c) => c.kind === 'rent' && c.period === p.period);
          if (rent?.status === 'open') {
            postCharge(at, 'late_fee', lateFeeCents, feeDate, p.period, 'Late fee', {
              ...feeRule,
              source: ownRule ? 'building' : 'company',
            });
            allocate(at);
          }
        },
      });
      // A daily rule's fee grows each day both it and the rent stay open, to its cap (decision 051).
      for (let day = 2; feeRule.frequency === 'daily' && day <= DAILY_FEE_MAX_DAYS; day += 1) {
        const grownCents = lateFeeFor(feeRule, rentCents, day);
        if (grownCents <= lateFeeFor(feeRule, rentCents, day - 1)) break;
        events.push({
          at: msOf(addIsoDays(feeDate, day - 1), RENT_JOB_HOUR),
          order: order++,
          run: (at) => {
            const rent = charges.find((c) => c.kind === 'rent' && c.period === p.period);
            const fee = charges.find((c) => c.kind === 'late_fee' && c.period === p.period);
            if (rent?.status === 'open' && fee?.status === 'open') {
              fee.amountCents = grownCents;
              allocate(at);
            }
          },
        });
      }
    }
    // This month's payment (or none: the last `behind` months of a tenant who is behind).
    const minute = rnd.int(0, 59) * 60_000;
    if (p.k > lastK - behind) {
      if (partial && p.k === lastK - behind + 1) {
        const share = rnd.int(30, 70) / 100;
        events.push({
          at: msOf(addIsoDays(p.dueDate, rnd.int(0, onTimeDays)), rnd.int(9, 20)) + minute,
          order: order++,
          run: (at) => pay(at, 'rent', payer === 'check' ? 'check' : 'card', Math.min(balanceAt(), Math.round(rentCents * share))),
        });
      }
    } else if (payer === 'autopay' && p.k >= autopayFrom) {
      const day = dayOfMonth(p.dueDate, 0, autopayDay);
      events.push({
        at: msOf(day, AUTOPAY_JOB_HOUR) + minute,
        order: order++,
        run: (at) => {
          autopayLastPeriod = p.period;
          pay(at, 'rent', 'autopay', balanceAt());
        },
      });
    } else {
      const late = lateFeeCents > 0 && rnd.chance(lateRate);
      const day = late ? addIsoDays(p.dueDate, feeRule.graceDays + 1 + rnd.int(0, 9)) : addIsoDays(p.dueDate, rnd.int(0, onTimeDays));
      const method = payer === 'check' ? 'check' : 'card';
      events.push({ at: msOf(day, rnd.int(9, 20)) + minute, order: order++, run: (at) => pay(at, 'rent', method, balanceAt()) });
    }
  }
  events.sort((a, b) => a.at - b.at || a.order - b.order);
  for (const event of events) if (event.at <= nowMs) event.run(event.at);

  // Autopay was turned on a few days before its first month (never before the signature).
  const autopayOn = Math.max(
    signedAt + HOUR_MS,
    msOf(periods[Math.min(autopayFrom, lastK)]?.dueDate ?? startDate) - rnd.int(2, 10) * DAY_MS,
  );
  const autopayRow: DemoLeasePlan['autopay'] =
    payer === 'autopay'
      ? {
          leaseId,
          userId: tenantId,
          provider: 'sandbox',
          paymentMethodToken: `sbx_pm_ok_${cardBrand}_${cardLast4}_${hex(rnd, 16)}`,
          customerRef: null,
          cardBrand,
          cardLast4,
          dayOfMonth: autopayDay,
          active: true,
          // The last month the autopay job handled, so it does not charge that month again.
          lastPeriod: autopayLastPeriod,
          retryAt: null,
          lastFailure: null,
          cancelledAt: null,
          createdAt: new Date(autopayOn),
          updatedAt: new Date(autopayOn),
        }
      : null;

  return {
    tenant: {
      id: tenantId,
      name,
      email,
      emailVerified: true,
      role: 'tenant',
      firstName,
      lastName,
      phone: `+1 555 01${String(n % 100).padStart(2, '0')}`,
      userType: 'tenant',
      locale,
      createdAt: new Date(createdAt - rnd.int(1, 30) * DAY_MS),
      updatedAt: new Date(signedAt),
    },
    lease: {
      id: leaseId,
      propertyId: unit.id,
      tenantId,
      applicationId: null,
      renewalOfId: null,
      startDate,
      endDate,
      monthlyRentCents: rentCents,
      depositCents,
      dueAtSigningCents: depositCents + rentCents,
      status: 'active',
      locale,
      sentAt: new Date(sentAt),
      signBy: new Date(sentAt + 7 * DAY_MS),
      countersignedAt: new Date(countersignedAt),
      countersignedBy: unit.managerId,
      createdAt: new Date(createdAt),
      updatedAt: new Date(countersignedAt),
    },
    signer: {
      leaseId,
      role: 'primary',
      email,
      name,
      userId: tenantId,
      signedAt: new Date(signedAt),
      signatureName: name,
      // TEST-NET-3 (RFC 5737): a plausible address that belongs to nobody.
      signatureIp: `203.0.113.${rnd.int(1, 254)}`,
      signatureUserAgent: rnd.pick(USER_AGENTS),
      documentSha256: null,
      documentId: null,
      createdAt: new Date(createdAt),
    },
    charges,
    payments,
    allocations,
    autopay: autopayRow,
    balanceCents: balanceAt(),
  };
}

/** The columns a re-seed rewrites on an existing demo tenant (`excluded`: the row proposed). */
const TENANT_UPSERT = sql.raw(
  ['name', 'email', 'email_verified', 'role', 'first_name', 'last_name', 'phone', 'user_type', 'locale', 'created_at', 'updated_at']
    .map((column) => `"${column}" = excluded."${column}"`)
    .join(', '),
);

/**
 * Writes the demo leases for the seeded `leased` units (see the file comment). Call after the
 * units exist and while no lease does (a fresh seed, or after `--reset`, whose TRUNCATE … CASCADE
 * of the units empties lease, lease_tenant, charge, ledger_allocation, payment, refund and
 * autopay). Demo tenants are rewritten in place by id; those left without a lease are deleted at
 * the end. `now` is the seed's "today" (default: the clock). Returns the row counts and how many
 * leases owe something at `now`.
 */
export async function seedDemoLeases({ db, seed, now = new Date() }: DemoSeedArgs): Promise<DemoLeaseCounts> {
  const units: DemoLeaseUnit[] = await db
    .select({
      id: property.id,
      price: property.price,
      buildingId: property.buildingId,
      managerId: property.managerId,
      availableDate: property.availableDate,
    })
    .from(property)
    .where(eq(property.status, 'leased'))
    .orderBy(property.id);
  const settings = await readSettings({
    db,
    names: ['rentDueDay', ...LATE_FEE_RULE_SETTINGS],
  });
  const owned = await db.select({ id: building.id, rule: building.lateFeeRule }).from(building).where(isNotNull(building.lateFeeRule));
  const rules: DemoLedgerRules = {
    rentDueDay: settings.rentDueDay,
    rentGraceDays: settings.rentGraceDays,
    lateFeeRule: companyLateFeeRule(settings),
    buildingRules: new Map(owned.map((row) => [row.id, row.rule!])),
  };
  const [leaseMax, chargeMax, paymentMax] = await Promise.all([
    db.select({ id: max(lease.id) }).from(lease),
    db.select({ id: max(charge.id) }).from(charge),
    db.select({ id: max(payment.id) }).from(payment),
  ]);
  const ids = { lease: leaseMax[0]?.id ?? 0, charge: Number(chargeMax[0]?.id ?? 0), payment: paymentMax[0]?.id ?? 0 };
  const counts: DemoLeaseCounts = { leases: 0, charges: 0, payments: 0, allocations: 0, autopays: 0, owing: 0 };

  let chunk: DemoLeasePlan[] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const plans = chunk;
    chunk = [];
    await db.transaction(async (tx) => {
      // Upserted by id rather than deleted first: deleting 9,000 users costs a foreign-key check
      // per referencing table and row (tens of seconds for 75,000 units), rewriting them little.
      const tenants = plans.map((plan) => plan.tenant);
      for (let from = 0; from < tenants.length; from += BULK_INSERT_BATCH_ROWS) {
        await tx.execute(
          sql`${bulkInsertSql(user, tenants.slice(from, from + BULK_INSERT_BATCH_ROWS))} ON CONFLICT (id) DO UPDATE SET ${TENANT_UPSERT}`,
        );
      }
      await insertInBatches(
        tx,
        lease,
        plans.map((plan) => plan.lease),
      );
      await insertInBatches(
        tx,
        leaseTenant,
        plans.map((plan) => plan.signer),
      );
      await insertInBatches(
        tx,
        charge,
        plans.flatMap((plan) => plan.charges),
      );
      await insertInBatches(
        tx,
        payment,
        plans.flatMap((plan) => plan.payments),
      );
      await insertInBatches(
        tx,
        ledgerAllocation,
        plans.flatMap((plan) => plan.allocations),
      );
      await insertInBatches(
        tx,
        autopay,
        plans.flatMap((plan) => (plan.autopay ? [plan.autopay] : [])),
      );
    });
    // PGlite answers through microtasks only: let timers and signal handlers run.
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
  for (const unit of units) {
    const plan = planDemoLease({ seed, unit, n: counts.leases + 1, now, rules, ids });
    if (!plan) continue;
    chunk.push(plan);
    counts.leases += 1;
    counts.charges += plan.charges.length;
    counts.payments += plan.payments.length;
    counts.allocations += plan.allocations.length;
    counts.autopays += plan.autopay ? 1 : 0;
    counts.owing += plan.balanceCents > 0 ? 1 : 0;
    if (chunk.length >= LEASES_PER_TRANSACTION) await flush();
  }
  await flush();
  // One open dispute on the newest card payment, so the staff payment page shows one in the demo
  // (decision 021, disputes). The sandbox has no disputes of its own; Stripe's arrive by webhook.
  await db.execute(sql`
    insert into payment_dispute (payment_id, provider_ref, status, reason, amount_cents)
    select id, 'du_demo_' || id, 'needs_response', 'unrecognized', amount_cents from payment
    where method = 'card' and status = 'succeeded' and lease_id is not null and amount_cents > 0
    order by id desc limit 1
    on conflict (provider_ref) do nothing`);
  // Demo tenants of an earlier, larger seed (or of units that changed) have no lease now.
  await db
    .delete(user)
    .where(and(like(user.id, `${DEMO_TENANT_ID_PREFIX}%`), sql`not exists (select 1 from ${lease} where ${lease.tenantId} = ${user.id})`));
  // Ids were given explicitly: move the sequences past them.
  for (const table of ['lease', 'charge', 'payment'] as const) {
    await db.execute(
      sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), GREATEST((SELECT max(id) FROM ${sql.identifier(table)}), 1), (SELECT count(*) > 0 FROM ${sql.identifier(table)}))`,
    );
  }
  if (counts.leases > 0) {
    // Fresh planner statistics for the tenant and payment lists (as for the units).
    for (const table of [lease, leaseTenant, charge, payment, ledgerAllocation, autopay]) await db.execute(sql`ANALYZE ${table}`);
  }
  return counts;
}
