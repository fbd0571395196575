/**
 * Leads reach staff (decision 018): a contact inquiry appears in the staff inbox of
 * admins and of the unit's manager (another manager gets "not found", audited), with the bell
 * and live events; its acknowledgement e-mail is written in the inquiry's transaction and sent in
 * the inquiry's language; a staff reply is stored and e-mailed to the sender with the last
 * message quoted, Reply-To the office, never a staff address. E-mails go through a real SMTP
 * round trip (tests/setup/smtp.ts). Route level with real sessions: /admin/messages tabs and
 * 404, the manager's /dashboard, /api/inbox refusals.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '~/lib/access';
import { DEFAULT_OFFICE_HOURS } from '~/lib/office-hours';
import * as dashboard from '~/routes/dashboard/_index';
import * as adminMessages from '~/routes/admin/messages';
import * as inboxApi from '~/routes/api/inbox';
import type { Viewer } from '~/server/auth/session.server';
import { auditLog, message, notification, outbox, realtimeEvent, thread, user } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { logger } from '~/server/logger.server';
import { createMailer, type Mailer } from '~/server/mail/mailer.server';
import { processOutboxBatch } from '~/server/outbox/outbox.server';
import { updateSettings } from '~/server/settings/settings.server';
import { countInboxTabs, listStaffThreads, openStaffThread } from './inbox-queries.server';
import { replyToThread, setThreadStatus } from './staff-replies.server';
import { sendVisitorMessage } from './visitor-chat.server';
import type { InboxData } from './chat.types';
import { submitContactInquiry } from './contact.server';
import { createBuilding, createProperty, viewerOf } from '../../../tests/setup/factories';
import { startSmtpSink, type SmtpSink } from '../../../tests/setup/smtp';
import { jsonAnswerOf } from '../../../tests/setup/action-result';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { LEAD_JOB_TOPICS, leadJobHandlers } from './lead-jobs.server';
import { createSignedInUser } from '../../../tests/setup/sign-in';

let database: TestDatabase;
let sink: SmtpSink;
let mailer: Mailer;
let context: DimoraLoadContext;
const quiet = logger.child({}, { level: 'silent' });
const people = new Map<string, Viewer & { cookie: string }>();
let ownUnit: { id: number; title: string; buildingId: number };
let foreignUnit: { id: number };

/** A signed-in account (real session cookie) of `role`, remembered under `key`. */
async function account(key: string, role: Role, name: string, locale: 'en' | 'it' = 'en') {
  const email = `${key}@leads.test`;
  const signedIn = await createSignedInUser(context, { email, role, name });
  await database.db.update(user).set({ locale }).where(eq(user.id, signedIn.id));
  const viewer = { ...viewerOf({ id: signedIn.id, email, role }), name, locale, cookie: signedIn.cookie };
  people.set(key, viewer);
  return viewer;
}

function who(key: string) {
  const found = people.get(key);
  if (!found) throw new Error(`no account ${key}`);
  return found;
}

beforeAll(async () => {
  database = await createTestDatabase();
  sink = await startSmtpSink();
  mailer = createMailer({ db: database.db, logger: quiet, from: 'Dimora <no-reply@dimora.test>', smtpUrl: sink.url });
  context = testContext(database, { clientIp: '192.0.2.77' });
  await account('admin', 'admin', 'Ada Admin');
  await account('manager', 'property_manager', 'Paula Manager', 'it');
  await account('other', 'property_manager', 'Otto Other');
  await account('tenant', 'tenant', 'Tina Tenant');
  const mine = await createBuilding(database.db, { managerId: who('manager').id, name: 'Leads Court' });
  ownUnit = await createProperty(database.db, { buildingId: mine.id, title: 'Sunny loft', unitNumber: '4B' });
  foreignUnit = await createProperty(database.db, { managerId: who('other').id, title: 'Other flat' });
});

afterAll(async () => {
  mailer.close();
  await sink.close();
  await database.close();
});

