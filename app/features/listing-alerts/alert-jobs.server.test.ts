/**
 * Listing alerts that send (decision 018): which alerts a unit matches (each criterion,
 * and exactly what /properties would show for the alert's search), once per unit per alert,
 * nothing for an alert unsubscribed before the send, the daily digest, e-mails through a real
 * SMTP round trip (language, links, List-Unsubscribe), the portfolio's wiring, and bounded work
 * for a bulk announcement.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUsd } from '~/lib/format';
import type { Db } from '~/server/db/client.server';
import { building, listingAlert, listingAlertDelivery, outbox, property, user } from '~/server/db/schema';
import { logger } from '~/server/logger.server';
import { createMailer, type Mailer } from '~/server/mail/mailer.server';
import { enqueueOutbox, nextRunOf, OUTBOX_MAX_ATTEMPTS, processOutboxBatch } from '~/server/outbox/outbox.server';
import { findListings } from '~/features/listings/listings.server';
import { bulkUpdateUnits } from '~/features/portfolio/units.server';
import { answerOf } from '../../../tests/setup/action-result';
import { createBuilding, createProperty, viewerOf } from '../../../tests/setup/factories';
import { startSmtpSink, type SmtpSink } from '../../../tests/setup/smtp';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { action as subscriptionsAction, loader as subscriptionsLoader } from '~/routes/public/subscriptions';
import {
  ALERT_DIGEST_SCHEDULE,
  ALERT_JOB_TOPICS,
  ANNOUNCE_BATCH_MAX,
  enqueueListingAnnouncement,
  listingAlertJobHandlers,
  recordAlertDeliveries,
} from './alert-jobs.server';
import { ALERT_MAIL_UNITS_SHOWN } from './alert-mail.server';
import { findMatchingAlerts } from './alert-matching.server';
import type { AlertCriteria } from './listing-alerts.schemas';
import { createAlertToken, unsubscribeListingAlert } from './listing-alerts.server';

let database: TestDatabase;
let db: Db;
let sink: SmtpSink;
let mailer: Mailer;
const quiet = logger.child({}, { level: 'silent' });
const publicUrl = 'http://dimora.test';
let seq = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  sink = await startSmtpSink();
  mailer = createMailer({ db, logger: quiet, from: 'Dimora <no-reply@dimora.test>', smtpUrl: sink.url });
});

afterAll(async () => {
  mailer.close();
  await sink.close();
  await database.close();
});

/** A confirmed alert (or one in `status`), as if subscribed and confirmed through /subscriptions. */
async function alertFor(
  criteria: AlertCriteria,
  options: { frequency?: 'immediate' | 'daily'; locale?: 'en' | 'it'; status?: 'pending' | 'confirmed' | 'unsubscribed' } = {},
) {
  seq += 1;
  const [row] = await db
    .insert(listingAlert)
    .values({
      email: `alert${seq}@subscriber.test`,
      criteria,
      locale: options.locale ?? 'en',
      frequency: options.frequency ?? 'immediate',
      status: options.status ?? 'confirmed',
      confirmToken: createAlertToken(),
      unsubscribeToken: createAlertToken(),
      confirmedAt: new Date(),
    })
    .returning();
  return row!;
}

/** Announces units as the portfolio does: in a transaction of their own. */
async function announce(ids: readonly number[]) {
  await db.transaction((tx) => enqueueListingAnnouncement(tx, ids));
}

/** Runs due jobs until none is left; answers how many ran. Fails the test on a failing job. */
async function runJobs(): Promise<number> {
  let total = 0;
  for (;;) {
    const { processed, failed } = await processOutboxBatch({
      db,
      mailer,
      logger: quiet,
      publicUrl,
      handlers: listingAlertJobHandlers,
      limit: 50,
    });
    expect(failed).toBe(0);
    total += processed;
    if (processed === 0) return total;
  }
}

/** The e-mails the sink received for `to` so far. */
function mailsTo(to: string): ParsedMail[] {
  return sink.messages.filter((mail) => {
    const list = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    return list.some((entry) => entry.value.some((address) => address.address?.toLowerCase() === to.toLowerCase()));
  });
}

