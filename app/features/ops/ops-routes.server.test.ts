/**
 * /admin/system and /admin/database through their route modules with real sessions (decision
 * 019): what the pages show (never a secret), the answers of the actions (data
 * for an enhanced post, 303 for a plain one, 422 with translated field errors, 400, 404, 409,
 * 429, 502), audit entries for every change, the test e-mail over a real SMTP peer, the outbox
 * retry, and the backup download (admins only, an attachment with a valid manifest).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFeeSettings } from '~/features/booking/fee-settings.server';
import { loader as rootLoader } from '~/root';
import * as backupRoute from '~/routes/admin/database.backup';
import * as databaseRoute from '~/routes/admin/database';
import * as systemRoute from '~/routes/admin/system';
import { loader as contactLoader } from '~/routes/public/contact';
import { APP_VERSION } from '~/server/app-info.server';
import { KNOWN_MIGRATIONS } from '~/server/db/migrations-info.server';
import { auditLog, jobSchedule, mailMessage, outbox, property, rateLimit, setting } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { OUTBOX_MAX_ATTEMPTS } from '~/server/outbox/outbox.server';
import { LATE_FEE_RULE_SETTINGS, SETTINGS, companyLateFeeRule } from '~/server/settings/settings-registry.server';
import { readSettings } from '~/server/settings/settings.server';
import { createS3Storage } from '~/server/uploads/s3-storage.server';
import { answerOf, settle } from '../../../tests/setup/action-result';
import { createProperty, viewerOf } from '../../../tests/setup/factories';
import { startSmtpSink, type SmtpSink } from '../../../tests/setup/smtp';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { backupDownloadResponse } from './backup-download.page.server';
import { createSignedInUser } from '../../../tests/setup/sign-in';
import { startS3Server } from '../../../tests/setup/s3';

let database: TestDatabase;
let context: DimoraLoadContext;
let sink: SmtpSink;
const cookies = new Map<string, string>();
const ids = new Map<string, string>();

async function signedIn(key: string, role: 'admin' | 'property_manager' | 'tenant') {
  const user = await createSignedInUser(context, { email: `${key}@ops-routes.test`, role, name: `Ops ${key}` });
  cookies.set(key, user.cookie);
  ids.set(key, user.id);
}

function request(who: string | null, pathname: string, init: RequestInit & { lang?: 'it' } = {}): Request {
  const headers = new Headers(init.headers);
  const cookie = [who ? cookies.get(who) : null, init.lang ? `language=${init.lang}` : null].filter(Boolean).join('; ');
  if (cookie) headers.set('cookie', cookie);
  return new Request(`http://dimora.test${pathname}`, { ...init, headers });
}

const post = (who: string | null, pathname: string, fields: Record<string, string>, extra: Record<string, string> = {}, lang?: 'it') =>
  request(who, pathname, { method: 'POST', body: new URLSearchParams(fields), headers: extra, lang });

type Args = { request: Request; params: Record<string, string>; context: DimoraLoadContext };
const run = (fn: unknown, req: Request, ctx: DimoraLoadContext = context) =>
  settle(() => (fn as (args: Args) => unknown)({ request: req, params: {}, context: ctx }));

/** The admin posts `fields` to /admin/system (with `headers`, in Italian with `lang`); answers its action's answer (`answerOf`). */
async function postSystemSettings(
  fields: Record<string, string>,
  { headers = {}, lang }: { headers?: Record<string, string>; lang?: 'it' } = {},
) {
  return answerOf(await run(systemRoute.action, post('admin', '/admin/system', fields, headers, lang)));
}

async function auditsOf(action: string) {
  return database.db
    .select({ values: auditLog.newValues, userId: auditLog.userId })
    .from(auditLog)
    .where(eq(auditLog.action, action as never))
    .orderBy(auditLog.id);
}

beforeAll(async () => {
  database = await createTestDatabase();
  context = testContext(database);
  sink = await startSmtpSink();
  await signedIn('admin', 'admin');
  await signedIn('manager', 'property_manager');
  await signedIn('tenant', 'tenant');
  await database.db.insert(setting).values({ key: 'auth.secret', value: 'never-shown-secret-value' }).onConflictDoNothing();
});