let emailSeq = 0;
/** Sends the contact form as a visitor; answers the new thread id. */
async function inquire(
  fields: { property?: number; locale?: 'en' | 'it'; email?: string; message?: string; name?: string; topic?: string } = {},
) {
  emailSeq += 1;
  const outcome = await submitContactInquiry({
    db: database.db,
    locale: fields.locale ?? 'en',
    input: {
      name: fields.name ?? 'Vera Visitor',
      email: fields.email ?? `visitor${emailSeq}@example.test`,
      phone: '+1 512 555 0199',
      topic: fields.topic ?? 'leasing',
      message: fields.message ?? 'Is the loft still available in June? We are two adults.',
      property: fields.property ? String(fields.property) : '',
    },
  });
  if (!outcome.ok) throw new Error(`inquiry refused: ${JSON.stringify(outcome.errors)}`);
  return outcome.threadId;
}

/** Runs every due lead job; fails the test if one fails. */
async function runJobs() {
  for (;;) {
    const { processed, failed } = await processOutboxBatch({
      db: database.db,
      mailer,
      logger: quiet,
      publicUrl: 'http://dimora.test',
      handlers: leadJobHandlers,
      limit: 50,
    });
    expect(failed).toBe(0);
    if (processed === 0) return;
  }
}

function mailsTo(to: string): ParsedMail[] {
  return sink.messages.filter((mail) => {
    const list = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    return list.some((entry) => entry.value.some((address) => address.address?.toLowerCase() === to.toLowerCase()));
  });
}

async function lastEventId() {
  const [row] = await database.db.select({ id: sql<number>`coalesce(max(${realtimeEvent.id}), 0)::int` }).from(realtimeEvent);
  return row?.id ?? 0;
}