async function deliveriesOf(alertId: number) {
  return db
    .select()
    .from(listingAlertDelivery)
    .where(eq(listingAlertDelivery.alertId, alertId))
    .orderBy(asc(listingAlertDelivery.propertyId));
}

/** Runs the daily digest as the 07:00 schedule would. */
async function runDigest(scheduledFor: string) {
  await enqueueOutbox(db, [{ topic: ALERT_JOB_TOPICS.digest, payload: { scheduledFor }, dedupeKey: `schedule:test:${scheduledFor}` }]);
  await runJobs();
}

describe('which alerts a unit matches', () => {
  it('each criterion: capacity is a minimum, the price range is inclusive, unlisted or unavailable units never match', async () => {
    const home = await createBuilding(db, { city: 'Capacityville', state: 'OR', zipCode: '97201' });
    const unit = (overrides: Partial<typeof property.$inferInsert>) =>
      createProperty(db, { buildingId: home.id, city: 'Capacityville', state: 'OR', ...overrides });
    const three = await unit({ maxOccupants: 3, price: 1500 });
    const two = await unit({ maxOccupants: 2, price: 1500 });
    const atMin = await unit({ price: 1000 });
    const atMax = await unit({ price: 2000 });
    const below = await unit({ price: 999 });
    const above = await unit({ price: 2001 });
    const unlisted = await unit({ price: 1500, maxOccupants: 4, listed: false });
    const leased = await unit({ price: 1500, maxOccupants: 4, status: 'leased' });

    const capacity = await alertFor({ location: 'Capacityville', capacity: 3 });
    const range = await alertFor({ location: 'Capacityville', minPrice: 1000, maxPrice: 2000 });
    const from = await alertFor({ location: 'Capacityville', minPrice: 2000 });
    const upTo = await alertFor({ location: 'Capacityville', maxPrice: 999 });
    const pending = await alertFor({ location: 'Capacityville' }, { status: 'pending' });
    const gone = await alertFor({ location: 'Capacityville' }, { status: 'unsubscribed' });

    const ids = [three, two, atMin, atMax, below, above, unlisted, leased].map((row) => row.id);
    const matches = await findMatchingAlerts(db, ids);
    const of = (alertId: number) => matches.filter((match) => match.alertId === alertId).map((match) => match.propertyId);
    expect(of(capacity.id)).toEqual([three.id]);
    expect(of(range.id)).toEqual([three.id, two.id, atMin.id, atMax.id].sort((a, b) => a - b));
    expect(of(from.id)).toEqual([atMax.id, above.id]);
    expect(of(upTo.id)).toEqual([below.id]);
    expect(of(pending.id)).toEqual([]);
    expect(of(gone.id)).toEqual([]);
    expect(matches.some((match) => match.propertyId === unlisted.id || match.propertyId === leased.id)).toBe(false);
  });

  it('location: a state code or name, a city, "City, ST" and "City, State"; another state or an unknown one does not match', async () => {
    const vermont = await createBuilding(db, { city: 'Burlingtown', state: 'VT', zipCode: '05401' });
    const maine = await createBuilding(db, { city: 'Burlingtown', state: 'ME', zipCode: '04101' });
    const inVermont = await createProperty(db, { buildingId: vermont.id, city: 'Burlingtown', state: 'VT', price: 1234 });
    const inMaine = await createProperty(db, { buildingId: maine.id, city: 'Burlingtown', state: 'ME', price: 1234 });
    const elsewhere = await createProperty(db, { buildingId: vermont.id, city: 'Montpeliertown', state: 'VT', price: 1234 });
    const expected: Record<string, number[]> = {
      VT: [inVermont.id, elsewhere.id],
      vt: [inVermont.id, elsewhere.id],
      Vermont: [inVermont.id, elsewhere.id],
      burlingtown: [inVermont.id, inMaine.id],
      'Burlingtown, VT': [inVermont.id],
      'Burlingtown,vermont': [inVermont.id],
      'Burlingtown, ME': [inMaine.id],
      'Burlingtown, NH': [],
      'Burlingtown, Atlantis': [],
      'Burlingtown,': [],
      Atlantis: [],
    };
    const alerts = new Map<string, number>();
    for (const location of Object.keys(expected)) alerts.set(location, (await alertFor({ location, minPrice: 1234, maxPrice: 1234 })).id);
    const matches = await findMatchingAlerts(db, [inVermont.id, inMaine.id, elsewhere.id]);
    for (const [location, ids] of Object.entries(expected)) {
      const got = matches.filter((match) => match.alertId === alerts.get(location)).map((match) => match.propertyId);
      expect(got, location).toEqual([...ids].sort((a, b) => a - b));
    }
    await db
      .update(listingAlert)
      .set({ status: 'unsubscribed' })
      .where(sql`${listingAlert.criteria} ->> 'minPrice' = '1234'`);
  });

  it('an alert matches exactly the units the listing search shows for its criteria (available only)', async () => {
    const austin = await createBuilding(db, { city: 'Equaltown', state: 'TX', zipCode: '78701' });
    const dallas = await createBuilding(db, { city: 'Otherburg', state: 'TX', zipCode: '75201' });
    const units = [];
    for (const [home, city, price, maxOccupants, status] of [
      [austin, 'Equaltown', 3100, 1, 'available'],
      [austin, 'Equaltown', 3200, 2, 'available'],
      [austin, 'Equaltown', 3300, 4, 'available'],
      [austin, 'Equaltown', 3400, 4, 'maintenance'],
      [dallas, 'Otherburg', 3150, 3, 'available'],
      [dallas, 'Otherburg', 3250, 2, 'available'],
    ] as const) {
      units.push(await createProperty(db, { buildingId: home.id, city, state: 'TX', price, maxOccupants, status }));
    }
    const ids = units.map((unit) => unit.id);
    const searches: AlertCriteria[] = [
      { minPrice: 3100, maxPrice: 3400 },
      { location: 'TX', minPrice: 3100, maxPrice: 3400, capacity: 2 },
      { location: 'Texas', minPrice: 3150, maxPrice: 3300 },
      { location: 'equaltown', minPrice: 3100, maxPrice: 3400 },
      { location: 'Equaltown, TX', minPrice: 3100, maxPrice: 3400, capacity: 3 },
      { location: 'Otherburg, Texas', minPrice: 3100, maxPrice: 3400 },
      { location: 'Equaltown, CA', minPrice: 3100, maxPrice: 3400 },
      { location: 'Otherburg', minPrice: 3200, maxPrice: 3100 },
    ];
    const alerts: { id: number }[] = [];
    for (const criteria of searches) alerts.push(await alertFor(criteria));
    const matches = await findMatchingAlerts(db, ids);
    for (const [index, criteria] of searches.entries()) {
      const listing = await findListings({
        db,
        lang: 'en',
        availableOnly: true,
        pageSize: 100,
        query: { ...criteria, sort: 'newest', page: 1 },
      });
      const shown = listing.items
        .map((item) => item.id)
        .filter((id) => ids.includes(id))
        .sort((a, b) => a - b);
      const matched = matches.filter((match) => match.alertId === alerts[index]!.id).map((match) => match.propertyId);
      expect(matched, JSON.stringify(criteria)).toEqual(shown);
    }
    await db
      .update(listingAlert)
      .set({ status: 'unsubscribed' })
      .where(
        inArray(
          listingAlert.id,
          alerts.map((alert) => alert.id),
        ),
      );
  });
});

