/**
 * The lease ledger (decision 022, DESIGN §4 `charge`): charges and credits in integer
 * cents, payments allocated to the oldest open charges, and a running balance.
 *
 * Rules:
 * - A charge (`rent`, `late_fee`, `deposit`, `application_fee`, `utility`, `other`) raises the
 *   balance; a `credit` and a succeeded payment (less what was refunded) lower it.
 * - `allocateLedger` covers open charges oldest first (due date, then id) from unapplied credits
 *   and payments oldest first, writing `ledger_allocation` rows and the charges'
 *   `allocated_cents`/`status`. It runs after every change, inside the change's transaction, under
 *   a lock on the lease row, so two writers never allocate the same cents twice.
 * - A refund that leaves a payment with less than it had allocated takes the newest allocations
 *   back (those charges reopen), so the balance rises by exactly the refund.
 * - Money in: a payment never exceeds the balance (callers check `findLeaseBalance` first).
 * - A bank debit in flight (decision 050) is a `processing` payment: it covers charges like a
 *   succeeded one, but a charge it covers is `processing` (not open, so no late fee; not paid)
 *   until the debit clears (`clearProcessingCharges`: paid) or comes back
 *   (`takeBackPaymentAllocations`: open again).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '~/server/db/rows.server';
import type { Db } from '~/server/db/client.server';
import { charge, lease, ledgerAllocation, payment } from '~/server/db/schema';
import type { StoredLateFeeRule } from '~/lib/late-fees';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

export type ChargeKind = (typeof charge.$inferSelect)['kind'];
/** Charges staff may add by hand (`credit` included); rent, late fees and signing charges are posted by the system. */
export const MANUAL_CHARGE_KINDS = ['rent', 'late_fee', 'utility', 'other', 'credit'] as const;
export type ManualChargeKind = (typeof MANUAL_CHARGE_KINDS)[number];

/** The largest single amount the ledger accepts ($1,000,000): a typo guard, not a business rule. */
export const LEDGER_MAX_AMOUNT_CENTS = 100_000_000;

/** Locks the lease row for the caller's transaction (every ledger writer does this first). */
export async function lockLease(tx: Tx, leaseId: number): Promise<typeof lease.$inferSelect | null> {
  const [row] = await tx.select().from(lease).where(eq(lease.id, leaseId)).for('update');
  return row ?? null;
}

/**
 * What a payment can still cover: its amount less refunds less what it already covers. The
 * subquery names `"payment"."id"` itself: Drizzle renders `${payment.id}` unqualified (`"id"`) in
 * single-table selects, and inside the subquery that means `ledger_allocation.id`.
 */
const paymentUnapplied = sql<number>`(${payment.amountCents} - ${payment.refundedCents} - coalesce((select sum(a.amount_cents) from ledger_allocation a where a.payment_id = "payment"."id"), 0))::int`;

/**
 * Covers the lease's open charges from its unapplied credits and payments, oldest first. Call
 * inside a transaction that holds `lockLease`. Returns the cents allocated by this call.
 */
