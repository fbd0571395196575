/**
 * The settings of /admin/system (decision 019): defaults, validation, one audited
 * transaction per save, the booking fee reader on the same keys, and a per-process copy that
 * follows changes made by this process or announced by another one — without a restart.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_SETTING_KEYS } from '~/lib/constants';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import { openDatabase, type Database } from '~/server/db/client.server';
import { auditLog, setting } from '~/server/db/schema';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-db';
import { viewerOf } from '../../../tests/setup/factories';
import { defaultSettings, SETTINGS } from './settings-registry.server';
import { currentSettings, onSettingsChange, readSettings, SETTINGS_CHANNEL, updateSettings, watchSettings } from './settings.server';

let database: TestDatabase;
let admin: ReturnType<typeof viewerOf>;
let manager: ReturnType<typeof viewerOf>;
const origin = { ip: '192.0.2.9', userAgent: 'vitest' };

beforeAll(async () => {
  database = await createTestDatabase();
  const a = await createVerifiedUser(database.db, { email: 'admin@settings.test', password: 'settings-boss-pass', role: 'admin' });
  const m = await createVerifiedUser(database.db, {
    email: 'manager@settings.test',
    password: 'settings-staff-pass',
    role: 'property_manager',
  });
  admin = viewerOf({ id: a.id, email: a.email, role: 'admin' });
  manager = viewerOf({ id: m.id, email: m.email, role: 'property_manager' });
  // A secret kept in the same table must never be read as a setting.
  await database.db.insert(setting).values({ key: 'auth.secret', value: 'do-not-show-this-secret' }).onConflictDoNothing();
});

afterAll(async () => {
  await database.close();
});

async function audits() {
  return database.db
    .select({ values: auditLog.newValues, userId: auditLog.userId, table: auditLog.tableName })
    .from(auditLog)
    .where(eq(auditLog.action, 'setting_changed'))
    .orderBy(auditLog.id);
}

/** Waits (≤ 5 s) until `check` holds; settings reloads are asynchronous. */
async function eventually(check: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('reading', () => {
  it('a fresh database reads the defaults: spec §9 office hours and sample rates, the $50 fee, no DSN, and never the auth secret', async () => {
    const settings = await readSettings({ db: database.db });
    expect(settings).toEqual(defaultSettings());
    expect(settings).toMatchObject({
      applicationFeeCents: 5_000,
      depositMonths: 1,
      rentDueDay: 1,
      rentGraceDays: 5,
      lateFeeCents: 5_000,
      companyName: 'Dimora',
      officeHours: { weekdays: { opens: '09:00', closes: '18:00' }, saturday: { opens: '10:00', closes: '16:00' }, sunday: null },
      monitoringDsn: '',
      tracesSampleRate: 0.1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
    });
    expect(JSON.stringify(settings)).not.toContain('do-not-show-this-secret');
  });

  it('a malformed row reads as its default; the booking keys are the ones migration 0002 wrote', async () => {
    await database.db.update(setting).set({ value: 'lots' }).where(eq(setting.key, BOOKING_SETTING_KEYS.applicationFeeCents));
    await database.db.insert(setting).values({ key: SETTINGS.rentDueDay.key, value: 31 });
    try {
      const settings = await readSettings({ db: database.db });
      expect(settings.applicationFeeCents).toBe(5_000);
      expect(settings.rentDueDay).toBe(1);
      await database.db.update(setting).set({ value: 4_200 }).where(eq(setting.key, BOOKING_SETTING_KEYS.applicationFeeCents));
      expect(await readSettings({ db: database.db, names: ['applicationFeeCents', 'depositMonths'] })).toMatchObject({
        applicationFeeCents: 4_200,
        depositMonths: 1,
      });
    } finally {
      await database.db.update(setting).set({ value: 5_000 }).where(eq(setting.key, BOOKING_SETTING_KEYS.applicationFeeCents));
      await database.db.delete(setting).where(eq(setting.key, SETTINGS.rentDueDay.key));
    }
  });
});

describe('changing', () => {
  it('an admin saves several settings in one transaction; each changed key is audited old → new', async () => {
    const before = (await audits()).length;
    const hours = { weekdays: { opens: '08:30', closes: '17:30' }, saturday: null, sunday: null };
    const outcome = await updateSettings({
      db: database.db,
      actor: admin,
      origin,
      input: { applicationFeeCents: 7_500, officeHours: hours, depositMonths: 1, companyName: '  Casa   Nostra ' },
    });
    // The deposit was already one month: not a change. Names come in the registry's order.
    expect(outcome).toEqual({ ok: true, changed: ['applicationFeeCents', 'companyName', 'officeHours'] });
    const rows = await database.db
      .select({ key: setting.key, value: setting.value, updatedBy: setting.updatedBy })
      .from(setting)
      .where(inArray(setting.key, [SETTINGS.applicationFeeCents.key, SETTINGS.officeHours.key, SETTINGS.companyName.key]));
    expect(Object.fromEntries(rows.map((row) => [row.key, row.value]))).toEqual({
      'booking.application_fee_cents': 7_500,
      'contact.office_hours': hours,
      'company.name': 'Casa Nostra',
    });
    expect(rows.every((row) => row.updatedBy === admin.id)).toBe(true);
    const entries = (await audits()).slice(before);
    expect(entries.map((entry) => entry.values)).toEqual([
      expect.objectContaining({ key: 'booking.application_fee_cents', old: 5_000, new: 7_500, ip_address: '192.0.2.9' }),
      expect.objectContaining({ key: 'company.name', old: 'Dimora', new: 'Casa Nostra' }),
      expect.objectContaining({ key: 'contact.office_hours', old: defaultSettings().officeHours, new: hours }),
    ]);
    expect(entries.every((entry) => entry.userId === admin.id && entry.table === 'setting')).toBe(true);
    // A fresh read (what the booking flow charges) follows at once.
    expect((await readSettings({ db: database.db })).applicationFeeCents).toBe(7_500);

    const again = await updateSettings({ db: database.db, actor: admin, origin, input: { applicationFeeCents: 7_500 } });
    expect(again).toEqual({ ok: true, changed: [] });
    expect(await audits()).toHaveLength(before + 3);
  });

  it('one invalid value refuses the whole save: nothing is written', async () => {
    const before = await readSettings({ db: database.db });
    const outcome = await updateSettings({
      db: database.db,
      actor: admin,
      origin,
      input: {
        applicationFeeCents: 100,
        rentDueDay: 29,
        rentGraceDays: -1,
        lateFeeCents: 12.5,
        contactEmail: 'not-an-address',
        officeHours: { weekdays: { opens: '18:00', closes: '09:00' }, saturday: { opens: '25:00', closes: '26:00' }, sunday: null },
        monitoringDsn: 'https://public:secret@o1.ingest.sentry.io/42',
        tracesSampleRate: 1.5,
      },
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok || outcome.reason !== 'invalid') throw new Error('expected invalid');
    const fields = new Set(outcome.issues.issues.map((issue) => issue.path.join('.')));
    expect([...fields].sort()).toEqual(
      [
        'contactEmail',
        'lateFeeCents',
        'monitoringDsn',
        'officeHours.saturday.closes',
        'officeHours.saturday.opens',
        'officeHours.weekdays.closes',
        'rentDueDay',
        'rentGraceDays',
        'tracesSampleRate',
      ].sort(),
    );
    expect(await readSettings({ db: database.db })).toEqual(before);
  });

  it('only an admin may change settings; unknown names are refused', async () => {
    const before = await readSettings({ db: database.db });
    expect(await updateSettings({ db: database.db, actor: manager, origin, input: { applicationFeeCents: 1 } })).toEqual({
      ok: false,
      reason: 'forbidden',
    });
    const unknown = await updateSettings({ db: database.db, actor: admin, origin, input: { ['auth.secret' as 'companyName']: 'x' } });
    expect(unknown).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await readSettings({ db: database.db })).toEqual(before);
    const [secret] = await database.db.select({ value: setting.value }).from(setting).where(eq(setting.key, 'auth.secret'));
    expect(secret?.value).toBe('do-not-show-this-secret');
  });

  it('a valid public DSN and rates are stored; an empty DSN turns monitoring off', async () => {
    const dsn = 'https://abcdef0123456789@o12345.ingest.sentry.io/4505';
    expect(await updateSettings({ db: database.db, actor: admin, origin, input: { monitoringDsn: dsn, tracesSampleRate: 0.25 } })).toEqual({
      ok: true,
      changed: ['monitoringDsn', 'tracesSampleRate'],
    });
    expect((await currentSettings(database.db)).monitoringDsn).toBe(dsn);
    expect(await updateSettings({ db: database.db, actor: admin, origin, input: { monitoringDsn: '' } })).toEqual({
      ok: true,
      changed: ['monitoringDsn'],
    });
    expect((await currentSettings(database.db)).monitoringDsn).toBe('');
  });
});

describe('effective without a restart', () => {
  it('this process sees its own change at once, and listeners hear it', async () => {
    const heard: string[] = [];
    const stop = onSettingsChange((settings, db) => {
      if (db === database.db) heard.push(settings.contactPhone);
    });
    try {
      await currentSettings(database.db);
      await updateSettings({ db: database.db, actor: admin, origin, input: { contactPhone: '+1 512 555 0199' } });
      expect((await currentSettings(database.db)).contactPhone).toBe('+1 512 555 0199');
      expect(heard).toContain('+1 512 555 0199');
    } finally {
      stop();
    }
  });

  it('a change announced by another instance reaches this one’s copy', async () => {
    const stopWatching = await watchSettings({ database, logger: { warn: () => undefined } });
    // On PostgreSQL a second connection pool is "another instance"; on PGlite, a write that
    // bypasses this process's cache stands in for it.
    let other: Database | null = null;
    try {
      expect((await currentSettings(database.db)).contactAddress).toBe('');
      other = database.url ? await openDatabase({ databaseUrl: database.url, poolSize: 1 }) : null;
      const writer = other?.db ?? database.db;
      await writer.transaction(async (tx) => {
        await tx
          .insert(setting)
          .values({ key: SETTINGS.contactAddress.key, value: '1 Congress Ave, Austin, TX' })
          .onConflictDoUpdate({
            target: setting.key,
            set: { value: '1 Congress Ave, Austin, TX' },
          });
        await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, ${SETTINGS.contactAddress.key})`);
      });
      await eventually(async () => (await currentSettings(database.db)).contactAddress === '1 Congress Ave, Austin, TX');
    } finally {
      await other?.close();
      await stopWatching();
      await database.db.delete(setting).where(and(eq(setting.key, SETTINGS.contactAddress.key)));
    }
  });
});