describe('a contact inquiry in the staff inbox', () => {
  it('reaches admins and the manager of its unit; another manager gets "not found", and the attempt is audited', async () => {
    const threadId = await inquire({ property: ownUnit.id });
    const ids = async (key: string) =>
      (await listStaffThreads({ db: database.db, actor: who(key), page: 1, kind: 'contact' })).items.map((item) => item.id);
    expect(await ids('admin')).toContain(threadId);
    expect(await ids('manager')).toContain(threadId);
    expect(await ids('other')).not.toContain(threadId);

    const [item] = (await listStaffThreads({ db: database.db, actor: who('manager'), page: 1, kind: 'contact' })).items.filter(
      (row) => row.id === threadId,
    );
    expect(item).toMatchObject({ kind: 'contact', subject: `Leasing · #${ownUnit.id} Sunny loft`, visitorName: 'Vera Visitor', unread: 1 });
    // The chat tab does not mix them in.
    expect((await listStaffThreads({ db: database.db, actor: who('admin'), page: 1 })).items.map((row) => row.id)).not.toContain(threadId);

    const opened = await openStaffThread({ db: database.db, actor: who('manager'), threadId, markRead: false });
    expect(opened).toMatchObject({
      kind: 'contact',
      visitorPhone: '+1 512 555 0199',
      locale: 'en',
      unit: {
        id: ownUnit.id,
        title: 'Sunny loft',
        unitNumber: '4B',
        buildingId: ownUnit.buildingId,
        buildingName: 'Leads Court',
        listed: true,
      },
    });
    expect(opened?.messages.map((row) => row.body)).toEqual(['Is the loft still available in June? We are two adults.']);

    const origin = { ip: '192.0.2.5', userAgent: 'test' };
    // Opened from another site (markRead false): refused, and nothing written, not even an audit.
    expect(await openStaffThread({ db: database.db, actor: who('other'), threadId, origin, markRead: false })).toBeNull();
    expect(await openStaffThread({ db: database.db, actor: who('other'), threadId, origin })).toBeNull();
    const refusedReply = await replyToThread({
      db: database.db,
      actor: who('other'),
      threadId,
      locale: 'en',
      input: { body: 'Mine now' },
      origin,
    });
    expect(refusedReply).toMatchObject({ ok: false, status: 404 });
    expect(await setThreadStatus({ db: database.db, actor: who('other'), threadId, status: 'closed', origin })).toBe(false);
    const messages = await database.db.select().from(message).where(eq(message.threadId, threadId));
    expect(messages).toHaveLength(1);
    const [row] = await database.db.select({ status: thread.status }).from(thread).where(eq(thread.id, threadId));
    expect(row?.status).toBe('open');
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, who('other').id), eq(auditLog.action, 'inbox_access_denied')));
    expect(audits).toHaveLength(3);
    expect(audits[0]).toMatchObject({ tableName: 'thread', ipAddress: '192.0.2.5' });
    expect(audits[0]?.newValues).toMatchObject({ thread_id: threadId });
  });

  it("an inquiry about no unit, or about someone else's, is for admins only; chats stay visible to every manager", async () => {
    const general = await inquire({ topic: 'other' });
    const foreign = await inquire({ property: foreignUnit.id });
    const chat = await sendVisitorMessage({
      db: database.db,
      party: { token: null, viewer: null },
      locale: 'en',
      input: { name: 'Chatty', email: 'chatty@example.test', body: 'Hello' },
    });
    if (!chat.ok) throw new Error('chat refused');
    const contactIds = async (key: string) =>
      (await listStaffThreads({ db: database.db, actor: who(key), page: 1, kind: 'contact' })).items.map((item) => item.id);
    expect(await contactIds('admin')).toEqual(expect.arrayContaining([general, foreign]));
    expect(await contactIds('manager')).not.toContain(general);
    expect(await contactIds('manager')).not.toContain(foreign);
    expect(await contactIds('other')).toContain(foreign);
    expect(await contactIds('other')).not.toContain(general);
    for (const key of ['manager', 'other']) {
      expect((await listStaffThreads({ db: database.db, actor: who(key), page: 1, kind: 'chat' })).items.map((item) => item.id)).toContain(
        chat.thread.id,
      );
    }
    // Tab counts follow the same rule.
    const adminCounts = await countInboxTabs({ db: database.db, actor: who('admin') });
    const managerCounts = await countInboxTabs({ db: database.db, actor: who('manager') });
    const [contactTotal] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(thread)
      .where(eq(thread.kind, 'contact'));
    expect(adminCounts.contact.total).toBe(contactTotal!.n);
    expect(managerCounts.contact.total).toBe((await contactIds('manager')).length);
    expect(managerCounts.chat).toEqual(adminCounts.chat);
  });

  it("notifies every admin and the unit's manager in their language, and refreshes their inboxes live", async () => {
    const before = await lastEventId();
    const threadId = await inquire({ property: ownUnit.id, name: 'Nora Notify', message: 'Can I visit on Saturday morning, please?' });
    const notes = await database.db
      .select()
      .from(notification)
      .where(eq(notification.actionUrl, `/admin/messages?thread=${threadId}`));
    expect(notes.map((note) => note.userId)).toEqual([who('admin').id]);
    expect(notes[0]).toMatchObject({
      title: 'New contact inquiry',
      message: 'Nora Notify about Sunny loft (Leasing): Can I visit on Saturday morning, please?',
    });
    const [toManager] = await database.db
      .select()
      .from(notification)
      .where(eq(notification.actionUrl, `/dashboard?thread=${threadId}#inbox`));
    expect(toManager).toMatchObject({
      userId: who('manager').id,
      title: 'Nuova richiesta di contatto',
      message: 'Nora Notify su Sunny loft (Locazione): Can I visit on Saturday morning, please?',
    });
    const forOther = await database.db
      .select()
      .from(notification)
      .where(and(eq(notification.userId, who('other').id), sql`${notification.actionUrl} like ${`%thread=${threadId}%`}`));
    expect(forOther).toHaveLength(0);
    const events = await database.db
      .select()
      .from(realtimeEvent)
      .where(and(gt(realtimeEvent.id, before), eq(realtimeEvent.type, 'chat.thread')))
      .orderBy(asc(realtimeEvent.id));
    expect(events.map((event) => event.audience)).toEqual(['role:admin', `user:${who('manager').id}`]);
    // Opening the thread marks the opener's notification read.
    await openStaffThread({ db: database.db, actor: who('manager'), threadId });
    const [read] = await database.db.select().from(notification).where(eq(notification.id, toManager!.id));
    expect(read?.read).toBe(true);
  });
});