export async function allocateLedger(tx: Tx, leaseId: number): Promise<number> {
  const open = await tx
    .select({ id: charge.id, amount: charge.amountCents, allocated: charge.allocatedCents })
    .from(charge)
    .where(and(eq(charge.leaseId, leaseId), eq(charge.status, 'open'), sql`${charge.kind} <> 'credit'`))
    .orderBy(asc(charge.dueDate), asc(charge.id));
  if (open.length === 0) return 0;
  const credits = await tx
    .select({ id: charge.id, left: sql<number>`(${charge.amountCents} - ${charge.allocatedCents})::int` })
    .from(charge)
    .where(and(eq(charge.leaseId, leaseId), eq(charge.kind, 'credit'), eq(charge.status, 'open')))
    .orderBy(asc(charge.dueDate), asc(charge.id));
  const payments = await tx
    .select({ id: payment.id, left: paymentUnapplied })
    .from(payment)
    .where(and(eq(payment.leaseId, leaseId), inArray(payment.status, COVERING_PAYMENT_STATUSES)))
    .orderBy(asc(payment.createdAt), asc(payment.id));
  const sources = [
    ...credits.filter((c) => c.left > 0).map((c) => ({ kind: 'credit' as const, id: c.id, left: c.left })),
    ...payments.filter((p) => p.left > 0).map((p) => ({ kind: 'payment' as const, id: p.id, left: p.left })),
  ];
  let total = 0;
  const rows: (typeof ledgerAllocation.$inferInsert)[] = [];
  const chargeCover = new Map<number, number>();
  const creditUse = new Map<number, number>();
  let s = 0;
  for (const item of open) {
    let need = item.amount - item.allocated;
    while (need > 0 && s < sources.length) {
      const source = sources[s]!;
      const take = Math.min(need, source.left);
      rows.push({
        chargeId: item.id,
        amountCents: take,
        ...(source.kind === 'credit' ? { creditId: source.id } : { paymentId: source.id }),
      });
      chargeCover.set(item.id, (chargeCover.get(item.id) ?? 0) + take);
      if (source.kind === 'credit') creditUse.set(source.id, (creditUse.get(source.id) ?? 0) + take);
      need -= take;
      source.left -= take;
      total += take;
      if (source.left === 0) s += 1;
    }
    if (s >= sources.length) break;
  }
  if (rows.length === 0) return 0;
  await tx.insert(ledgerAllocation).values(rows);
  for (const [id, cents] of [...chargeCover, ...creditUse]) {
    await tx
      .update(charge)
      .set({
        allocatedCents: sql`${charge.allocatedCents} + ${cents}`,
        status: sql`case when ${charge.allocatedCents} + ${cents} < ${charge.amountCents} then 'open'::charge_status
          when ${inFlight} then 'processing'::charge_status else 'paid'::charge_status end`,
      })
      .where(eq(charge.id, id));
  }
  return total;
}

/** Payments whose money covers charges: received, refunded (in part), and bank debits in flight. */
const COVERING_PAYMENT_STATUSES = ['succeeded', 'refunded', 'processing'] as const;

/** True for a charge (the `charge` row in scope) that a bank debit in flight covers in part. */
const inFlight = sql`exists (select 1 from ledger_allocation fa join payment fp on fp.id = fa.payment_id
  where fa.charge_id = "charge"."id" and fp.status = 'processing')`;

/**
 * A bank debit cleared (decision 050): the charges payment `paymentId` covers, and that no other
 * debit in flight covers, are paid. Call under `lockLease`, after the payment left `processing`.
 */
export async function clearProcessingCharges(tx: Tx, paymentId: number): Promise<void> {
  await tx
    .update(charge)
    .set({ status: 'paid' })
    .where(
      and(
        eq(charge.status, 'processing'),
        sql`${charge.id} in (select charge_id from ledger_allocation where payment_id = ${paymentId})`,
        sql`not ${inFlight}`,
      ),
    );
}

/**
 * A bank debit came back (decision 050): every allocation of payment `paymentId` is taken back and
 * the charges it covered are open again. Call under `lockLease`; then `allocateLedger` may cover
 * them from other money.
 */
export async function takeBackPaymentAllocations(tx: Tx, paymentId: number): Promise<void> {
  const allocations = await tx
    .delete(ledgerAllocation)
    .where(eq(ledgerAllocation.paymentId, paymentId))
    .returning({ chargeId: ledgerAllocation.chargeId, amount: ledgerAllocation.amountCents });
  for (const allocation of allocations) {
    await tx
      .update(charge)
      .set({ allocatedCents: sql`${charge.allocatedCents} - ${allocation.amount}`, status: 'open' })
      .where(eq(charge.id, allocation.chargeId));
  }
}

/**
 * Takes back allocations of `paymentId` (newest first) until what it covers fits what is left of
 * it after refunds; the charges concerned reopen. Call under `lockLease`.
 */
