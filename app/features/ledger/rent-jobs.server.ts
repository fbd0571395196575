/**
 * The scheduled work of leases and rent (decision 022 and 020), run by the job runner
 * (decision 014) every hour. Each lease's "today" is the local date of its building (decision 047:
 * `building.time_zone`), computed by the database from the run's instant `now`, so a due date, a
 * grace period or a lease end passes at the building's midnight, never at UTC's; the hourly run
 * reaches every zone within the hour after its midnight, and a run repeated in the same hour, or
 * on two instances, changes nothing:
 * - `postDueRent`: each active lease's rent for every period whose due day (setting
 *   `rent.due_day`) has come, within the lease's term — the last `RENT_CATCH_UP_MONTHS` months, so a
 *   server that was down for weeks posts what it missed. One `INSERT … SELECT … ON CONFLICT DO
 *   NOTHING` on the unique (lease, kind, period): running it twice, or on two instances at once,
 *   posts each rent once.
 * - `postLateFees`: a late fee for each rent still open after its grace period, by the building's
 *   rule or the company's (decision 048), once per lease and period, the same way; a daily rule's
 *   fee is raised each local day the rent stays open, up to its cap (decision 051).
 * - `endExpiredLeases`: active leases past their end date become `ended` (unless renewed, the
 *   renewal takes over the unit).
 * - `lapseUnsignedOffers`: a sent lease nobody signed by its deadline (`sign_by`) lapses — a new
 *   lease goes back to draft for staff to send again, a renewal offer is terminated so it no
 *   longer holds the unit. Audited (`lease_offer_lapsed`).
 * - `expireUnpaidApplications`: applications left `payment_failed` for `PAYMENT_FAILED_EXPIRY_DAYS`
 *   expire.
 * - `runAutopay`: charges each active autopay on its day (autopay.server.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '~/server/db/rows.server';
import type { Db } from '~/server/db/client.server';
import type { JobHandlers, JobSchedule } from '~/server/outbox/outbox.server';
import { getPaymentProvider } from '~/server/payments/payments.server';
import type { LateFeeRule } from '~/lib/late-fees';
import { companyLateFeeRule } from '~/server/settings/settings-registry.server';
import { currentSettings } from '~/server/settings/settings.server';
import { runAutopay } from './autopay.server';
import { allocateLedger, lockLease } from './ledger.server';

/** How many months back the rent job posts missed rent (downtime catch-up). */
export const RENT_CATCH_UP_MONTHS = 3;
/** Applications whose card was declined expire after this many days. */
export const PAYMENT_FAILED_EXPIRY_DAYS = 7;

export const RENT_DAILY_TOPIC = 'rent.daily';
export const AUTOPAY_DAILY_TOPIC = 'rent.autopay';

/**
 * Every hour at :05: lapsed offers, lease ends, rent, late fees, expired applications. Hourly,
 * because midnight comes at a different hour in each building's zone (decision 047).
 */
export const RENT_DAILY_SCHEDULE: JobSchedule = { name: 'rent-daily', cron: '5 * * * *', topic: RENT_DAILY_TOPIC };
/** Every hour at :35, after that hour's rent is posted: autopay, on each building's local day. */
export const AUTOPAY_DAILY_SCHEDULE: JobSchedule = { name: 'autopay-daily', cron: '35 * * * *', topic: AUTOPAY_DAILY_TOPIC };

/**
 * Each active lease with its building's local date at `now` (decision 047), as a SQL `from` item
 * named `local` with columns `lease_id`, `today` (a `date`) and `building_rule` (the building's
 * late-fee rule or null, decision 048). The join goes through the unit's primary key and the
 * building's, so it costs one lookup a lease.
 */
function activeLeasesLocalToday(now: Date) {
  return sql`(
    select l.id as lease_id, (${now.toISOString()}::timestamptz at time zone b.time_zone)::date as today,
      b.late_fee_rule as building_rule
    from lease l join property u on u.id = l.property_id join building b on b.id = u.building_id
    where l.status = 'active'
  ) local`;
}

/**
 * Posts the rent due on or before each active lease's local date at the instant `now` (its
 * building's zone, decision 047). Returns how many rent charges this call inserted (0 when run
 * again).
 */