describe('sending alerts', () => {
  it('units listed together reach an immediate alert in one e-mail in its language, with links and List-Unsubscribe', async () => {
    const home = await createBuilding(db, { city: 'Sendville', state: 'CO', zipCode: '80202' });
    const first = await createProperty(db, {
      buildingId: home.id,
      city: 'Sendville',
      state: 'CO',
      price: 2100,
      bedrooms: 2,
      title: 'Garden flat',
      titleIt: 'Appartamento con giardino',
    });
    const second = await createProperty(db, {
      buildingId: home.id,
      city: 'Sendville',
      state: 'CO',
      price: 1900,
      bedrooms: 0,
      title: 'Tiny studio',
      titleIt: null,
    });
    const alert = await alertFor({ location: 'Sendville, CO', capacity: 2 }, { locale: 'it' });
    await announce([first.id, second.id]);
    await runJobs();

    const mails = mailsTo(alert.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('2 nuove case per il tuo avviso Dimora');
    expect(mail.text).toContain('2 nuove case corrispondono al tuo avviso (Sendville, CO · 2+ persone)');
    // Cheapest first, each with its city, rent, rooms and public page.
    expect(mail.text!.indexOf('Tiny studio')).toBeLessThan(mail.text!.indexOf('Appartamento con giardino'));
    expect(mail.text).toContain('Monolocale');
    expect(mail.text).toContain('2 camere da letto');
    expect(mail.text).toContain(`Sendville, CO · ${formatUsd(2100, 'it')} al mese · 2 camere da letto`);
    expect(mail.text).toContain(`${publicUrl}/property/${first.id}`);
    expect(mail.text).toContain(`${publicUrl}/property/${second.id}`);
    const unsubscribeUrl = `${publicUrl}/subscriptions?unsubscribe=${alert.unsubscribeToken}`;
    expect(mail.text).toContain(`Interrompi questo avviso: ${unsubscribeUrl}`);
    // mailparser gathers List-* headers under `list`.
    expect(mail.headers.get('list')).toEqual({
      unsubscribe: expect.objectContaining({ url: unsubscribeUrl }),
      'unsubscribe-post': expect.objectContaining({ name: 'List-Unsubscribe=One-Click' }),
    });

    const rows = await deliveriesOf(alert.id);
    expect(rows.map((row) => row.propertyId)).toEqual([first.id, second.id].sort((a, b) => a - b));
    expect(rows.every((row) => row.sentAt !== null)).toBe(true);
    const [after] = await db.select().from(listingAlert).where(eq(listingAlert.id, alert.id));
    expect(after?.lastNotifiedAt).toBeInstanceOf(Date);

    // The link in the e-mail stops the alert.
    const token = new URL(unsubscribeUrl).searchParams.get('unsubscribe');
    expect(await unsubscribeListingAlert({ db, token })).toMatchObject({ outcome: 'done' });
    const [stopped] = await db.select().from(listingAlert).where(eq(listingAlert.id, alert.id));
    expect(stopped?.status).toBe('unsubscribed');
  });

  it('the same unit announced twice and the jobs run twice: one delivery and one e-mail', async () => {
    const home = await createBuilding(db, { city: 'Onceville', state: 'NV', zipCode: '89501' });
    const unit = await createProperty(db, { buildingId: home.id, city: 'Onceville', state: 'NV', price: 1750 });
    const alert = await alertFor({ location: 'Onceville' });
    await announce([unit.id]);
    await announce([unit.id]);
    await runJobs();
    await announce([unit.id]);
    await runJobs();
    await runJobs();
    expect(mailsTo(alert.email)).toHaveLength(1);
    expect(await deliveriesOf(alert.id)).toHaveLength(1);
  });

  it('a unit listed again more than a week after its alert e-mail is announced again; within the week it is not', async () => {
    const home = await createBuilding(db, { city: 'Againville', state: 'NM', zipCode: '87501' });
    const unit = await createProperty(db, { buildingId: home.id, city: 'Againville', state: 'NM', price: 1450 });
    const alert = await alertFor({ location: 'Againville' });
    await announce([unit.id]);
    await runJobs();
    expect(mailsTo(alert.email)).toHaveLength(1);
    // Leased and listed again two days later: the subscriber heard of it two days ago.
    await db
      .update(listingAlertDelivery)
      .set({ sentAt: sql`now() - interval '2 days'` })
      .where(eq(listingAlertDelivery.alertId, alert.id));
    await announce([unit.id]);
    await runJobs();
    expect(mailsTo(alert.email)).toHaveLength(1);
    // A month later: a new listing for them.
    await db
      .update(listingAlertDelivery)
      .set({ sentAt: sql`now() - interval '30 days'` })
      .where(eq(listingAlertDelivery.alertId, alert.id));
    await announce([unit.id]);
    await runJobs();
    expect(mailsTo(alert.email)).toHaveLength(2);
    expect((await deliveriesOf(alert.id)).map((row) => row.sentAt !== null)).toEqual([true]);
  });

  it('two e-mail jobs for one alert on two instances send its units once: the second, running during the first’s send, finds them claimed', async () => {
    const home = await createBuilding(db, { city: 'Twiceville', state: 'ND', zipCode: '58102' });
    const unit = await createProperty(db, { buildingId: home.id, city: 'Twiceville', state: 'ND', price: 1300 });
    const alert = await alertFor({ location: 'Twiceville' });
    await db.transaction((tx) => recordAlertDeliveries(tx, [unit.id]));
    const handler = listingAlertJobHandlers[ALERT_JOB_TOPICS.mail]!;
    const job = (id: number) => ({ id, topic: ALERT_JOB_TOPICS.mail, payload: { alertId: alert.id, digest: false }, attempts: 1 });
    const sent: string[] = [];
    const second = { send: async (mail: { subject: string }) => void sent.push(`second: ${mail.subject}`) } as unknown as Mailer;
    // The first instance's SMTP hand-off is slow: the other instance runs its job meanwhile.
    const first = {
      send: async (mail: { subject: string }) => {
        await handler(job(2), { db, mailer: second, logger: quiet, publicUrl, markDone: async () => undefined });
        sent.push(`first: ${mail.subject}`);
      },
    } as unknown as Mailer;
    await handler(job(1), { db, mailer: first, logger: quiet, publicUrl, markDone: async () => undefined });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^first: /);
  });

  it('a failed send puts the units back for the retry; when the job gives up they are dropped, not retried by every digest', async () => {
    const home = await createBuilding(db, { city: 'Bounceville', state: 'WY', zipCode: '82001' });
    const unit = await createProperty(db, { buildingId: home.id, city: 'Bounceville', state: 'WY', price: 1250 });
    const alert = await alertFor({ location: 'Bounceville' });
    await db.transaction((tx) => recordAlertDeliveries(tx, [unit.id]));
    const broken = { send: async () => Promise.reject(new Error('550 mailbox unavailable')) } as unknown as Mailer;
    const handler = listingAlertJobHandlers[ALERT_JOB_TOPICS.mail]!;
    const context = { db, mailer: broken, logger: quiet, publicUrl, markDone: async () => undefined };
    const job = (attempts: number) => ({ id: 1, topic: ALERT_JOB_TOPICS.mail, payload: { alertId: alert.id, digest: false }, attempts });
    await expect(handler(job(1), context)).rejects.toThrow('550');
    expect((await deliveriesOf(alert.id)).map((row) => row.sentAt)).toEqual([null]);
    await expect(handler(job(OUTBOX_MAX_ATTEMPTS), context)).rejects.toThrow('550');
    expect(await deliveriesOf(alert.id)).toEqual([]);
    await runDigest('2031-05-04T07:00:00.000Z');
    expect(mailsTo(alert.email)).toHaveLength(0);
  });

  it('an alert unsubscribed between the match and the send gets no e-mail, and its waiting units are dropped', async () => {
    const home = await createBuilding(db, { city: 'Quitville', state: 'UT', zipCode: '84101' });
    const unit = await createProperty(db, { buildingId: home.id, city: 'Quitville', state: 'UT', price: 1650 });
    const alert = await alertFor({ location: 'Quitville, UT' });
    await announce([unit.id]);
    // Only the match job runs: the e-mail job is queued.
    const [match] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, ALERT_JOB_TOPICS.match), isNull(outbox.processedAt)));
    expect(match).toBeDefined();
    await processOutboxBatch({ db, mailer, logger: quiet, publicUrl, handlers: listingAlertJobHandlers, limit: 1 });
    const queued = await db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.topic, ALERT_JOB_TOPICS.mail),
          isNull(outbox.processedAt),
          sql`${outbox.payload} ->> 'alertId' = ${String(alert.id)}`,
        ),
      );
    expect(queued).toHaveLength(1);
    expect(await deliveriesOf(alert.id)).toHaveLength(1);

    await unsubscribeListingAlert({ db, token: alert.unsubscribeToken });
    await runJobs();
    expect(mailsTo(alert.email)).toHaveLength(0);
    expect(await deliveriesOf(alert.id)).toHaveLength(0);
  });

  it('a unit leased before the e-mail job runs is left out (and may be announced when it is available again)', async () => {
    const home = await createBuilding(db, { city: 'Leaseville', state: 'ID', zipCode: '83702' });
    const unit = await createProperty(db, { buildingId: home.id, city: 'Leaseville', state: 'ID', price: 1450 });
    const alert = await alertFor({ location: 'Leaseville' });
    await announce([unit.id]);
    await processOutboxBatch({ db, mailer, logger: quiet, publicUrl, handlers: listingAlertJobHandlers, limit: 1 });
    await db.update(property).set({ status: 'leased' }).where(eq(property.id, unit.id));
    await runJobs();
    expect(mailsTo(alert.email)).toHaveLength(0);
    expect(await deliveriesOf(alert.id)).toHaveLength(0);

    await db.update(property).set({ status: 'available' }).where(eq(property.id, unit.id));
    await announce([unit.id]);
    await runJobs();
    expect(mailsTo(alert.email)).toHaveLength(1);
  });

  it('a matching job interrupted after some slices (a crash) sends everything, once, when it runs again', async () => {
    const home = await createBuilding(db, { city: 'Crashville', state: 'KS', zipCode: '66101' });
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push((await createProperty(db, { buildingId: home.id, city: 'Crashville', state: 'KS', price: 1400 + i })).id);
    const alert = await alertFor({ location: 'Crashville' });
    await announce(ids);
    // The first slice committed, then the process died: its rows exist, the job is still due.
    await db.transaction((tx) => recordAlertDeliveries(tx, ids.slice(0, 2)));
    expect(await deliveriesOf(alert.id)).toHaveLength(2);
    await runJobs();
    const mails = mailsTo(alert.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('3 new homes for your Dimora alert');
    expect((await deliveriesOf(alert.id)).every((row) => row.sentAt !== null)).toBe(true);
  });

  it('a daily alert waits for the digest, which sends every waiting unit in one e-mail, once', async () => {
    const home = await createBuilding(db, { city: 'Digestville', state: 'NM', zipCode: '87501' });
    const units = [];
    for (const price of [1300, 1100, 1200])
      units.push(await createProperty(db, { buildingId: home.id, city: 'Digestville', state: 'NM', price, title: `Digest home ${price}` }));
    const daily = await alertFor({ location: 'Digestville' }, { frequency: 'daily' });
    const immediate = await alertFor({ location: 'Digestville', maxPrice: 1150 });
    for (const unit of units) await announce([unit.id]);
    await runJobs();
    expect(mailsTo(daily.email)).toHaveLength(0);
    expect((await deliveriesOf(daily.id)).map((row) => row.sentAt)).toEqual([null, null, null]);
    expect(mailsTo(immediate.email)).toHaveLength(1);

    await runDigest('2031-05-02T07:00:00.000Z');
    const mails = mailsTo(daily.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your daily Dimora listing alert: 3 new homes');
    expect(mails[0]!.text).toContain('New homes since yesterday that match your listing alert (Digestville):');
    const order = ['Digest home 1100', 'Digest home 1200', 'Digest home 1300'].map((title) => mails[0]!.text!.indexOf(title));
    expect(order.every((index, i) => index > 0 && (i === 0 || index > order[i - 1]!))).toBe(true);
    expect((await deliveriesOf(daily.id)).every((row) => row.sentAt !== null)).toBe(true);
    // The immediate alert's e-mail was sent already: the digest adds nothing for it.
    expect(mailsTo(immediate.email)).toHaveLength(1);

    await runDigest('2031-05-03T07:00:00.000Z');
    expect(mailsTo(daily.email)).toHaveLength(1);
  });

  it('the digest runs every day at 07:00 UTC and is one of the job schedules', async () => {
    expect(nextRunOf(ALERT_DIGEST_SCHEDULE.cron, new Date('2031-05-02T06:59:00Z')).toISOString()).toBe('2031-05-02T07:00:00.000Z');
    expect(nextRunOf(ALERT_DIGEST_SCHEDULE.cron, new Date('2031-05-02T07:00:00Z')).toISOString()).toBe('2031-05-03T07:00:00.000Z');
    const { jobSchedules, jobHandlers } = await import('../../../server/jobs');
    expect(jobSchedules).toContainEqual(ALERT_DIGEST_SCHEDULE);
    for (const topic of Object.values(ALERT_JOB_TOPICS)) expect(jobHandlers[topic], topic).toBeTypeOf('function');
  });
});