describe('the acknowledgement e-mail', () => {
  it("is written in the inquiry's own transaction: rolled back with it, or committed with it", async () => {
    const email = 'rollback@example.test';
    await expect(
      database.db.transaction(async (tx) => {
        const outcome = await submitContactInquiry({
          db: tx,
          locale: 'en',
          input: { name: 'Rolf Back', email, phone: '', topic: 'other', message: 'This inquiry never happened.', property: '' },
        });
        expect(outcome.ok).toBe(true);
        const [queued] = await tx
          .select()
          .from(outbox)
          .where(and(eq(outbox.topic, LEAD_JOB_TOPICS.acknowledgement), sql`${outbox.payload} ->> 'to' = ${email}`));
        expect(queued).toBeDefined();
        throw new Error('crash after the insert');
      }),
    ).rejects.toThrow('crash after the insert');
    expect(await database.db.select().from(thread).where(eq(thread.visitorEmail, email))).toHaveLength(0);
    expect(
      await database.db
        .select()
        .from(outbox)
        .where(sql`${outbox.payload} ->> 'to' = ${email}`),
    ).toHaveLength(0);

    const threadId = await inquire({ email: 'committed@example.test' });
    const [job] = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, LEAD_JOB_TOPICS.acknowledgement), sql`${outbox.payload} ->> 'to' = 'committed@example.test'`));
    expect(job?.payload).toEqual({ threadId, to: 'committed@example.test', locale: 'en', topic: 'leasing' });
    expect(job?.dedupeKey).toMatch(/^contact-ack:[0-9a-f]{32}:\d{4}-\d{2}-\d{2}$/);
  });

  it("arrives in the inquiry's language with the 24-hour promise and the office hours, Reply-To the office; once a day per address", async () => {
    const email = 'giulia@example.test';
    const threadId = await inquire({
      email,
      locale: 'it',
      name: 'Giulia Rossi',
      topic: 'maintenance',
      message: 'Il rubinetto della cucina perde da ieri sera.',
    });
    await inquire({ email: 'GIULIA@example.test', locale: 'it', name: 'Giulia Rossi', message: 'Dimenticavo: sono al terzo piano.' });
    await runJobs();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Abbiamo ricevuto il tuo messaggio [Dimora #${threadId}]`);
    // Anonymous, and nothing the sender typed: the address is not verified (no spam relay).
    expect(mail.text?.startsWith('Ciao,\n')).toBe(true);
    expect(mail.text).not.toContain('Giulia');
    expect(mail.text).not.toContain('rubinetto');
    expect(mail.html).not.toContain('rubinetto');
    expect(mail.text).toContain('ti risponderà entro 24 ore');
    expect(mail.text).toContain('Lunedì-venerdì: 9:00-18:00');
    expect(mail.text).toContain('Sabato: 10:00-16:00');
    expect(mail.text).toContain('Argomento del tuo messaggio: Manutenzione.');
    expect(mail.replyTo?.value.map((address) => address.address)).toEqual(['hello@dimora.example']);

    const english = 'sam@example.test';
    await inquire({ email: english, name: 'Sam Smith' });
    await runJobs();
    const [ack] = mailsTo(english);
    expect(ack?.text).toContain('a member of our team will reply within 24 hours');
    expect(ack?.text).toContain('Monday-Friday: 9:00 AM-6:00 PM');
  });

  it('shows the office hours, phone and reply address stored in /admin/system, without a restart', async () => {
    const saved = await updateSettings({
      db: database.db,
      actor: who('admin'),
      origin: { ip: '192.0.2.9', userAgent: 'test' },
      input: {
        contactPhone: '+1 (512) 555-0199',
        contactEmail: 'leasing@dimora.example',
        officeHours: { weekdays: { opens: '08:30', closes: '17:00' }, saturday: null, sunday: { opens: '12:00', closes: '15:00' } },
      },
    });
    expect(saved.ok).toBe(true);
    const email = 'hours@example.test';
    await inquire({ email, name: 'Hana Ito' });
    await runJobs();
    const [ack] = mailsTo(email);
    expect(ack?.text).toContain('Monday-Friday: 8:30 AM-5:00 PM');
    expect(ack?.text).toContain('Saturday: closed');
    expect(ack?.text).toContain('Sunday: 12:00 PM-3:00 PM');
    expect(ack?.text).toContain('+1 (512) 555-0199');
    expect(ack?.replyTo?.value.map((address) => address.address)).toEqual(['leasing@dimora.example']);
    // Back to the defaults for the tests that follow.
    const restored = await updateSettings({
      db: database.db,
      actor: who('admin'),
      origin: { ip: '192.0.2.9', userAgent: 'test' },
      input: { contactPhone: '+1 (800) 555-0142', contactEmail: 'hello@dimora.example', officeHours: DEFAULT_OFFICE_HOURS },
    });
    expect(restored.ok).toBe(true);
  });
});