export async function releasePaymentAllocations(tx: Tx, paymentId: number): Promise<void> {
  const [row] = await tx
    .select({ over: sql<number>`(-(${paymentUnapplied}))::int` })
    .from(payment)
    .where(eq(payment.id, paymentId));
  let over = row?.over ?? 0;
  if (over <= 0) return;
  const allocations = await tx
    .select({ id: ledgerAllocation.id, chargeId: ledgerAllocation.chargeId, amount: ledgerAllocation.amountCents })
    .from(ledgerAllocation)
    .where(eq(ledgerAllocation.paymentId, paymentId))
    .orderBy(desc(ledgerAllocation.id));
  for (const allocation of allocations) {
    if (over <= 0) break;
    const back = Math.min(over, allocation.amount);
    if (back === allocation.amount) await tx.delete(ledgerAllocation).where(eq(ledgerAllocation.id, allocation.id));
    else
      await tx
        .update(ledgerAllocation)
        .set({ amountCents: allocation.amount - back })
        .where(eq(ledgerAllocation.id, allocation.id));
    await tx
      .update(charge)
      .set({ allocatedCents: sql`${charge.allocatedCents} - ${back}`, status: 'open' })
      .where(eq(charge.id, allocation.chargeId));
    over -= back;
  }
}

export type LeaseBalance = {
  /** What the tenant owes now (cents; negative = credit in their favour); bank debits in flight already count as paid. */
  balanceCents: number;
  /** Bank debits in flight (cents, decision 050): not yet received, and not owed again. */
  processingCents: number;
  /** Open charges due today or earlier (cents). */
  overdueCents: number;
  /** The earliest due date of an open charge (ISO), or null. */
  nextDueDate: string | null;
};

/**
 * The lease's local date at the instant `now` (ISO `YYYY-MM-DD`): the date on the wall clock of
 * its building's time zone (decision 047). Null for an unknown lease.
 */
export async function leaseLocalToday(db: Executor, leaseId: number, now: Date = new Date()): Promise<string | null> {
  const [row] = rowsOf<{ today: string }>(
    await db.execute(sql`
      select to_char((${now.toISOString()}::timestamptz at time zone b.time_zone)::date, 'YYYY-MM-DD') as today
      from lease l join property u on u.id = l.property_id join building b on b.id = u.building_id
      where l.id = ${leaseId}`),
  );
  return row?.today ?? null;
}

/**
 * The lease's balance: open charges less unapplied credits and payments. What is overdue is
 * counted up to `today` (an ISO date), by default the lease's local date now (its building's
 * zone, decision 047).
 */
export async function findLeaseBalance(db: Executor, leaseId: number, today?: string): Promise<LeaseBalance> {
  const asOf =
    today === undefined
      ? sql`(select (now() at time zone b.time_zone)::date from lease l join property u on u.id = l.property_id join building b on b.id = u.building_id where l.id = ${leaseId})`
      : sql`${today}::date`;
  const [row] = await db
    .select({
      owed: sql<number>`coalesce(sum(case when ${charge.kind} <> 'credit' and ${charge.status} = 'open' then ${charge.amountCents} - ${charge.allocatedCents} else 0 end), 0)::int`,
      credit: sql<number>`coalesce(sum(case when ${charge.kind} = 'credit' and ${charge.status} = 'open' then ${charge.amountCents} - ${charge.allocatedCents} else 0 end), 0)::int`,
      overdue: sql<number>`coalesce(sum(case when ${charge.kind} <> 'credit' and ${charge.status} = 'open' and ${charge.dueDate} <= ${asOf} then ${charge.amountCents} - ${charge.allocatedCents} else 0 end), 0)::int`,
      next: sql<string | null>`min(case when ${charge.kind} <> 'credit' and ${charge.status} = 'open' then ${charge.dueDate} end)::text`,
    })
    .from(charge)
    .where(eq(charge.leaseId, leaseId));
  const [paid] = await db
    .select({
      left: sql<number>`coalesce(sum(greatest(${paymentUnapplied}, 0)), 0)::int`,
      processing: sql<number>`coalesce(sum(case when ${payment.status} = 'processing' then ${payment.amountCents} else 0 end), 0)::int`,
    })
    .from(payment)
    .where(and(eq(payment.leaseId, leaseId), inArray(payment.status, COVERING_PAYMENT_STATUSES)));
  return {
    balanceCents: (row?.owed ?? 0) - (row?.credit ?? 0) - (paid?.left ?? 0),
    processingCents: paid?.processing ?? 0,
    overdueCents: row?.overdue ?? 0,
    nextDueDate: row?.next ?? null,
  };
}