export async function postDueRent({ db, now, dueDay }: { db: Db; now: Date; dueDay: number }): Promise<number> {
  const result = await db.execute(sql`
    with periods as (
      select l.id as lease_id, l.monthly_rent_cents, p::date as period_start, l.start_date, l.end_date, local.today
      from ${activeLeasesLocalToday(now)}
      join lease l on l.id = local.lease_id
      cross join lateral generate_series(
        greatest(date_trunc('month', l.start_date), date_trunc('month', local.today) - make_interval(months => ${RENT_CATCH_UP_MONTHS})),
        date_trunc('month', least(l.end_date, local.today)),
        interval '1 month') p
      where l.start_date <= local.today
    )
    insert into charge (lease_id, kind, amount_cents, due_date, period)
    select lease_id, 'rent', monthly_rent_cents,
      greatest(start_date, make_date(extract(year from period_start)::int, extract(month from period_start)::int, ${dueDay}::int)),
      to_char(period_start, 'YYYY-MM')
    from periods
    where greatest(start_date, make_date(extract(year from period_start)::int, extract(month from period_start)::int, ${dueDay}::int)) <= today
      and make_date(extract(year from period_start)::int, extract(month from period_start)::int, 1) <= end_date
    on conflict (lease_id, kind, period) where kind in ('rent', 'late_fee', 'deposit', 'application_fee') do nothing
    returning lease_id`);
  const leaseIds = rowsOf<{ lease_id: number }>(result).map((r) => Number(r.lease_id));
  await allocateFromCredits(db, leaseIds);
  return leaseIds.length;
}

/**
 * The fee a stored rule (a `jsonb` expression, decision 048/051) gives on a month's rent of
 * `rentCents` when the rent is `daysLate` days past its grace period: the flat amount or the
 * percent rounded to the cent, times the days for a daily rule, then the caps that are set. The
 * same arithmetic as `lateFeeFor` (a test compares them). A rule without `frequency` (stored
 * before decision 051) is charged once.
 */
function lateFeeAmountSql(rule: SQL, rentCents: SQL, daysLate: SQL): SQL {
  return sql`greatest(0, least(
    case ${rule}->>'kind'
      when 'percent' then round(${rentCents} * (${rule}->>'percent')::numeric / 100)
      else (${rule}->>'amountCents')::numeric
    end * case when ${rule}->>'frequency' = 'daily' then greatest(1, ${daysLate}) else 1 end,
    nullif((${rule}->>'capCents')::numeric, 0),
    floor(${rentCents} * nullif((${rule}->>'capPercent')::numeric, 0) / 100)
  ))::int`;
}

/**
 * Posts a late fee on every open rent of an active lease whose grace period has ended in its
 * building's zone at `now`: the fee posts once the building's local midnight after the last day of
 * grace has passed, never before (decision 047), and is due that local day. The rule is the
 * building's own (`building.late_fee_rule`) or else `companyRule` (the settings'; decision 048):
 * flat or a percent of that month's rent, rounded to the cent, then capped; it is stored with the
 * fee (`charge.late_fee_rule`, with its `source`). A rule whose fee comes to 0 posts nothing. Once
 * per lease and period (the unique index).
 *
 * A daily rule (decision 051) charges its amount for each local day the rent has been open past
 * the grace period, as that one fee: posted with the days already run, then raised each day, by
 * the rule stored with it, while both the rent and the fee are still open (a rent paid or covered
 * by a debit in flight stops it), never above its cap and never lowered. Returns how many fees
 * this call posted or raised (0 when run again the same local day).
 */