describe('answering an inquiry by e-mail', () => {
  it("stores the reply, e-mails it to the sender in the inquiry's language with the last message quoted, audited, without staff addresses", async () => {
    const email = 'marco@example.test';
    const threadId = await inquire({
      property: ownUnit.id,
      email,
      locale: 'it',
      name: 'Marco Bianchi',
      message: 'Posso portare il mio gatto?',
    });
    await runJobs();
    const before = await lastEventId();
    const outcome = await replyToThread({
      db: database.db,
      actor: who('manager'),
      threadId,
      locale: 'it',
      input: { body: 'Certo, i gatti sono benvenuti.\nA presto!', clientId: crypto.randomUUID() },
      origin: { ip: '192.0.2.9', userAgent: 'test' },
    });
    expect(outcome.ok).toBe(true);
    const stored = await database.db.select().from(message).where(eq(message.threadId, threadId)).orderBy(asc(message.id));
    expect(stored.map((row) => [row.authorKind, row.body])).toEqual([
      ['visitor', 'Posso portare il mio gatto?'],
      ['staff', 'Certo, i gatti sono benvenuti.\nA presto!'],
    ]);
    const [queued] = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, LEAD_JOB_TOPICS.reply), eq(outbox.dedupeKey, `contact-reply:${stored[1]!.id}`)));
    expect(queued).toBeDefined();
    // Live to admins and the unit's manager only: an inquiry is not every manager's business.
    const events = await database.db
      .select()
      .from(realtimeEvent)
      .where(and(gt(realtimeEvent.id, before), eq(realtimeEvent.type, 'chat.message')));
    expect(events.map((event) => event.audience).sort()).toEqual(['role:admin', `user:${who('manager').id}`].sort());
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, who('manager').id), eq(auditLog.action, 'contact_reply_sent')));
    expect(audit?.newValues).toMatchObject({ thread_id: threadId, message_id: stored[1]!.id });

    await runJobs();
    const replies = mailsTo(email).filter((mail) => mail.subject?.startsWith('Re:'));
    expect(replies).toHaveLength(1);
    const mail = replies[0]!;
    expect(mail.subject).toBe(`Re: il tuo messaggio a Dimora [#${threadId}]`);
    expect(mail.text).toContain(
      'Ciao Marco Bianchi,\n\nCerto, i gatti sono benvenuti.\nA presto!\n\nPaula Manager, ufficio locazioni Dimora',
    );
    expect(mail.text).toMatch(/Il .+ UTC, Marco Bianchi ha scritto:\n> Posso portare il mio gatto\?/);
    expect(mail.replyTo?.value.map((address) => address.address)).toEqual(['hello@dimora.example']);
    const raw = JSON.stringify({ text: mail.text, html: mail.html, headers: [...mail.headers.entries()] });
    expect(raw).not.toContain(who('manager').email);
    expect(raw).not.toContain('leads.test');

    // A second reply quotes the first one.
    await replyToThread({ db: database.db, actor: who('admin'), threadId, locale: 'en', input: { body: 'PS: the deposit is one month.' } });
    await runJobs();
    const second = mailsTo(email).filter((item) => item.subject?.startsWith('Re:'))[1];
    expect(second?.text).toMatch(/Paula Manager ha scritto:\n> Certo, i gatti sono benvenuti\.\n> A presto!/);
    expect(second?.text).toContain('Ada Admin, ufficio locazioni Dimora');
  });
});