export type LedgerEntry = {
  /** `charge:<id>`, `payment:<id>` or `refund:<id>`. */
  key: string;
  /**
   * The day it happened (ISO, the building's local date, decision 047): a charge on the day it was
   * posted (its due date when it was recorded after that day, as a back-dated or imported charge
   * is), a payment on the day it settled, a refund on the day it was made.
   */
  date: string;
  /** A charge's due date (ISO); null for payments and refunds. */
  dueDate: string | null;
  kind: ChargeKind | 'payment' | 'refund';
  description: string | null;
  period: string | null;
  /** Signed effect on the balance (cents): charges +, credits and payments −, refunds +. */
  amountCents: number;
  /** The balance after this entry (cents). */
  balanceCents: number;
  status: string;
  paymentId: number | null;
  /** A late fee's rule as it was when the fee posted (decision 048); null otherwise. */
  lateFeeRule: StoredLateFeeRule | null;
};

/**
 * The lease's statement: charges, credits, payments and refunds in the order they happened, each
 * on its own local date (see `LedgerEntry.date`), with the running balance after each line. On one
 * day, entries follow their instants (a charge posted at signing comes before the payment of it).
 * Void charges and failed payments are left out; a bank debit in flight is there (status
 * `processing`), on the day it was sent. Oldest first. `year` (e.g. 2026) keeps the lines
 * of that calendar year; their balances still count everything before it.
 */
export async function findLedger(db: Executor, leaseId: number, options: { year?: number } = {}): Promise<LedgerEntry[]> {
  const rows = rowsOf<{
    key: string;
    date: string;
    due_date: string | null;
    kind: string;
    description: string | null;
    period: string | null;
    amount: number;
    status: string;
    payment_id: number | null;
    late_fee_rule: StoredLateFeeRule | null;
  }>(
    await db.execute(sql`
    with zone as (
      select b.time_zone as tz from lease l join property u on u.id = l.property_id join building b on b.id = u.building_id
      where l.id = ${leaseId}
    ), entries as (
      select 'charge:' || c.id as key,
        least((c.created_at at time zone z.tz)::date, c.due_date) as day,
        least(c.created_at, c.due_date::timestamp at time zone z.tz) as at,
        c.due_date::text as due_date, c.kind::text as kind, c.description, c.period,
        (case when c.kind = 'credit' then -c.amount_cents else c.amount_cents end) as amount, c.status::text as status,
        null::int as payment_id, c.late_fee_rule, c.id as sort_id, 0 as sort_kind
        from charge c, zone z where c.lease_id = ${leaseId} and c.status <> 'void'
      union all
      select 'payment:' || p.id, (coalesce(p.settled_at, p.created_at) at time zone z.tz)::date, coalesce(p.settled_at, p.created_at),
        null, 'payment', p.method::text, null, -p.amount_cents, p.status::text, p.id, null, p.id, 1
        from payment p, zone z where p.lease_id = ${leaseId} and p.status in ('succeeded', 'refunded', 'processing')
      union all
      select 'refund:' || r.id, (r.created_at at time zone z.tz)::date, r.created_at,
        null, 'refund', r.reason, null, r.amount_cents, 'succeeded', r.payment_id, null, r.id, 2
        from refund r join payment p on p.id = r.payment_id, zone z where p.lease_id = ${leaseId}
    )
    select key, day::text as date, due_date, kind, description, period, amount, status, payment_id, late_fee_rule
    from entries
    -- A back-dated charge's instant is the start of its due date, before anything else that day.
    order by day, at, sort_kind, sort_id`),
  );
  let balance = 0;
  const entries = rows.map((row) => {
    balance += Number(row.amount);
    return {
      key: row.key,
      date: row.date,
      dueDate: row.due_date,
      kind: row.kind as LedgerEntry['kind'],
      description: row.description,
      period: row.period,
      amountCents: Number(row.amount),
      balanceCents: balance,
      status: row.status,
      paymentId: row.payment_id === null ? null : Number(row.payment_id),
      lateFeeRule: row.late_fee_rule,
    };
  });
  if (options.year === undefined) return entries;
  const year = String(options.year);
  return entries.filter((entry) => entry.date.startsWith(year));
}

/** A period label `YYYY-MM` for an ISO date. */
export function periodOf(isoDate: string): string {
  return isoDate.slice(0, 7);
}