describe('announcing units', () => {
  it('publishing units in the back office enqueues their matching job in the same transaction', async () => {
    const adminId = crypto.randomUUID();
    await db
      .insert(user)
      .values({ id: adminId, name: 'Alert Admin', email: `${adminId.slice(0, 8)}@admin.test`, role: 'admin', emailVerified: true });
    const admin = viewerOf({ id: adminId, email: `${adminId.slice(0, 8)}@admin.test`, role: 'admin' });
    const home = await createBuilding(db, { city: 'Publishville', state: 'WA', zipCode: '98101' });
    const unit = await createProperty(db, { buildingId: home.id, city: 'Publishville', state: 'WA', price: 2250, listed: false });
    const alert = await alertFor({ location: 'Publishville, WA' });
    const outcome = await bulkUpdateUnits({
      db,
      actor: admin,
      origin: { ip: '127.0.0.1', userAgent: 'test' },
      buildingId: home.id,
      unitIds: [unit.id],
      command: { intent: 'publish' },
    });
    expect(outcome).toEqual({ ok: true, changed: 1 });
    const jobs = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, ALERT_JOB_TOPICS.match), isNull(outbox.processedAt)));
    expect(jobs.map((job) => job.payload)).toEqual([{ propertyIds: [unit.id], moment: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    await runJobs();
    const [mail] = mailsTo(alert.email);
    expect(mail?.subject).toBe(`New home for your Dimora alert: ${unit.title}`);
  });

  it('a bulk announcement of many units makes bounded work: one matching job per 5,000 units, one e-mail per alert', async () => {
    const home = await createBuilding(db, { city: 'Bulkville', state: 'GA', zipCode: '30301' });
    const rows = Array.from({ length: 5_000 }, (_, i) => ({
      buildingId: home.id,
      unitNumber: `B${i + 1}`,
      title: `Bulk home ${i + 1}`,
      description: 'Imported.',
      price: 1_000 + (i % 1_000),
      address: `${i + 1} Bulk Street`,
      city: 'Bulkville',
      state: 'GA',
      zipCode: '30301',
      bedrooms: 1,
      bathrooms: 1,
      squareFeet: 600,
      propertyType: 'apartment',
      maxOccupants: 1 + (i % 4),
    }));
    const ids: number[] = [];
    for (let from = 0; from < rows.length; from += 1_000) {
      const inserted = await db
        .insert(property)
        .values(rows.slice(from, from + 1_000))
        .returning({ id: property.id });
      ids.push(...inserted.map((row) => row.id));
    }
    const broad = await alertFor({ location: 'Bulkville' });
    const narrow = await alertFor({ location: 'Bulkville, GA', minPrice: 1_990, capacity: 4 });
    const daily = await alertFor({ location: 'GA', maxPrice: 1_004 }, { frequency: 'daily' });
    const none = await alertFor({ location: 'Bulkville', minPrice: 50_000 });

    const before = await db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    await announce(ids);
    const matchJobs = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, ALERT_JOB_TOPICS.match), isNull(outbox.processedAt)));
    expect(matchJobs).toHaveLength(1);
    await runJobs();
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    // The matching job and one e-mail job per immediate alert that matched: nothing per unit.
    expect(after[0]!.n - before[0]!.n).toBe(3);

    expect(await deliveriesOf(broad.id)).toHaveLength(5_000);
    expect(await deliveriesOf(narrow.id)).toHaveLength(15); // rent 1,990–1,999 and 4 occupants: i % 1000 ∈ {991, 995, 999}, five times
    expect(await deliveriesOf(daily.id)).toHaveLength(25);
    expect(await deliveriesOf(none.id)).toHaveLength(0);
    const [broadMail, ...more] = mailsTo(broad.email);
    expect(more).toHaveLength(0);
    expect(broadMail!.subject).toBe('5000 new homes for your Dimora alert');
    expect(broadMail!.text!.match(/\/property\/\d+/g)).toHaveLength(ALERT_MAIL_UNITS_SHOWN);
    expect(broadMail!.text).toContain(
      `…and ${5_000 - ALERT_MAIL_UNITS_SHOWN} more. See them all: ${publicUrl}/properties?location=Bulkville`,
    );
    expect(mailsTo(narrow.email)).toHaveLength(1);
    expect(mailsTo(daily.email)).toHaveLength(0);
    expect(mailsTo(none.email)).toHaveLength(0);

    // A bigger announcement is split into jobs of at most 5,000 units.
    await db.transaction((tx) =>
      enqueueListingAnnouncement(
        tx,
        Array.from({ length: 12_000 }, (_, i) => 10_000_000 + i),
      ),
    );
    const split = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, ALERT_JOB_TOPICS.match), isNull(outbox.processedAt)))
      .orderBy(asc(outbox.id));
    expect(split.map((job) => (job.payload as { propertyIds: number[] }).propertyIds.length)).toEqual([
      ANNOUNCE_BATCH_MAX,
      ANNOUNCE_BATCH_MAX,
      2_000,
    ]);
    await runJobs();
    await db
      .update(listingAlert)
      .set({ status: 'unsubscribed' })
      .where(inArray(listingAlert.id, [broad.id, narrow.id, daily.id, none.id]));
    await db.delete(property).where(eq(property.buildingId, home.id));
    await db.delete(building).where(eq(building.id, home.id));
  }, 60_000);
});

