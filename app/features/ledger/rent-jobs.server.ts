/**
 * The scheduled work of leases and rent (decision 022 and 020), run by the job runner
 * (decision 014) once a day:
 * - `postDueRent`: each active lease's rent for every period whose due day (setting
 *   `rent.due_day`) has come, within the lease's term — the last `RENT_CATCH_UP_MONTHS` months, so a
 *   server that was down for weeks posts what it missed. One `INSERT … SELECT … ON CONFLICT DO
 *   NOTHING` on the unique (lease, kind, period): running it twice, or on two instances at once,
 *   posts each rent once.
 * - `postLateFees`: a late fee (`rent.late_fee_cents`) for each rent still open `rent.grace_days`
 *   after its due date, once per lease and period, the same way.
 * - `endExpiredLeases`: active leases past their end date become `ended` (unless renewed, the
 *   renewal takes over the unit).
 * - `lapseUnsignedOffers`: a sent lease nobody signed by its deadline (`sign_by`) lapses — a new
 *   lease goes back to draft for staff to send again, a renewal offer is terminated so it no
 *   longer holds the unit. Audited (`lease_offer_lapsed`).
 * - `expireUnpaidApplications`: applications left `payment_failed` for `PAYMENT_FAILED_EXPIRY_DAYS`
 *   expire.
 * - `runAutopay`: charges each active autopay on its day (autopay.server.ts).
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '~/server/db/rows.server';
import type { Db } from '~/server/db/client.server';
import type { JobHandlers, JobSchedule } from '~/server/outbox/outbox.server';
import { getPaymentProvider } from '~/server/payments/payments.server';
import { currentSettings } from '~/server/settings/settings.server';
import { runAutopay } from './autopay.server';
import { allocateLedger, lockLease } from './ledger.server';

/** How many months back the rent job posts missed rent (downtime catch-up). */
export const RENT_CATCH_UP_MONTHS = 3;
/** Applications whose card was declined expire after this many days. */
export const PAYMENT_FAILED_EXPIRY_DAYS = 7;

export const RENT_DAILY_TOPIC = 'rent.daily';
export const AUTOPAY_DAILY_TOPIC = 'rent.autopay';

/** Every day at 05:00 UTC: lapsed offers, lease ends, rent, late fees, expired applications. */
export const RENT_DAILY_SCHEDULE: JobSchedule = { name: 'rent-daily', cron: '0 5 * * *', topic: RENT_DAILY_TOPIC };
/** Every day at 06:00 UTC, after rent is posted: autopay. */
export const AUTOPAY_DAILY_SCHEDULE: JobSchedule = { name: 'autopay-daily', cron: '0 6 * * *', topic: AUTOPAY_DAILY_TOPIC };

/**
 * Posts the rent due on or before `today` (ISO date) for active leases. Returns how many rent
 * charges this call inserted (0 when run again).
 */
export async function postDueRent({ db, today, dueDay }: { db: Db; today: string; dueDay: number }): Promise<number> {
  const result = await db.execute(sql`
    with periods as (
      select l.id as lease_id, l.monthly_rent_cents, p::date as period_start, l.start_date, l.end_date
      from lease l
      cross join lateral generate_series(
        greatest(date_trunc('month', l.start_date), date_trunc('month', ${today}::date) - make_interval(months => ${RENT_CATCH_UP_MONTHS})),
        date_trunc('month', least(l.end_date, ${today}::date)),
        interval '1 month') p
      where l.status = 'active' and l.start_date <= ${today}::date
    )
    insert into charge (lease_id, kind, amount_cents, due_date, period)
    select lease_id, 'rent', monthly_rent_cents,
      greatest(start_date, make_date(extract(year from period_start)::int, extract(month from period_start)::int, ${dueDay}::int)),
      to_char(period_start, 'YYYY-MM')
    from periods
    where greatest(start_date, make_date(extract(year from period_start)::int, extract(month from period_start)::int, ${dueDay}::int)) <= ${today}::date
      and make_date(extract(year from period_start)::int, extract(month from period_start)::int, 1) <= end_date
    on conflict (lease_id, kind, period) where kind in ('rent', 'late_fee', 'deposit', 'application_fee') do nothing
    returning lease_id`);
  const leaseIds = rowsOf<{ lease_id: number }>(result).map((r) => Number(r.lease_id));
  await allocateFromCredits(db, leaseIds);
  return leaseIds.length;
}

/**
 * Posts a late fee of `lateFeeCents` for every open rent of an active lease whose due date is
 * more than `graceDays` before `today`. Returns how many fees this call inserted.
 */
export async function postLateFees({
  db,
  today,
  graceDays,
  lateFeeCents,
}: {
  db: Db;
  today: string;
  graceDays: number;
  lateFeeCents: number;
}): Promise<number> {
  if (lateFeeCents <= 0) return 0;
  const result = await db.execute(sql`
    insert into charge (lease_id, kind, amount_cents, due_date, period, description)
    select c.lease_id, 'late_fee', ${lateFeeCents}::int, ${today}::date, c.period, 'Late fee'
    from charge c join lease l on l.id = c.lease_id and l.status = 'active'
    where c.status = 'open' and c.kind = 'rent' and c.due_date < ${today}::date - ${graceDays}::int
    on conflict (lease_id, kind, period) where kind in ('rent', 'late_fee', 'deposit', 'application_fee') do nothing
    returning lease_id`);
  const leaseIds = rowsOf<{ lease_id: number }>(result).map((r) => Number(r.lease_id));
  await allocateFromCredits(db, leaseIds);
  return leaseIds.length;
}

