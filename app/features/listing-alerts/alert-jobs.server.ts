/**
 * Listing alerts that send (decision 018): the background jobs between
 * "a unit became listed and available" and the subscriber's inbox, all run by the job runner
 * (decision 014), so everything survives a restart as `outbox` rows.
 *
 * 1. `enqueueListingAnnouncement(tx, ids)` — called by the portfolio in the transaction that lists
 *    the units — writes one `alerts.match_units` job per announcement (up to 5,000 units; a
 *    bigger one is split), dedupe key per unit set and listing moment.
 * 2. `alerts.match_units` re-checks the units (listed and available now), finds the confirmed
 *    alerts they match (`matchingAlertsQuery`, the listing search's semantics) and inserts
 *    `listing_alert_delivery` rows `ON CONFLICT DO NOTHING` — the primary key (alert, unit) makes
 *    "at most once per unit per alert" a database rule —, 250 units per transaction (on PGlite a
 *    transaction holds the whole database). Then, with the job's completion, it enqueues one
 *    `mail.listing_alert` job for each `immediate` alert with waiting rows among these units
 *    (dedupe key alert + match job), so one announcement is one e-mail per alert; `daily` alerts'
 *    rows wait (`sent_at` null). A crash between slices re-runs the job: the slices already done
 *    insert nothing, and the final step still finds their waiting rows.
 * 3. `alerts.digest` (the daily schedule, 07:00 UTC) enqueues one `mail.listing_alert` per
 *    confirmed alert with waiting rows (dedupe key alert + run): daily alerts, and any immediate
 *    alert whose e-mail has been waiting for more than a day (a job that gave up).
 * 4. `mail.listing_alert` re-reads the alert (no e-mail unless it is still confirmed; the waiting
 *    rows of an alert that is not are dropped), drops waiting units that are no longer listed and
 *    available, claims the rest (marks them sent in one UPDATE, so a second job for the same
 *    alert on another instance finds nothing), sends one e-mail in the alert's language, then
 *    records `last_notified_at` with the job. At most once, as the issue asks: a failed send puts
 *    the rows back to waiting for the retry (dropped when the job gives up, so no digest retries
 *    them for ever); a crash between the claim and the send loses that e-mail.
 * A unit listed again more than REANNOUNCE_AFTER_DAYS after an alert was told about it is
 * announced to it again (`recordAlertDeliveries`).
 *
 * Free of i18next (the tsx-run job runner imports it through server/jobs.ts).
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { listingAlert, listingAlertDelivery, property } from '~/server/db/schema';
import { enqueueOutbox, OUTBOX_MAX_ATTEMPTS, type JobHandlers, type JobSchedule, type OutboxMessage } from '~/server/outbox/outbox.server';
import { listingAlertMail } from './alert-mail.server';
import { rowsOf } from '~/server/db/rows.server';
import { MATCH_SLICE, matchingAlertsQuery } from './alert-matching.server';
import { isId } from '~/lib/ids';

export const ALERT_JOB_TOPICS = {
  match: 'alerts.match_units',
  digest: 'alerts.digest',
  mail: 'mail.listing_alert',
} as const;

/** The daily digest: every day at 07:00 UTC (early morning in the US, early afternoon in Italy). */
export const ALERT_DIGEST_SCHEDULE: JobSchedule = {
  name: 'listing-alerts-daily-digest',
  cron: '0 7 * * *',
  topic: ALERT_JOB_TOPICS.digest,
};

/** The most units one matching job takes (a CSV import's maximum). */
export const ANNOUNCE_BATCH_MAX = 5_000;
/** Outbox rows per INSERT when the digest fans out (3 parameters each, far below 65,535). */
const ENQUEUE_CHUNK = 2_000;
/** An immediate alert's units still waiting after this long are sent with the next digest. */
const STALE_IMMEDIATE_HOURS = 24;