describe('the inbox routes', () => {
  const get = (key: string, path: string) => new Request(`http://dimora.test${path}`, { headers: { cookie: who(key).cookie } });

  it('/admin/messages shows the contact tab with its details, opens an inquiry on its tab, and answers 404 for an unknown thread', async () => {
    const threadId = await inquire({ property: ownUnit.id, name: 'Tab Tester' });
    const tab = await jsonAnswerOf(() =>
      adminMessages.loader({ request: get('admin', '/admin/messages?inboxTab=contact'), params: {}, context } as never),
    );
    const inbox = tab.body.inbox as InboxData;
    expect(tab.status).toBe(200);
    expect(inbox.tab).toBe('contact');
    expect(inbox.list.items.map((item) => item.id)).toContain(threadId);
    expect(inbox.list.items.every((item) => item.kind === 'contact')).toBe(true);
    expect(inbox.counts.contact.unread).toBeGreaterThan(0);
    expect(Object.keys(tab.body.i18n as object)).toContain('leads');

    // A notification link names only the thread: its tab follows.
    const opened = await jsonAnswerOf(() =>
      adminMessages.loader({ request: get('admin', `/admin/messages?thread=${threadId}`), params: {}, context } as never),
    );
    const openedInbox = opened.body.inbox as InboxData;
    expect(openedInbox.tab).toBe('contact');
    expect(openedInbox.selected).toMatchObject({ id: threadId, kind: 'contact', unit: { id: ownUnit.id } });

    const missing = await jsonAnswerOf(() =>
      adminMessages.loader({ request: get('admin', '/admin/messages?thread=999999'), params: {}, context } as never),
    );
    expect(missing.status).toBe(404);
    expect((missing.body.inbox as InboxData).selectedMissing).toBe(true);
  });

  it("a manager sees an inquiry about their unit on /dashboard, not another manager's; /api/inbox answers 404 to them and writes nothing", async () => {
    const threadId = await inquire({ property: ownUnit.id, name: 'Dash Board' });
    const own = await jsonAnswerOf(() =>
      dashboard.loader({ request: get('manager', `/dashboard?thread=${threadId}`), params: {}, context } as never),
    );
    expect((own.body.inbox as InboxData).selected).toMatchObject({ id: threadId, kind: 'contact' });
    const theirs = await jsonAnswerOf(() =>
      dashboard.loader({ request: get('other', `/dashboard?thread=${threadId}`), params: {}, context } as never),
    );
    expect((theirs.body.inbox as InboxData).selected).toBeNull();
    expect((theirs.body.inbox as InboxData).selectedMissing).toBe(true);

    const post = (key: string, fields: Record<string, string>) =>
      jsonAnswerOf(() =>
        inboxApi.action({
          request: new Request('http://dimora.test/api/inbox', {
            method: 'POST',
            headers: { cookie: who(key).cookie },
            body: new URLSearchParams(fields),
          }),
          params: {},
          context,
        } as never),
      );
    const before = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(message)
      .where(eq(message.threadId, threadId));
    const refused = await post('other', { intent: 'reply', threadId: String(threadId), body: 'Let me take this one' });
    expect(refused.status).toBe(404);
    expect((await post('other', { intent: 'close', threadId: String(threadId) })).status).toBe(404);
    const after = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(message)
      .where(eq(message.threadId, threadId));
    expect(after[0]!.n).toBe(before[0]!.n);
    const denied = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, who('other').id), eq(auditLog.action, 'inbox_access_denied'), eq(auditLog.ipAddress, '192.0.2.77')));
    expect(denied.length).toBeGreaterThanOrEqual(3);

    const answered = await post('manager', { intent: 'reply', threadId: String(threadId), body: 'Happy to help!' });
    expect(answered).toMatchObject({ status: 200, body: { ok: true, intent: 'reply', threadId } });
    const [queued] = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, LEAD_JOB_TOPICS.reply), sql`${outbox.payload} ->> 'threadId' = ${String(threadId)}`));
    expect(queued?.payload).toMatchObject({ staffName: 'Paula Manager', body: 'Happy to help!', quoted: { authorName: 'Dash Board' } });
    // Tenants never reach the inbox commands.
    expect((await post('tenant', { intent: 'reply', threadId: String(threadId), body: 'x' })).status).toBe(403);
  });
});