/** New charges on leases holding unapplied credit or payments are covered at once. */
async function allocateFromCredits(db: Db, leaseIds: readonly number[]): Promise<void> {
  if (leaseIds.length === 0) return;
  const withCredit = rowsOf<{ lease_id: number }>(
    await db.execute(sql`
      select distinct lease_id from charge where kind = 'credit' and status = 'open' and lease_id = any(${sql.raw(`'{${[...new Set(leaseIds)].join(',')}}'::int[]`)})
      union
      select distinct p.lease_id from payment p
      where p.lease_id = any(${sql.raw(`'{${[...new Set(leaseIds)].join(',')}}'::int[]`)}) and p.status in ('succeeded', 'refunded')
        and p.amount_cents - p.refunded_cents > coalesce((select sum(a.amount_cents) from ledger_allocation a where a.payment_id = p.id), 0)`),
  );
  for (const { lease_id: leaseId } of withCredit) {
    await db.transaction(async (tx) => {
      await lockLease(tx, Number(leaseId));
      await allocateLedger(tx, Number(leaseId));
    });
  }
}

/**
 * Active leases whose end date has passed become `ended`; their units become available again
 * (unlisted, for staff to publish) unless another lease (a renewal) holds them. Returns how many.
 */
export async function endExpiredLeases({ db, today }: { db: Db; today: string }): Promise<number> {
  const result = await db.execute(sql`
    with ended as (
      update lease set status = 'ended', ended_at = now() where status = 'active' and end_date < ${today}::date returning id, property_id
    ), freed as (
      update property p set status = 'available', listed = false
      where p.id in (select property_id from ended) and p.status = 'leased'
        and not exists (select 1 from lease l where l.property_id = p.id and l.id not in (select id from ended)
          and l.status in ('draft', 'sent', 'signed', 'active') and l.end_date >= ${today}::date)
      returning p.id
    )
    select id from ended`);
  return rowsOf(result).length;
}

/**
 * Sent leases whose signing deadline passed before anyone signed: a new lease returns to `draft`
 * (the approved application still holds the unit; staff may send it again, with a new deadline),
 * a renewal offer becomes `terminated` (the current lease then ends on its date and frees the
 * unit). A lease someone already signed stays `sent` for staff to follow up. One statement, each
 * lapse audited as `lease_offer_lapsed`; idempotent. Returns how many lapsed.
 */
export async function lapseUnsignedOffers({ db, now = new Date() }: { db: Db; now?: Date }): Promise<number> {
  const result = await db.execute(sql`
    with lapsed as (
      update lease l set
        status = case when l.renewal_of_id is null then 'draft'::lease_status else 'terminated'::lease_status end,
        ended_at = case when l.renewal_of_id is null then null else now() end,
        updated_at = now()
      where l.status = 'sent' and l.sign_by < ${now.toISOString()}::timestamptz
        and not exists (select 1 from lease_tenant t where t.lease_id = l.id and t.signed_at is not null)
      returning l.id, l.status, l.sign_by
    ), audited as (
      insert into audit_log (user_id, action, table_name, new_values)
      select null, 'lease_offer_lapsed', 'lease', jsonb_build_object('lease_id', id, 'status', status, 'sign_by', sign_by) from lapsed
    )
    select id from lapsed`);
  return rowsOf(result).length;
}

/** Applications `payment_failed` for longer than the expiry become `expired`. Returns how many. */
export async function expireUnpaidApplications({ db, now = new Date() }: { db: Db; now?: Date }): Promise<number> {
  const result = await db.execute(
    sql`update application set status = 'expired', updated_at = now() where status = 'payment_failed' and updated_at < ${new Date(now.getTime() - PAYMENT_FAILED_EXPIRY_DAYS * 86_400_000).toISOString()}::timestamptz returning id`,
  );
  return rowsOf(result).length;
}

/** The whole daily rent run for `today` (ISO). Safe to run any number of times a day. */
export async function runRentDaily({ db, today }: { db: Db; today: string }) {
  const settings = await currentSettings(db);
  const lapsed = await lapseUnsignedOffers({ db });
  const ended = await endExpiredLeases({ db, today });
  const rent = await postDueRent({ db, today, dueDay: settings.rentDueDay });
  const lateFees = await postLateFees({ db, today, graceDays: settings.rentGraceDays, lateFeeCents: settings.lateFeeCents });
  const expired = await expireUnpaidApplications({ db });
  return { lapsed, ended, rent, lateFees, expired };
}

export const rentJobHandlers: JobHandlers = {
  [RENT_DAILY_TOPIC]: async (_job, { db, logger }) => {
    const counts = await runRentDaily({ db, today: new Date().toISOString().slice(0, 10) });
    logger.info(counts, 'rent daily run');
  },
  [AUTOPAY_DAILY_TOPIC]: async (_job, { db, logger, publicUrl }) => {
    const counts = await runAutopay({ db, provider: getPaymentProvider(), today: new Date().toISOString().slice(0, 10), publicUrl });
    logger.info(counts, 'autopay run');
  },
};