describe('the subscription form', () => {
  function post(fields: Record<string, string>, headers: Record<string, string> = {}, search = '') {
    const request = new Request(`http://dimora.test/subscriptions${search}`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers,
    });
    return subscriptionsAction({ request, params: {}, context: testContext(database) } as unknown as Parameters<
      typeof subscriptionsAction
    >[0]);
  }

  it('saves the chosen frequency (a daily digest) and refuses an unknown one with a translated message', async () => {
    const saved = answerOf(await post({ email: 'digest.fan@example.test', location: 'Austin', frequency: 'daily' }));
    expect(saved).toMatchObject({ status: 200, body: { ok: true, state: 'pending' } });
    const [row] = await db.select().from(listingAlert).where(eq(listingAlert.email, 'digest.fan@example.test'));
    expect(row?.frequency).toBe('daily');
    const plain = answerOf(await post({ email: 'no.choice@example.test', location: 'Austin' }));
    expect(plain.status).toBe(200);
    const [defaulted] = await db.select().from(listingAlert).where(eq(listingAlert.email, 'no.choice@example.test'));
    expect(defaulted?.frequency).toBe('immediate');

    const refused = answerOf(await post({ email: 'odd@example.test', frequency: 'hourly' }, { Cookie: 'language=it' }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ frequency: 'Scegli ogni quanto scriverti' });
    // Subscribing the same search again changes the frequency.
    await post({ email: 'digest.fan@example.test', location: 'Austin', frequency: 'immediate' });
    const [changed] = await db.select().from(listingAlert).where(eq(listingAlert.email, 'digest.fan@example.test'));
    expect(changed?.frequency).toBe('immediate');
  });

  it('an unsubscribe link only asks (mail scanners open links); the page’s button or a one-click POST stops the alert', async () => {
    const alert = await alertFor({ location: 'Scannerville' });
    const opened = (await subscriptionsLoader({
      request: new Request(`http://dimora.test/subscriptions?unsubscribe=${alert.unsubscribeToken}`),
      params: {},
      context: testContext(database),
    } as unknown as Parameters<typeof subscriptionsLoader>[0])) as { notice: { outcome: string; token?: string } };
    expect(opened.notice).toMatchObject({ outcome: 'ask', token: alert.unsubscribeToken });
    const statusOf = async (id: number) =>
      (await db.select({ status: listingAlert.status }).from(listingAlert).where(eq(listingAlert.id, id)))[0]?.status;
    expect(await statusOf(alert.id)).toBe('confirmed');

    const button = (await post({ intent: 'unsubscribe', token: alert.unsubscribeToken })) as Response;
    expect([button.status, button.headers.get('location')]).toEqual([303, '/subscriptions?unsubscribed=done']);
    expect(await statusOf(alert.id)).toBe('unsubscribed');

    const other = await alertFor({ location: 'Scannerville' });
    const oneClick = (await post({ 'List-Unsubscribe': 'One-Click' }, {}, `?unsubscribe=${other.unsubscribeToken}`)) as Response;
    expect(oneClick.status).toBe(303);
    expect(await statusOf(other.id)).toBe('unsubscribed');

    const unknown = (await post({ intent: 'unsubscribe', token: createAlertToken() })) as Response;
    expect(unknown.headers.get('location')).toBe('/subscriptions?unsubscribed=unknown');
  });
});