/**
 * `alerts.match_units`: units that became listed and available in one transaction, and when
 * (`moment`, ISO, the transaction's time).
 */
export type MatchUnitsPayload = { propertyIds: number[]; moment?: string };
/** `mail.listing_alert`: the alert whose waiting units to send; `digest` for the daily run (else an immediate alert's e-mail). */
export type ListingAlertMailPayload = { alertId: number; digest: boolean };

function validIds(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((id): id is number => isId(id)))];
}

/**
 * Announces units that just became listed and available to the listing alerts: one matching job
 * per 5,000 units, written with `tx` (the transaction that lists them), dedupe key
 * `alerts.match:<transaction time>:<digest of the ids>` — the same units announced again by the
 * same transaction are one job; announced again later, another (the new job finds only alerts
 * that have not had them yet).
 */
export async function enqueueListingAnnouncement(tx: Db, propertyIds: readonly number[]): Promise<void> {
  const ids = validIds([...propertyIds]).sort((a, b) => a - b);
  if (ids.length === 0) return;
  const [now] = rowsOf<{ moment: string }>(
    await tx.execute(sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as moment`),
  );
  const moment = now?.moment ?? new Date().toISOString();
  const messages: OutboxMessage[] = [];
  for (let from = 0; from < ids.length; from += ANNOUNCE_BATCH_MAX) {
    const batch = ids.slice(from, from + ANNOUNCE_BATCH_MAX);
    const digest = createHash('sha256').update(batch.join(',')).digest('hex').slice(0, 24);
    messages.push({
      topic: ALERT_JOB_TOPICS.match,
      payload: { propertyIds: batch, moment } satisfies MatchUnitsPayload,
      dedupeKey: `alerts.match:${moment}:${digest}`,
    });
  }
  await enqueueOutbox(tx, messages);
}

/** A unit listed again is announced again to an alert told about it more than this long before. */
export const REANNOUNCE_AFTER_DAYS = 7;

/**
 * Records the (alert, unit) matches of `propertyIds` (at most MATCH_SLICE), listed at `moment`,
 * in `tx`; answers how many are waiting now because of it. A match never recorded is added; one
 * already sent more than REANNOUNCE_AFTER_DAYS before `moment` is re-armed (the unit was leased
 * or unpublished and is listed again: a new listing for the subscriber); one still waiting, or
 * sent recently, is left alone — so a re-run of the same job, or a unit flipping on and off,
 * announces nothing twice. Listed-and-available is re-checked by the query.
 */
export async function recordAlertDeliveries(tx: Db, propertyIds: readonly number[], moment: Date = new Date()): Promise<number> {
  if (propertyIds.length === 0) return 0;
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(
      sql`WITH created AS (
        INSERT INTO listing_alert_delivery (alert_id, property_id) ${matchingAlertsQuery(propertyIds)}
        ON CONFLICT (alert_id, property_id) DO UPDATE SET sent_at = NULL, created_at = now()
          WHERE listing_alert_delivery.sent_at < ${moment.toISOString()}::timestamptz - make_interval(days => ${REANNOUNCE_AFTER_DAYS})
        RETURNING 1) SELECT count(*)::int AS n FROM created`,
    ),
  );
  return Number(row?.n ?? 0);
}

/** Runs `run` on consecutive slices of `items`, at most `size` each (bounded IN lists and inserts). */
async function eachSlice<T>(items: readonly T[], size: number, run: (slice: T[]) => Promise<unknown>): Promise<void> {
  for (let from = 0; from < items.length; from += size) await run(items.slice(from, from + size));
}

/**
 * The claimed deliveries of `alertId` for `propertyIds` whose e-mail could not be sent: back to
 * waiting for the retry, or deleted (`drop`) when the job has given up.
 */
/** The confirmed alerts that have deliveries waiting to be sent and meet `condition` (which deliveries, which frequency). */
function alertsWithWaitingDeliveries(tx: Db, condition: SQL | undefined) {
  return tx
    .selectDistinct({ alertId: listingAlertDelivery.alertId })
    .from(listingAlertDelivery)
    .innerJoin(listingAlert, eq(listingAlert.id, listingAlertDelivery.alertId))
    .where(and(isNull(listingAlertDelivery.sentAt), eq(listingAlert.status, 'confirmed'), condition));
}

async function releaseClaimed(db: Db, alertId: number, propertyIds: readonly number[], { drop }: { drop: boolean }) {
  await eachSlice(propertyIds, ENQUEUE_CHUNK, async (slice) => {
    const rows = and(eq(listingAlertDelivery.alertId, alertId), inArray(listingAlertDelivery.propertyId, slice));
    if (drop) await db.delete(listingAlertDelivery).where(rows);
    else await db.update(listingAlertDelivery).set({ sentAt: null }).where(rows);
  });
}

/** Drops the waiting (never sent) deliveries of `alertId` (of `propertyIds` only, when given). */
async function dropWaiting(db: Db, alertId: number, propertyIds?: readonly number[]) {
  await db
    .delete(listingAlertDelivery)
    .where(
      and(
        eq(listingAlertDelivery.alertId, alertId),
        isNull(listingAlertDelivery.sentAt),
        propertyIds ? inArray(listingAlertDelivery.propertyId, [...propertyIds]) : undefined,
      ),
    );
}

export const listingAlertJobHandlers: JobHandlers = {
  [ALERT_JOB_TOPICS.match]: async (job, { db, markDone }) => {
    const payload = job.payload as Partial<MatchUnitsPayload> | null;
    const propertyIds = validIds(payload?.propertyIds);
    const listedAt = new Date(payload?.moment ?? '');
    const moment = Number.isNaN(listedAt.getTime()) ? new Date() : listedAt;
    await eachSlice(propertyIds, MATCH_SLICE, (slice) => db.transaction((tx) => recordAlertDeliveries(tx, slice, moment)));
    await db.transaction(async (tx) => {
      // Immediate alerts with waiting rows for these units (also those of slices committed before a crash).
      const alertIds = new Set<number>();
      await eachSlice(propertyIds, ENQUEUE_CHUNK, async (slice) => {
        const rows = await alertsWithWaitingDeliveries(
          tx,
          and(inArray(listingAlertDelivery.propertyId, slice), eq(listingAlert.frequency, 'immediate')),
        );
        for (const row of rows) alertIds.add(row.alertId);
      });
      const messages = [...alertIds]
        .sort((a, b) => a - b)
        .map((alertId) => ({
          topic: ALERT_JOB_TOPICS.mail,
          payload: { alertId, digest: false } satisfies ListingAlertMailPayload,
          dedupeKey: `alerts.mail:${alertId}:match:${job.id}`,
        }));
      await eachSlice(messages, ENQUEUE_CHUNK, (slice) => enqueueOutbox(tx, slice));
      await markDone(tx);
    });
  },

  [ALERT_JOB_TOPICS.digest]: async (job, { db, markDone }) => {
    const scheduledFor = String((job.payload as { scheduledFor?: unknown } | null)?.scheduledFor ?? job.id);
    await db.transaction(async (tx) => {
      const due = await alertsWithWaitingDeliveries(
        tx,
        or(
          eq(listingAlert.frequency, 'daily'),
          sql`${listingAlertDelivery.createdAt} < now() - make_interval(hours => ${STALE_IMMEDIATE_HOURS})`,
        ),
      ).orderBy(listingAlertDelivery.alertId);
      const messages = due.map((row) => ({
        topic: ALERT_JOB_TOPICS.mail,
        payload: { alertId: row.alertId, digest: true } satisfies ListingAlertMailPayload,
        dedupeKey: `alerts.digest:${row.alertId}:${scheduledFor}`,
      }));
      await eachSlice(messages, ENQUEUE_CHUNK, (slice) => enqueueOutbox(tx, slice));
      await markDone(tx);
    });
  },

  [ALERT_JOB_TOPICS.mail]: async (job, { db, mailer, logger, publicUrl, markDone }) => {
    const payload = (job.payload ?? {}) as Partial<ListingAlertMailPayload>;
    const alertId = Number(payload.alertId);
    if (!isId(alertId)) return;
    const digest = payload.digest === true;
    const [alert] = await db.select().from(listingAlert).where(eq(listingAlert.id, alertId));
    if (!alert) return;
    // Never for an alert that was unsubscribed (or is waiting for a new confirmation) since.
    if (alert.status !== 'confirmed') {
      await dropWaiting(db, alertId);
      return;
    }
    // Switched to the digest after the match: the 07:00 run collects these units.
    if (!digest && alert.frequency === 'daily') return;

    const title = alert.locale === 'it' ? sql<string>`coalesce(${property.titleIt}, ${property.title})` : property.title;
    const waiting = await db
      .select({
        id: property.id,
        title,
        city: property.city,
        state: property.state,
        price: property.price,
        bedrooms: property.bedrooms,
        listable: sql<boolean>`${property.listed} and ${property.status} = 'available'`,
      })
      .from(listingAlertDelivery)
      .innerJoin(property, eq(property.id, listingAlertDelivery.propertyId))
      .where(and(eq(listingAlertDelivery.alertId, alertId), isNull(listingAlertDelivery.sentAt)))
      .orderBy(property.price, property.id);
    const gone = waiting.filter((unit) => !unit.listable).map((unit) => unit.id);
    // Leased or unpublished meanwhile: never announced, so a later listing may announce it again.
    await eachSlice(gone, ENQUEUE_CHUNK, (slice) => dropWaiting(db, alertId, slice));
    const listable = waiting.filter((unit) => unit.listable);
    if (listable.length === 0) return;

    // Claim the rows before sending (one UPDATE): a second job for this alert on another instance
    // finds them taken and sends nothing, so each unit is e-mailed at most once per alert.
    const claimed = new Set<number>();
    const listableIds = listable.map((unit) => unit.id);
    await eachSlice(listableIds, ENQUEUE_CHUNK, async (slice) => {
      const rows = await db
        .update(listingAlertDelivery)
        .set({ sentAt: sql`now()` })
        .where(
          and(
            eq(listingAlertDelivery.alertId, alertId),
            isNull(listingAlertDelivery.sentAt),
            inArray(listingAlertDelivery.propertyId, slice),
          ),
        )
        .returning({ propertyId: listingAlertDelivery.propertyId });
      for (const row of rows) claimed.add(row.propertyId);
    });
    const units = listable.filter((unit) => claimed.has(unit.id));
    if (units.length === 0) return;
    const claimedIds = units.map((unit) => unit.id);

    try {
      await mailer.send(
        listingAlertMail({
          to: alert.email,
          locale: alert.locale,
          criteria: alert.criteria,
          units,
          digest,
          unsubscribeToken: alert.unsubscribeToken,
          publicUrl,
        }),
      );
    } catch (error) {
      // Back to waiting for the retry; or, given up (the job stays failed in /admin/database),
      // dropped rather than tried again by every digest: listed again later, they are announced again.
      const givenUp = job.attempts >= OUTBOX_MAX_ATTEMPTS;
      await releaseClaimed(db, alertId, claimedIds, { drop: givenUp });
      if (givenUp) logger.warn({ alertId, units: claimedIds.length }, 'listing alert e-mail given up; its units were dropped');
      throw error;
    }
    await db.transaction(async (tx) => {
      await tx
        .update(listingAlert)
        .set({ lastNotifiedAt: sql`now()` })
        .where(eq(listingAlert.id, alertId));
      await markDone(tx);
    });
  },
};
