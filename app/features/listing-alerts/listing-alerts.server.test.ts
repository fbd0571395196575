import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import itMail from '~/i18n/locales/it/mail.json';
import { action, loader } from '~/routes/public/subscriptions';
import { listingAlert, mailMessage } from '~/server/db/schema';
import { testContext, TEST_PUBLIC_URL, useTestDatabase } from '../../../tests/setup/test-db';
import { startSmtpSink, type SmtpSink } from '../../../tests/setup/smtp';
import { answerOf } from '../../../tests/setup/action-result';
import { ALERTS_PER_EMAIL_MAX, isAlertToken } from './listing-alerts.schemas';
import { confirmListingAlert, createAlertToken, subscribeToListingAlerts, unsubscribeListingAlert } from './listing-alerts.server';

const database = useTestDatabase();

function postAlert(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request('http://localhost/subscriptions', { method: 'POST', body: new URLSearchParams(fields), headers });
}

async function runAction(request: Request) {
  return action({ request, params: {}, context: testContext(database) } as unknown as Parameters<typeof action>[0]);
}

async function load(search: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost/subscriptions${search}`, { headers });
  return loader({ request, params: {}, context: testContext(database) } as unknown as Parameters<typeof loader>[0]);
}

/** The mail options of the test context (dev mailbox). */
function mailOptions() {
  const context = testContext(database);
  return { mailer: context.mailer, publicUrl: context.publicUrl };
}

async function alertsFor(email: string) {
  return database.db
    .select()
    .from(listingAlert)
    .where(sql`lower(${listingAlert.email}) = ${email.toLowerCase()}`)
    .orderBy(listingAlert.id);
}

describe('listing alert subscriptions', () => {
  it('saving an alert stores the e-mail, criteria and locale as pending with two distinct random tokens', async () => {
    const answer = answerOf(
      await runAction(postAlert({ email: 'renter@example.com', capacity: '2', location: 'Austin', minPrice: '1000', maxPrice: '2500' })),
    );
    expect(answer).toEqual({
      status: 200,
      body: {
        ok: true,
        intent: 'subscribe',
        state: 'pending',
        message: 'Your search is saved. We are sending you an e-mail with a confirmation link: alerts start as soon as you confirm.',
      },
    });
    const [alert, ...others] = await alertsFor('renter@example.com');
    expect(others).toHaveLength(0);
    expect(alert).toMatchObject({
      email: 'renter@example.com',
      criteria: { capacity: 2, location: 'Austin', minPrice: 1000, maxPrice: 2500 },
      locale: 'en',
      status: 'pending',
      confirmedAt: null,
    });
    expect(isAlertToken(alert!.confirmToken)).toBe(true);
    expect(isAlertToken(alert!.unsubscribeToken)).toBe(true);
    expect(alert!.confirmToken).not.toBe(alert!.unsubscribeToken);
  });

  it('empty criteria fields are left out of the saved search', async () => {
    await runAction(postAlert({ email: 'anything@example.com', capacity: '', location: '  ', minPrice: '', maxPrice: '1800' }));
    const [alert] = await alertsFor('anything@example.com');
    expect(alert?.criteria).toEqual({ maxPrice: 1800 });
  });

  it('the same e-mail and criteria twice keeps one row and updates its locale', async () => {
    const fields = { email: 'twice@example.com', capacity: '3', location: 'Denver, CO', minPrice: '', maxPrice: '' };
    await runAction(postAlert(fields));
    const again = answerOf(
      await runAction(postAlert({ ...fields, email: 'TWICE@example.com', location: 'denver, co' }, { Cookie: 'language=it' })),
    );
    expect(again).toMatchObject({
      status: 200,
      body: { ok: true, intent: 'subscribe', state: 'pending', message: expect.stringContaining('ricerca') },
    });
    const alerts = await alertsFor('twice@example.com');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.locale).toBe('it');
  });

  it('a different search for the same e-mail adds a second alert', async () => {
    await runAction(postAlert({ email: 'two.searches@example.com', location: 'Austin' }));
    await runAction(postAlert({ email: 'two.searches@example.com', location: 'Austin', capacity: '2' }));
    expect(await alertsFor('two.searches@example.com')).toHaveLength(2);
  });

  it('subscribing again to a confirmed search answers "already subscribed" without a new row', async () => {
    await runAction(postAlert({ email: 'confirmed@example.com', location: 'Miami' }));
    const [alert] = await alertsFor('confirmed@example.com');
    await confirmListingAlert({ db: database.db, token: alert!.confirmToken });
    const again = answerOf(await runAction(postAlert({ email: 'confirmed@example.com', location: 'Miami' })));
    expect(again.body).toMatchObject({ ok: true, state: 'confirmed', message: expect.stringContaining('already active') });
    expect(await alertsFor('confirmed@example.com')).toHaveLength(1);
  });

  it('an invalid e-mail or a reversed price range answers 400 with field errors and saves nothing', async () => {
    const answer = answerOf(await runAction(postAlert({ email: 'nobody', minPrice: '3000', maxPrice: '1000', capacity: '9' })));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      email: 'Enter a valid e-mail address',
      capacity: 'Choose a capacity from the list',
      maxPrice: 'The maximum rent must be at least the minimum rent',
    });
    expect(answer.body.values).toMatchObject({ email: 'nobody', minPrice: '3000', maxPrice: '1000' });
    expect(await alertsFor('nobody')).toHaveLength(0);
  });

  it('an Italian visitor gets the errors in Italian', async () => {
    const answer = answerOf(await runAction(postAlert({ email: '', minPrice: '-5' }, { Cookie: 'language=it' })));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      email: 'Campo obbligatorio',
      minPrice: 'Inserisci un importo intero tra 0 e 100.000',
    });
  });

  it(`an address may hold at most ${ALERTS_PER_EMAIL_MAX} active alerts`, async () => {
    for (let capacity = 1; capacity <= 4; capacity += 1) {
      for (const location of ['Austin', 'Dallas', 'Houston']) {
        await subscribeToListingAlerts({
          ...mailOptions(),
          db: database.db,
          locale: 'en',
          input: { email: 'busy@example.com', capacity: String(capacity), location },
        });
      }
    }
    const alerts = await alertsFor('busy@example.com');
    expect(alerts).toHaveLength(ALERTS_PER_EMAIL_MAX);
    const answer = answerOf(await runAction(postAlert({ email: 'busy@example.com', location: 'Boston' })));
    expect(answer.status).toBe(422);
    expect(answer.body.errors.email).toContain(`${ALERTS_PER_EMAIL_MAX} active alerts`);
  });

  it('a form posted without JavaScript is answered with a 303 redirect to the double opt-in message', async () => {
    const answer = answerOf(await runAction(postAlert({ email: 'nojs.alert@example.com' }, { 'Sec-Fetch-Mode': 'navigate' })));
    expect(answer).toMatchObject({ status: 303, location: '/subscriptions?subscribed=pending' });
  });
});

describe('subscriptions page loader', () => {
  it('prefills the form from a listing search query string', async () => {
    const page = await load('?location=Austin&capacity=2&minPrice=900&maxPrice=abc&sort=price_asc');
    expect(page.initial).toEqual({ email: '', capacity: '2', location: 'Austin', minPrice: '900', maxPrice: '', frequency: 'immediate' });
    expect(page.notice).toBeNull();
  });

  it('an unsubscribe link asks first (opening it changes nothing); once stopped, the link says it is done', async () => {
    await subscribeToListingAlerts({
      ...mailOptions(),
      db: database.db,
      locale: 'en',
      input: { email: 'leaving@example.com', location: 'Austin' },
    });
    const [alert] = await alertsFor('leaving@example.com');
    const page = await load(`?unsubscribe=${alert!.unsubscribeToken}`);
    expect(page.notice).toEqual({ link: 'unsubscribe', outcome: 'ask', criteria: { location: 'Austin' }, token: alert!.unsubscribeToken });
    expect((await alertsFor('leaving@example.com'))[0]?.status).toBe('pending');
    expect(await unsubscribeListingAlert({ db: database.db, token: alert!.unsubscribeToken })).toMatchObject({ outcome: 'done' });
    const [after] = await alertsFor('leaving@example.com');
    expect(after?.status).toBe('unsubscribed');
    const second = await load(`?unsubscribe=${alert!.unsubscribeToken}`);
    expect(second.notice).toEqual({ link: 'unsubscribe', outcome: 'done', criteria: { location: 'Austin' } });
  });

  it('an unknown or malformed unsubscribe token shows a clear notice instead of failing', async () => {
    expect((await load(`?unsubscribe=${createAlertToken()}`)).notice).toEqual({ link: 'unsubscribe', outcome: 'unknown' });
    expect((await load('?unsubscribe=%3Cscript%3E')).notice).toEqual({ link: 'unsubscribe', outcome: 'unknown' });
    expect((await load('?unsubscribe=')).notice).toEqual({ link: 'unsubscribe', outcome: 'unknown' });
  });

  it('a confirmation link confirms a pending alert once', async () => {
    await subscribeToListingAlerts({
      ...mailOptions(),
      db: database.db,
      locale: 'en',
      input: { email: 'confirming@example.com', capacity: '1' },
    });
    const [alert] = await alertsFor('confirming@example.com');
    const page = await load(`?confirm=${alert!.confirmToken}`);
    expect(page.notice).toMatchObject({ link: 'confirm', outcome: 'done' });
    const [after] = await alertsFor('confirming@example.com');
    expect(after?.status).toBe('confirmed');
    expect(after?.confirmedAt).toBeInstanceOf(Date);
    expect((await load(`?confirm=${createAlertToken()}`)).notice).toEqual({ link: 'confirm', outcome: 'unknown' });
  });
});

describe('unsubscribing and subscribing again', () => {
  it('a search subscribed again after unsubscribing starts over as pending with new tokens, and the old confirm link is void', async () => {
    const input = { email: 'comeback@example.com', location: 'Phoenix' };
    await subscribeToListingAlerts({ ...mailOptions(), db: database.db, locale: 'en', input });
    const [first] = await alertsFor('comeback@example.com');
    expect((await unsubscribeListingAlert({ db: database.db, token: first!.unsubscribeToken })).outcome).toBe('done');
    expect((await confirmListingAlert({ db: database.db, token: first!.confirmToken })).outcome).toBe('cancelled');

    const again = await subscribeToListingAlerts({ ...mailOptions(), db: database.db, locale: 'en', input });
    expect(again).toMatchObject({ ok: true, status: 'pending', created: false });
    const rows = await alertsFor('comeback@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', id: first!.id });
    expect(rows[0]!.confirmToken).not.toBe(first!.confirmToken);
    expect(rows[0]!.unsubscribeToken).not.toBe(first!.unsubscribeToken);
    expect((await unsubscribeListingAlert({ db: database.db, token: first!.unsubscribeToken })).outcome).toBe('unknown');
  });

  it('two identical subscriptions at the same moment leave a single row', async () => {
    const input = { email: 'race@example.com', capacity: '2', location: 'Austin' };
    const results = await Promise.all([
      subscribeToListingAlerts({ ...mailOptions(), db: database.db, locale: 'en', input }),
      subscribeToListingAlerts({ ...mailOptions(), db: database.db, locale: 'en', input }),
    ]);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(await alertsFor('race@example.com')).toHaveLength(1);
  });

  it('tokens are 32 url-safe characters and never repeat', () => {
    const tokens = new Set(Array.from({ length: 200 }, createAlertToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});

describe('the confirmation e-mail (real SMTP round trip)', () => {
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });

  afterAll(async () => {
    await sink.close();
  });

  function smtpContext() {
    return testContext(database, { smtpUrl: sink.url });
  }

  function linksIn(text: string) {
    const urls = text.match(/https?:\/\/\S+/g) ?? [];
    const find = (param: string) => {
      const found = urls.map((url) => new URL(url)).find((url) => url.pathname === '/subscriptions' && url.searchParams.has(param));
      if (!found) throw new Error(`no ${param} link in:\n${text}`);
      return found;
    };
    return { confirm: find('confirm'), unsubscribe: find('unsubscribe') };
  }

  it('an Italian subscription is e-mailed in Italian with a confirm link that confirms the alert', async () => {
    const context = smtpContext();
    const answer = answerOf(
      await action({
        request: postAlert({ email: 'Rosa.Rossi@example.it', location: 'Austin', capacity: '2' }, { Cookie: 'language=it' }),
        params: {},
        context,
      } as unknown as Parameters<typeof action>[0]),
    );
    expect(answer).toMatchObject({ status: 200, body: { ok: true, state: 'pending' } });

    const mail = await sink.waitFor('rosa.rossi@example.it');
    expect(mail.subject).toBe(itMail.alert.subject);
    expect(mail.text).toContain(itMail.greetingAnonymous);
    expect(mail.text).toContain(itMail.alert.intro);
    expect(mail.text).toContain(itMail.alert.action);
    expect(mail.html).toContain(itMail.alert.intro.replace(/'/g, '&#39;'));

    const [alert] = await alertsFor('rosa.rossi@example.it');
    const links = linksIn(mail.text);
    expect(links.confirm.origin).toBe(TEST_PUBLIC_URL);
    expect(links.confirm.searchParams.get('confirm')).toBe(alert!.confirmToken);
    expect(links.unsubscribe.searchParams.get('unsubscribe')).toBe(alert!.unsubscribeToken);

    expect(await confirmListingAlert({ db: database.db, token: links.confirm.searchParams.get('confirm') })).toEqual({
      outcome: 'done',
      criteria: { location: 'Austin', capacity: 2 },
    });
    const [after] = await alertsFor('rosa.rossi@example.it');
    expect(after?.status).toBe('confirmed');
  });

  it('subscribing again while the alert is pending re-sends the same links; a confirmed alert gets no new e-mail', async () => {
    const context = smtpContext();
    const options = {
      db: database.db,
      mailer: context.mailer,
      publicUrl: context.publicUrl,
      input: { email: 'again@example.com', location: 'Denver' },
    };
    await subscribeToListingAlerts({ ...options, locale: 'en' });
    const first = await sink.waitFor('again@example.com');
    expect(first.subject).toBe('Confirm your Dimora listing alert');

    const resent = await subscribeToListingAlerts({ ...options, locale: 'it' });
    expect(resent).toMatchObject({ ok: true, status: 'pending', created: false });
    const second = await sink.waitFor('again@example.com');
    expect(second.subject).toBe(itMail.alert.subject);
    expect(linksIn(second.text).confirm.href).toBe(linksIn(first.text).confirm.href);

    await confirmListingAlert({ db: database.db, token: linksIn(second.text).confirm.searchParams.get('confirm') });
    const before = sink.messages.length;
    const already = await subscribeToListingAlerts({ ...options, locale: 'en' });
    expect(already).toMatchObject({ ok: true, status: 'confirmed' });
    // The service awaits its e-mail and the sink records a message before it accepts it: had one
    // been sent, it would be here already, with no wait.
    expect(sink.messages.length).toBe(before);
  });

  it('invalid input sends nothing', async () => {
    const context = smtpContext();
    const before = sink.messages.length;
    const invalid = await subscribeToListingAlerts({
      db: database.db,
      mailer: context.mailer,
      publicUrl: context.publicUrl,
      locale: 'en',
      input: { email: 'not-an-address' },
    });
    expect(invalid.ok).toBe(false);
    expect(sink.messages.length).toBe(before);
  });

  it('a mail server that cannot be reached is logged and the alert is still saved', async () => {
    const down = await startSmtpSink();
    await down.close();
    const context = testContext(database, { smtpUrl: down.url });
    const logger = { error: vi.fn(), info: vi.fn() };
    const result = await subscribeToListingAlerts({
      db: database.db,
      mailer: context.mailer,
      publicUrl: context.publicUrl,
      logger,
      locale: 'en',
      input: { email: 'offline@example.com', location: 'Miami' },
    });
    expect(result).toMatchObject({ ok: true, status: 'pending', created: true });
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(await alertsFor('offline@example.com')).toHaveLength(1);
  });
});

describe('the confirmation e-mail through the dev mailbox', () => {
  it('a subscription without SMTP stores the message in the mailbox with both links', async () => {
    await runAction(postAlert({ email: 'mailbox.alert@example.com', maxPrice: '2000' }));
    const [alert] = await alertsFor('mailbox.alert@example.com');
    const stored = await database.db.select().from(mailMessage).where(eq(mailMessage.to, 'mailbox.alert@example.com'));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.text).toContain(`${TEST_PUBLIC_URL}/subscriptions?confirm=${alert!.confirmToken}`);
    expect(stored[0]?.text).toContain(`${TEST_PUBLIC_URL}/subscriptions?unsubscribe=${alert!.unsubscribeToken}`);
  });
});