afterAll(async () => {
  await sink?.close();
  await database.close();
});

const LATE_FEE_SETTINGS = LATE_FEE_RULE_SETTINGS;

describe('/admin/system', () => {
  it('shows the settings and the facts of this server, and nothing secret', async () => {
    const page = (await run(systemRoute.loader, request('admin', '/admin/system'))) as Awaited<ReturnType<typeof systemRoute.loader>>;
    expect(page.settings).toMatchObject({
      applicationFeeCents: 5_000,
      depositMonths: 1,
      rentDueDay: 1,
      companyName: 'Dimora',
      monitoringDsn: '',
    });
    expect(page.facts).toMatchObject({
      appVersion: APP_VERSION,
      database: { kind: database.label === 'postgres' ? 'postgres' : 'pglite' },
      mailer: 'mailbox',
      payments: { provider: 'sandbox', testMode: true },
      monitoringHost: null,
    });
    expect(page.facts.uptimeS).toBeGreaterThanOrEqual(0);
    expect(page.adminEmail).toBe('admin@ops-routes.test');
    expect(page.meta.title).toBe('System · Dimora');
    const text = JSON.stringify(page);
    expect(text).not.toContain('never-shown-secret-value');
    expect(text).not.toContain('auth.secret');
    expect(text).not.toMatch(/postgres(ql)?:\/\//);
  });

  it('an admin changes the application fee and deposit: saved, audited, charged at once', async () => {
    const answer = await postSystemSettings({ intent: 'fees', applicationFee: '$75.50', depositMonths: '1,5' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true, intent: 'fees', changed: 2 });
    expect(await readFeeSettings({ db: database.db })).toEqual({ applicationFeeCents: 7_550, depositMonths: 1.5 });
    const audits = await auditsOf('setting_changed');
    expect(audits.slice(-2).map((entry) => entry.values)).toEqual([
      expect.objectContaining({ key: 'booking.application_fee_cents', old: 5_000, new: 7_550 }),
      expect.objectContaining({ key: 'booking.deposit_months', old: 1, new: 1.5 }),
    ]);
    expect(audits.at(-1)?.userId).toBe(ids.get('admin'));

    // A plain browser post is answered with a redirect back to the section.
    const plain = await postSystemSettings(
      { intent: 'fees', applicationFee: '50', depositMonths: '1' },
      { headers: { 'sec-fetch-mode': 'navigate' } },
    );
    expect(plain.status).toBe(303);
    expect(plain.location).toBe('/admin/system?done=fees#fees');
    expect(await readFeeSettings({ db: database.db })).toEqual({ applicationFeeCents: 5_000, depositMonths: 1 });
  });

  it('an admin sets the company’s late-fee rule: a percent of rent with caps, read back as the rule the rent job uses (decision 048)', async () => {
    const form = {
      intent: 'rent',
      rentDueDay: '1',
      rentGraceDays: '4',
      lateFee: '50',
      lateFeeKind: 'percent',
      lateFeePercent: '7,5',
      lateFeeCap: '$150',
      lateFeeCapPercent: '10',
    };
    const answer = await postSystemSettings(form);
    expect(answer.body).toEqual({ ok: true, intent: 'rent', changed: 5 });
    expect(companyLateFeeRule(await readSettings({ db: database.db, names: [...LATE_FEE_SETTINGS] }))).toEqual({
      graceDays: 4,
      kind: 'percent',
      frequency: 'once',
      amountCents: 5_000,
      percent: 7.5,
      capCents: 15_000,
      capPercent: 10,
    });
    await postSystemSettings({
      ...form,
      rentGraceDays: '5',
      lateFeeKind: 'flat',
      lateFeePercent: '5',
      lateFeeCap: '0',
      lateFeeCapPercent: '0',
    });
    expect((await readSettings({ db: database.db, names: [...LATE_FEE_SETTINGS] })).lateFeeKind).toBe('flat');
  });

  it('a daily company rule needs a cap: refused without one (nothing saved), kept with one (decision 051)', async () => {
    const form = {
      intent: 'rent',
      rentDueDay: '1',
      rentGraceDays: '2',
      lateFee: '15',
      lateFeeKind: 'flat',
      lateFeeFrequency: 'daily',
      lateFeePercent: '5',
      lateFeeCap: '0',
      lateFeeCapPercent: '0',
    };
    const before = await readSettings({ db: database.db, names: [...LATE_FEE_SETTINGS] });
    const uncapped = await postSystemSettings(form);
    expect(uncapped.status).toBe(422);
    expect(uncapped.body.errors).toEqual({ lateFeeCap: 'A daily fee needs a cap: enter an amount or a percent of the rent' });
    expect(await readSettings({ db: database.db, names: [...LATE_FEE_SETTINGS] })).toEqual(before);
    const italian = await postSystemSettings(form, { lang: 'it' });
    expect(italian.body.errors).toEqual({
      lateFeeCap: 'Una penale giornaliera richiede un tetto: inserisci un importo o una percentuale del canone',
    });
    expect((await postSystemSettings({ ...form, lateFeeFrequency: 'hourly' })).body.errors).toEqual({
      lateFeeFrequency: 'Choose once a month or each day late',
    });

    expect((await postSystemSettings({ ...form, lateFeeCapPercent: '10' })).status).toBe(200);
    expect(companyLateFeeRule(await readSettings({ db: database.db, names: [...LATE_FEE_SETTINGS] }))).toEqual({
      graceDays: 2,
      kind: 'flat',
      frequency: 'daily',
      amountCents: 1_500,
      percent: 5,
      capCents: 0,
      capPercent: 10,
    });
    // Taking the cap away from the daily rule in force is refused too, though the post does not name the frequency.
    const { lateFeeFrequency: _omitted, ...withoutFrequency } = form;
    expect((await postSystemSettings(withoutFrequency)).body.errors).toEqual({
      lateFeeCap: 'A daily fee needs a cap: enter an amount or a percent of the rent',
    });
    // Back to the rule the other tests expect.
    expect((await postSystemSettings({ ...form, rentGraceDays: '5', lateFee: '50', lateFeeFrequency: 'once' })).status).toBe(200);
  });

  it('a bad value answers 422 with a message per field and the values typed, in the visitor’s language; nothing is saved', async () => {
    const before = await database.db.select().from(setting).orderBy(setting.key);
    const bad = await postSystemSettings({ intent: 'fees', applicationFee: 'fifty', depositMonths: '7' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ applicationFee: 'Enter an amount in dollars, like 50 or 49.99' });
    expect(bad.body.values).toEqual({ applicationFee: 'fifty', depositMonths: '7' });

    const range = await postSystemSettings({ intent: 'fees', applicationFee: '1000.01', depositMonths: '7' });
    expect(range.status).toBe(422);
    expect(range.body.errors).toEqual({ applicationFee: 'Enter an amount from $0.00 to $1,000.00', depositMonths: 'Enter 0 to 6 months' });

    const rent = await postSystemSettings({ intent: 'rent', rentDueDay: '31', rentGraceDays: '', lateFee: '10' }, { lang: 'it' });
    expect(rent.status).toBe(422);
    expect(rent.body.errors).toEqual({ rentGraceDays: 'Campo obbligatorio' });
    const rentRange = await postSystemSettings({ intent: 'rent', rentDueDay: '31', rentGraceDays: '3', lateFee: '10' }, { lang: 'it' });
    expect(rentRange.body.errors).toEqual({ rentDueDay: 'Scegli un giorno da 1 a 28' });
    // The company's late-fee rule (decision 048): kind, percent and caps, checked field by field.
    const rule = await postSystemSettings({
      intent: 'rent',
      rentDueDay: '1',
      rentGraceDays: '5',
      lateFee: '50',
      lateFeeKind: 'weekly',
      lateFeePercent: '60',
      lateFeeCap: '6000',
      lateFeeCapPercent: '12.345',
    });
    expect(rule.status).toBe(422);
    expect(rule.body.errors).toEqual({
      lateFeeKind: 'Choose a flat amount or a percent of the rent',
      lateFeePercent: 'Enter a percent from 0 to 50',
      lateFeeCap: 'Enter an amount from $0.00 to $5,000.00',
      lateFeeCapPercent: 'Use at most two decimals',
    });

    const hours = await postSystemSettings({
      intent: 'contact',
      companyName: 'Dimora',
      contactPhone: 'call us',
      contactEmail: 'hello@dimora.example',
      contactAddress: '',
      weekdaysOpens: '18:00',
      weekdaysCloses: '09:00',
      saturdayOpens: '10:00',
      saturdayCloses: '16:00',
      sundayClosed: 'on',
    });
    expect(hours.status).toBe(422);
    expect(hours.body.errors).toEqual({
      contactPhone: 'Enter a valid phone number (digits, spaces, + ( ) - only)',
      weekdaysCloses: 'The closing time must be after the opening time',
    });

    const dsn = await postSystemSettings({
      intent: 'monitoring',
      monitoringDsn: 'https://public:secret@o1.ingest.sentry.io/42',
      tracesSampleRate: '2',
      replaysSessionSampleRate: '0.1',
      replaysOnErrorSampleRate: '1',
    });
    expect(dsn.status).toBe(422);
    expect(Object.keys(dsn.body.errors).sort()).toEqual(['monitoringDsn', 'tracesSampleRate']);
    expect(await database.db.select().from(setting).orderBy(setting.key)).toEqual(before);
  });

  it('office hours and contact details saved here show on /contact at once; the company name reaches the chrome', async () => {
    const saved = await postSystemSettings({
      intent: 'contact',
      companyName: 'Casa Dimora',
      contactPhone: '+1 512 555 0100',
      contactEmail: 'office@casa.example',
      contactAddress: '100 Congress Ave, Austin, TX',
      weekdaysOpens: '08:30',
      weekdaysCloses: '17:00',
      saturdayClosed: 'on',
      saturdayOpens: '',
      saturdayCloses: '',
      sundayOpens: '11:00',
      sundayCloses: '14:00:00',
    });
    expect(saved.body).toEqual({ ok: true, intent: 'contact', changed: 5 });
    const contact = (await contactLoader({ request: request(null, '/contact'), params: {}, context } as never)) as Awaited<
      ReturnType<typeof contactLoader>
    >;
    expect(contact.contact).toEqual({
      companyName: 'Casa Dimora',
      phone: '+1 512 555 0100',
      email: 'office@casa.example',
      address: '100 Congress Ave, Austin, TX',
      officeHours: { weekdays: { opens: '08:30', closes: '17:00' }, saturday: null, sunday: { opens: '11:00', closes: '14:00' } },
    });
    const root = (await rootLoader({ request: request(null, '/'), params: {}, context } as never)) as Awaited<
      ReturnType<typeof rootLoader>
    >;
    expect(root.site).toEqual({ companyName: 'Casa Dimora' });
    expect(root.monitoring).toBeNull();
  });

  it('a stored DSN reaches the page (public DSN and rates only); an empty one turns monitoring off', async () => {
    const dsn = 'https://abcdef0123456789@o4.ingest.sentry.io/77';
    const fields = {
      intent: 'monitoring',
      monitoringDsn: dsn,
      tracesSampleRate: '0.2',
      replaysSessionSampleRate: '0',
      replaysOnErrorSampleRate: '1',
    };
    expect((await postSystemSettings(fields)).body).toEqual({
      ok: true,
      intent: 'monitoring',
      changed: 3,
    });
    const root = (await rootLoader({ request: request(null, '/'), params: {}, context } as never)) as Awaited<
      ReturnType<typeof rootLoader>
    >;
    expect(root.monitoring).toEqual({ dsn, tracesSampleRate: 0.2, replaysSessionSampleRate: 0, replaysOnErrorSampleRate: 1 });
    expect((await postSystemSettings({ ...fields, monitoringDsn: '' })).body).toMatchObject({
      ok: true,
      changed: 1,
    });
    const after = (await rootLoader({ request: request(null, '/'), params: {}, context } as never)) as Awaited<
      ReturnType<typeof rootLoader>
    >;
    expect(after.monitoring).toBeNull();
  });

  it('sends a test e-mail to the admin through SMTP, signed with the company name, and audits it', async () => {
    const smtpContext = testContext(database, { smtpUrl: sink.url });
    const answer = answerOf(await run(systemRoute.action, post('admin', '/admin/system', { intent: 'test-mail' }), smtpContext));
    expect(answer.body).toEqual({ ok: true, intent: 'test-mail', to: 'admin@ops-routes.test' });
    const mail = await sink.waitFor('admin@ops-routes.test');
    expect(mail.subject).toBe('Test e-mail from Casa Dimora');
    expect(mail.text).toContain('Hello Ops admin,');
    expect(mail.text).toContain('sent through the SMTP server');
    const [audit] = (await auditsOf('test_mail_sent')).slice(-1);
    expect(audit?.values).toMatchObject({ to: 'admin@ops-routes.test', transport: 'smtp', delivered: true });
  });

  it('shows the transport’s error when the mail server refuses (502), and the dev mailbox stores it otherwise', async () => {
    const broken = testContext(database, { smtpUrl: 'smtp://127.0.0.1:1' });
    const failed = answerOf(await run(systemRoute.action, post('admin', '/admin/system', { intent: 'test-mail' }), broken));
    expect(failed.status).toBe(502);
    expect(failed.body.errors.form).toMatch(/^The e-mail could not be sent: .*ECONNREFUSED/);
    const [audit] = (await auditsOf('test_mail_sent')).slice(-1);
    expect(audit?.values).toMatchObject({ transport: 'smtp', delivered: false, error: expect.stringContaining('ECONNREFUSED') });

    const stored = await postSystemSettings({ intent: 'test-mail' }, { lang: 'it' });
    expect(stored.body).toMatchObject({ ok: true });
    const [row] = await database.db.select().from(mailMessage).where(eq(mailMessage.to, 'admin@ops-routes.test')).orderBy(mailMessage.id);
    expect(row?.subject).toBe('E-mail di prova da Casa Dimora');

    // Without JavaScript the browser is sent back to the page, which says it went.
    const plain = await postSystemSettings({ intent: 'test-mail' }, { headers: { 'sec-fetch-mode': 'navigate' } });
    expect(plain).toMatchObject({ status: 303, location: '/admin/system?done=test-mail#test-mail' });
    const page = (await run(systemRoute.loader, request('admin', '/admin/system?done=test-mail'))) as Awaited<
      ReturnType<typeof systemRoute.loader>
    >;
    expect(page.done).toBe('test-mail');
  });

  it('test e-mails are rate-limited (429 with Retry-After)', async () => {
    await database.db
      .insert(rateLimit)
      .values({ key: `default:user:${ids.get('admin')}:test-mail`, count: 50 })
      .onConflictDoUpdate({ target: rateLimit.key, set: { count: 50, windowStart: new Date() } });
    const before = await database.db.select().from(mailMessage);
    const result = (await run(systemRoute.action, post('admin', '/admin/system', { intent: 'test-mail' }))) as {
      init: ResponseInit;
      data: { errors: Record<string, string> };
    };
    expect(result.init.status).toBe(429);
    expect(new Headers(result.init.headers).get('Retry-After')).toMatch(/^\d+$/);
    expect(result.data.errors.form).toMatch(/^Too many test e-mails\. Try again in \d+ seconds\.$/);
    expect(await database.db.select().from(mailMessage)).toHaveLength(before.length);
  });

  it('an unknown intent is a 400; anyone but an admin is turned away and changes nothing', async () => {
    expect((await postSystemSettings({ intent: 'reboot' })).status).toBe(400);
    const before = await database.db.select().from(setting).orderBy(setting.key);
    for (const who of ['manager', 'tenant', null]) {
      const refused = (await run(
        systemRoute.action,
        post(who, '/admin/system', { intent: 'fees', applicationFee: '1', depositMonths: '0' }),
      )) as Response;
      expect(refused).toBeInstanceOf(Response);
      expect(refused.status).toBe(302);
      expect(refused.headers.get('location')).toBe(who ? '/' : '/auth?redirectTo=%2Fadmin%2Fsystem');
    }
    expect(await database.db.select().from(setting).orderBy(setting.key)).toEqual(before);
  });
});

describe('/admin/database', () => {
  let givenUp: number;
  let failing: number;
  let pending: number;

  beforeAll(async () => {
    await createProperty(database.db, { title: 'Counted home' });
    const rows = await database.db
      .insert(outbox)
      .values([
        {
          topic: 'mail.application_confirmation',
          payload: { to: 'secret-applicant@example.test' },
          attempts: OUTBOX_MAX_ATTEMPTS,
          lastError: 'SMTP 550 mailbox unavailable',
        },
        {
          topic: 'notification.application_submitted',
          payload: {},
          attempts: 2,
          lastError: 'deadlock detected',
          availableAt: new Date(Date.now() + 60_000),
        },
        { topic: 'mail.application_status', payload: {}, availableAt: new Date(Date.now() + 3_600_000) },
        { topic: 'mail.application_status', payload: {}, processedAt: new Date() },
      ])
      .returning({ id: outbox.id });
    [givenUp, failing, pending] = rows.map((row) => row.id) as [number, number, number];
  });

  it('shows health, exact rows per table, every migration and the outbox — never a job’s payload', async () => {
    const page = (await run(databaseRoute.loader, request('admin', '/admin/database'))) as Awaited<ReturnType<typeof databaseRoute.loader>>;
    expect(page.health).toMatchObject({
      kind: database.label === 'postgres' ? 'postgres' : 'pglite',
      version: expect.stringMatching(/^\d+/),
    });
    if (database.label === 'postgres') expect(page.health.connections?.open).toBeGreaterThan(0);
    else expect(page.health.connections).toBeNull();
    const [properties] = await database.db.select({ id: property.id }).from(property);
    expect(properties).toBeDefined();
    const byName = Object.fromEntries(page.tables.map((table) => [table.name, table]));
    expect(byName.property).toMatchObject({ rows: 1, estimated: false });
    expect(byName.outbox).toMatchObject({ rows: 4, estimated: false });
    expect(byName.user?.rows).toBe(3);
    expect(page.tables.map((table) => table.name)).toEqual(expect.arrayContaining(['building', 'setting', 'audit_log', 'realtime_event']));
    expect(page.migrations.applied.map((migration) => migration.tag)).toEqual(KNOWN_MIGRATIONS.map((migration) => migration.tag));
    expect(page.migrations.pending).toEqual([]);
    expect(page.outbox).toMatchObject({ pending: 1, failing: 1, givenUp: 1, processed: 1, maxAttempts: OUTBOX_MAX_ATTEMPTS });
    expect(page.outbox.failed.map((job) => [job.id, job.givenUp])).toEqual([
      [failing, false],
      [givenUp, true],
    ]);
    expect(JSON.stringify(page)).not.toContain('secret-applicant@example.test');
  });

  it('retries a given-up job now (audited); a job that has not failed is a 409, an unknown one a 404', async () => {
    const answer = answerOf(await run(databaseRoute.action, post('admin', '/admin/database', { intent: 'retry', jobId: String(givenUp) })));
    expect(answer.body).toEqual({
      ok: true,
      intent: 'retry',
      message: `Job ${givenUp} (mail.application_confirmation) runs again within a second.`,
      jobId: givenUp,
      topic: 'mail.application_confirmation',
    });
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, givenUp));
    expect(row?.attempts).toBe(0);
    expect(row!.availableAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    const [audit] = (await auditsOf('outbox_retried')).slice(-1);
    expect(audit).toMatchObject({
      userId: ids.get('admin'),
      values: expect.objectContaining({
        outbox_id: givenUp,
        topic: 'mail.application_confirmation',
        attempts_before: OUTBOX_MAX_ATTEMPTS,
        last_error: 'SMTP 550 mailbox unavailable',
      }),
    });

    const plain = answerOf(
      await run(
        databaseRoute.action,
        post('admin', '/admin/database', { intent: 'retry', jobId: String(failing) }, { 'sec-fetch-mode': 'navigate' }),
      ),
    );
    expect(plain).toMatchObject({ status: 303, location: '/admin/database?done=retry#outbox' });

    const notFailed = answerOf(
      await run(databaseRoute.action, post('admin', '/admin/database', { intent: 'retry', jobId: String(pending) })),
    );
    expect(notFailed.status).toBe(409);
    expect(notFailed.body.errors.form).toBe('This job has not failed: there is nothing to retry.');
    expect(answerOf(await run(databaseRoute.action, post('admin', '/admin/database', { intent: 'retry', jobId: '999999' }))).status).toBe(
      404,
    );
    expect(answerOf(await run(databaseRoute.action, post('admin', '/admin/database', { intent: 'retry', jobId: 'x' }))).status).toBe(400);
    expect(answerOf(await run(databaseRoute.action, post('admin', '/admin/database', { intent: 'vacuum' }))).status).toBe(400);
    expect((await auditsOf('outbox_retried')).length).toBe(2);
  });

  it('lists the schedules and runs one now: due at once (audited), an unknown name is a 404', async () => {
    const nextWeek = new Date(Date.now() + 7 * 86_400_000);
    await database.db
      .insert(jobSchedule)
      .values({ name: 'autopay-daily', cron: '0 6 * * *', nextRunAt: nextWeek })
      .onConflictDoUpdate({ target: jobSchedule.name, set: { nextRunAt: nextWeek } });
    const page = (await run(databaseRoute.loader, request('admin', '/admin/database'))) as Awaited<ReturnType<typeof databaseRoute.loader>>;
    expect(page.schedules.find((row) => row.name === 'autopay-daily')).toMatchObject({
      cron: '0 6 * * *',
      nextRunAt: nextWeek.toISOString(),
      lastRunAt: null,
    });
    const answer = answerOf(
      await run(databaseRoute.action, post('admin', '/admin/database', { intent: 'run-schedule', schedule: 'autopay-daily' })),
    );
    expect(answer.body).toEqual({
      ok: true,
      intent: 'run-schedule',
      message: 'autopay-daily runs within 15 seconds.',
      schedule: 'autopay-daily',
    });
    const [row] = await database.db.select().from(jobSchedule).where(eq(jobSchedule.name, 'autopay-daily'));
    expect(row!.nextRunAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    expect((await auditsOf('schedule_run_requested')).map((audit) => audit.values)).toEqual([
      expect.objectContaining({ schedule: 'autopay-daily' }),
    ]);
    const plain = answerOf(
      await run(
        databaseRoute.action,
        post('admin', '/admin/database', { intent: 'run-schedule', schedule: 'autopay-daily' }, { 'sec-fetch-mode': 'navigate' }),
      ),
    );
    expect(plain).toMatchObject({ status: 303, location: '/admin/database?done=run-schedule#schedules' });
    expect(
      answerOf(await run(databaseRoute.action, post('admin', '/admin/database', { intent: 'run-schedule', schedule: 'nope' }))).status,
    ).toBe(404);
    const tenant = (await run(
      databaseRoute.action,
      post('tenant', '/admin/database', { intent: 'run-schedule', schedule: 'autopay-daily' }),
    )) as Response;
    expect(tenant.headers.get('location')).toBe('/');
  });

  it('anyone but an admin is turned away from the page, the retry and the backup', async () => {
    for (const who of ['manager', 'tenant']) {
      const page = (await run(databaseRoute.loader, request(who, '/admin/database'))) as Response;
      expect(page.headers.get('location')).toBe('/');
      const retry = (await run(
        databaseRoute.action,
        post(who, '/admin/database', { intent: 'retry', jobId: String(pending) }),
      )) as Response;
      expect(retry.headers.get('location')).toBe('/');
      const backup = (await run(backupRoute.action, post(who, '/admin/database/backup', {}))) as Response;
      expect(backup.status).toBe(302);
      expect(backup.headers.get('location')).toBe('/');
    }
    const anonymous = (await run(backupRoute.action, post(null, '/admin/database/backup', {}))) as Response;
    expect(anonymous.headers.get('location')).toBe('/auth?redirectTo=%2Fadmin%2Fdatabase%2Fbackup');
    const get = await run(backupRoute.loader, request('admin', '/admin/database/backup'));
    expect(get).toMatchObject({ init: { status: 405 } });
    expect(await auditsOf('backup_downloaded')).toHaveLength(0);
    const [row] = await database.db
      .select({ attempts: outbox.attempts })
      .from(outbox)
      .where(and(eq(outbox.id, pending), inArray(outbox.attempts, [0])));
    expect(row).toBeDefined();
  });

  it('an admin downloads a backup: an attachment, never cached, with a valid manifest, audited', { timeout: 120_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dimora-download-'));
    try {
      fs.mkdirSync(path.join(dir, 'uploads', 'demo'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'uploads', 'demo', 'photo.webp'), 'not really a photo');
      const admin = viewerOf({ id: ids.get('admin')!, email: 'admin@ops-routes.test', role: 'admin' });
      const response = await backupDownloadResponse({
        request: post('admin', '/admin/database/backup', {}),
        context,
        actor: admin,
        uploadsDir: path.join(dir, 'uploads'),
        workDir: dir,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/x-tar');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="dimora-backup-(pglite|postgres)-\d{8}T\d{6}Z\.tar"$/,
      );
      expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
      const file = path.join(dir, 'download.tar');
      await fs.promises.writeFile(file, Readable.fromWeb(response.body as never));
      const manifests: string[] = [];
      await tar.t({
        file,
        onReadEntry: (entry) => {
          if (entry.path === 'manifest.json') entry.on('data', (chunk: Buffer) => manifests.push(chunk.toString()));
          else entry.resume();
        },
      });
      const manifest = JSON.parse(manifests.join('')) as { format: string; database: { kind: string }; parts: { path: string }[] };
      expect(manifest.format).toBe('dimora-backup');
      expect(manifest.database.kind).toBe(database.label === 'postgres' ? 'postgres' : 'pglite');
      expect(manifest.parts.map((part) => part.path)).toContain('uploads/demo/photo.webp');
      const [audit] = await auditsOf('backup_downloaded');
      expect(audit?.values).toMatchObject({ kind: manifest.database.kind, parts: manifest.parts.length });
      // The work folder is gone once the download has been read.
      await expect.poll(() => fs.readdirSync(dir).filter((name) => name.startsWith('.backup'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with the uploads in a bucket, the download carries the bucket’s objects, not the folder', { timeout: 120_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dimora-download-bucket-'));
    const s3 = await startS3Server();
    try {
      fs.mkdirSync(path.join(dir, 'uploads', 'demo'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'uploads', 'demo', 'stale.webp'), 'left on the disk');
      const storage = createS3Storage(await s3.newBucket());
      await storage.put('photos/ab/0123456789abcdef0123456789abcdef-400.webp', Buffer.from('in the bucket'));
      const admin = viewerOf({ id: ids.get('admin')!, email: 'admin@ops-routes.test', role: 'admin' });
      const response = await backupDownloadResponse({
        request: post('admin', '/admin/database/backup', {}),
        context: { ...context, storage },
        actor: admin,
        uploadsDir: path.join(dir, 'uploads'),
        inBucket: true,
        workDir: dir,
      });
      expect(response.status).toBe(200);
      const file = path.join(dir, 'download.tar');
      await fs.promises.writeFile(file, Readable.fromWeb(response.body as never));
      const entries: string[] = [];
      await tar.t({ file, onReadEntry: (entry) => void (entries.push(entry.path), entry.resume()) });
      expect(entries.filter((entry) => entry.startsWith('uploads/'))).toEqual([
        'uploads/photos/ab/0123456789abcdef0123456789abcdef-400.webp',
      ]);
    } finally {
      await s3.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the settings registry', () => {
  it('never includes the auth secret', () => {
    expect(Object.values(SETTINGS).map((definition) => definition.key)).not.toContain('auth.secret');
  });
});