export async function postLateFees({ db, now, companyRule }: { db: Db; now: Date; companyRule: LateFeeRule }): Promise<number> {
  const grown = await db.execute(sql`
    with due as (
      select f.id, ${lateFeeAmountSql(
        sql.raw('f.late_fee_rule'),
        sql.raw('c.amount_cents'),
        sql.raw(`(local.today - c.due_date - (f.late_fee_rule->>'graceDays')::int)`),
      )} as amount_cents
      from ${activeLeasesLocalToday(now)}
      join charge c on c.lease_id = local.lease_id and c.kind = 'rent' and c.status = 'open'
      join charge f on f.lease_id = c.lease_id and f.kind = 'late_fee' and f.period = c.period and f.status = 'open'
      where f.late_fee_rule->>'frequency' = 'daily'
    )
    update charge f set amount_cents = due.amount_cents
    from due
    -- Checked again on the row itself: a payment allocated meanwhile (the fee now paid) wins.
    where f.id = due.id and f.status = 'open' and due.amount_cents > f.amount_cents
    returning f.lease_id`);
  const company = JSON.stringify({ ...companyRule, source: 'company' });
  const posted = await db.execute(sql`
    with rules as (
      select local.lease_id, local.today, coalesce(local.building_rule || '{"source": "building"}'::jsonb, ${company}::jsonb) as rule
      from ${activeLeasesLocalToday(now)}
    )
    insert into charge (lease_id, kind, amount_cents, due_date, period, description, late_fee_rule)
    select c.lease_id, 'late_fee', fee.amount_cents, r.today, c.period, 'Late fee', r.rule
    from rules r
    join charge c on c.lease_id = r.lease_id
    cross join lateral (
      select ${lateFeeAmountSql(sql.raw('r.rule'), sql.raw('c.amount_cents'), sql.raw(`(r.today - c.due_date - (r.rule->>'graceDays')::int)`))} as amount_cents
    ) fee
    where c.status = 'open' and c.kind = 'rent' and c.due_date < r.today - (r.rule->>'graceDays')::int
      and fee.amount_cents > 0
    on conflict (lease_id, kind, period) where kind in ('rent', 'late_fee', 'deposit', 'application_fee') do nothing
    returning lease_id`);
  const leaseIds = [...rowsOf<{ lease_id: number }>(grown), ...rowsOf<{ lease_id: number }>(posted)].map((r) => Number(r.lease_id));
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
      where p.lease_id = any(${sql.raw(`'{${[...new Set(leaseIds)].join(',')}}'::int[]`)}) and p.status in ('succeeded', 'refunded', 'processing')
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
 * Active leases whose end date has passed in their building's zone at `now` (decision 047) become
 * `ended`; their units become available again (unlisted, for staff to publish) unless another
 * lease (a renewal) holds them. Returns how many.
 */
export async function endExpiredLeases({ db, now }: { db: Db; now: Date }): Promise<number> {
  const result = await db.execute(sql`
    with ended as (
      update lease set status = 'ended', ended_at = now()
      from ${activeLeasesLocalToday(now)}
      where lease.id = local.lease_id and lease.end_date < local.today
      returning lease.id, lease.property_id, local.today
    ), freed as (
      update property p set status = 'available', listed = false
      from ended e
      where p.id = e.property_id and p.status = 'leased'
        and not exists (select 1 from lease l where l.property_id = p.id and l.id not in (select id from ended)
          and l.status in ('draft', 'sent', 'signed', 'active') and l.end_date >= e.today)
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

/**
 * The whole rent run at the instant `now`, each lease on its building's local date. Safe to run
 * any number of times a day.
 */
export async function runRentDaily({ db, now = new Date() }: { db: Db; now?: Date }) {
  const settings = await currentSettings(db);
  const lapsed = await lapseUnsignedOffers({ db, now });
  const ended = await endExpiredLeases({ db, now });
  const rent = await postDueRent({ db, now, dueDay: settings.rentDueDay });
  const lateFees = await postLateFees({ db, now, companyRule: companyLateFeeRule(settings) });
  const expired = await expireUnpaidApplications({ db, now });
  return { lapsed, ended, rent, lateFees, expired };
}

export const rentJobHandlers: JobHandlers = {
  [RENT_DAILY_TOPIC]: async (_job, { db, logger }) => {
    const counts = await runRentDaily({ db });
    logger.info(counts, 'rent daily run');
  },
  [AUTOPAY_DAILY_TOPIC]: async (_job, { db, logger, publicUrl }) => {
    const counts = await runAutopay({ db, provider: getPaymentProvider(), now: new Date(), publicUrl });
    logger.info(counts, 'autopay run');
  },
};
