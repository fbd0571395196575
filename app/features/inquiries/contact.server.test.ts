import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import en from '~/i18n/locales/en/forms.json';
import { action, loader } from '~/routes/public/contact';
import { message, rateLimit, thread } from '~/server/db/schema';
import { createProperty } from '../../../tests/setup/factories';
import { testContext, useTestDatabase } from '../../../tests/setup/test-db';
import { answerOf } from '../../../tests/setup/action-result';
import { RATE_LIMITS } from '~/lib/constants';
import { DEFAULT_OFFICE_HOURS, formatDayHours } from '~/lib/office-hours';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import { updateSettings } from '~/server/settings/settings.server';
import { describeOfficeHours } from './contact-info.server';
import { submitContactInquiry } from './contact.server';

const database = useTestDatabase();

type Fields = Record<string, string>;

function postContact(fields: Fields, headers: Record<string, string> = {}, search = '') {
  return new Request(`http://localhost/contact${search}`, { method: 'POST', body: new URLSearchParams(fields), headers });
}

async function runAction(request: Request) {
  return action({ request, params: {}, context: testContext(database) } as unknown as Parameters<typeof action>[0]);
}

async function threadsFor(email: string) {
  return database.db.select().from(thread).where(eq(thread.visitorEmail, email));
}

const valid: Fields = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+1 512 555 0100',
  topic: 'leasing',
  message: 'Is the two-bedroom on Main Street still available in June?',
};

describe('contact form', () => {
  it('a valid contact form creates one open contact thread with its first visitor message', async () => {
    const answer = answerOf(await runAction(postContact({ ...valid, email: 'ada.valid@example.com' })));
    expect(answer).toEqual({
      status: 200,
      body: { ok: true, intent: 'contact', message: 'Thanks! Your message has been sent. We reply within 24 hours.' },
    });

    const threads = await threadsFor('ada.valid@example.com');
    expect(threads).toHaveLength(1);
    const [created] = threads;
    expect(created).toMatchObject({
      kind: 'contact',
      status: 'open',
      subject: 'Leasing',
      visitorName: 'Ada Lovelace',
      visitorPhone: '+1 512 555 0100',
      locale: 'en',
      propertyId: null,
      userId: null,
    });
    const messages = await database.db.select().from(message).where(eq(message.threadId, created!.id));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ authorKind: 'visitor', body: valid.message, authorUserId: null });
  });

  it('a message about a listing is tied to that property and names it in the subject', async () => {
    const home = await createProperty(database.db, { title: 'Sunny loft' });
    await runAction(postContact({ ...valid, email: 'about.home@example.com', property: String(home.id) }));
    const [created] = await threadsFor('about.home@example.com');
    expect(created?.propertyId).toBe(home.id);
    expect(created?.subject).toBe(`Leasing · #${home.id} Sunny loft`);
  });

  it('an unknown property id is dropped rather than refused', async () => {
    const answer = answerOf(await runAction(postContact({ ...valid, email: 'ghost.home@example.com', property: '99999999' })));
    expect(answer.status).toBe(200);
    const [created] = await threadsFor('ghost.home@example.com');
    expect(created?.propertyId).toBeNull();
  });

  it('an invalid e-mail answers 400 with a field error, keeps what was typed and writes nothing', async () => {
    const before = await database.db.select().from(thread);
    const answer = answerOf(await runAction(postContact({ ...valid, email: 'not-an-address' })));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ email: 'Enter a valid e-mail address' });
    expect(answer.body.values).toMatchObject({ name: 'Ada Lovelace', email: 'not-an-address', message: valid.message });
    const after = await database.db.select().from(thread);
    expect(after).toHaveLength(before.length);
  });

  it('a message over 5000 characters answers 400 and stores nothing', async () => {
    const answer = answerOf(await runAction(postContact({ ...valid, email: 'long@example.com', message: 'x'.repeat(5001) })));
    expect(answer.status).toBe(400);
    expect(answer.body.errors.message).toBe('Use at most 5000 characters');
    expect(await threadsFor('long@example.com')).toHaveLength(0);
  });

  it('missing required fields each get their own message', async () => {
    const answer = answerOf(await runAction(postContact({ name: '   ', email: '', topic: 'sales', message: 'hi' })));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      name: 'This field is required',
      email: 'This field is required',
      topic: 'Choose a topic',
      message: 'Use at least 10 characters',
    });
  });

  it('an Italian visitor gets the errors in Italian', async () => {
    const answer = answerOf(await runAction(postContact({ ...valid, email: 'sbagliata', phone: 'abc' }, { Cookie: 'language=it' })));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      email: 'Inserisci un indirizzo e-mail valido',
      phone: 'Inserisci un numero di telefono valido (solo cifre, spazi e + ( ) -)',
    });
  });

  it('an Italian inquiry keeps its locale for the reply', async () => {
    await runAction(postContact({ ...valid, email: 'italia@example.com' }, { Cookie: 'language=it' }));
    const [created] = await threadsFor('italia@example.com');
    expect(created?.locale).toBe('it');
  });

  it('a form posted without JavaScript is answered with a 303 redirect to the success message', async () => {
    const answer = answerOf(await runAction(postContact({ ...valid, email: 'nojs@example.com' }, { 'Sec-Fetch-Mode': 'navigate' })));
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/contact?sent=1');
    expect(await threadsFor('nojs@example.com')).toHaveLength(1);
  });

  it('a client over the default rate limit gets 429 with Retry-After and what it typed back, and nothing is stored', async () => {
    const context = testContext(database, { clientIp: '203.0.113.77' });
    await database.db.insert(rateLimit).values({ key: 'default:203.0.113.77', count: RATE_LIMITS.default });
    const request = postContact({ ...valid, email: 'too.many@example.com' });
    const result = await action({ request, params: {}, context } as unknown as Parameters<typeof action>[0]);
    const answer = answerOf(result);
    expect(answer.status).toBe(429);
    const headers = new Headers((result as { init: ResponseInit }).init.headers);
    expect(Number(headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(answer.body).toMatchObject({ ok: false, intent: 'contact', errors: {}, rateLimited: { action: 'default' } });
    expect(answer.body.values).toMatchObject({ name: 'Ada Lovelace', email: 'too.many@example.com' });
    expect(await threadsFor('too.many@example.com')).toHaveLength(0);
  });
});

describe('contact page loader', () => {
  async function load(search: string, headers: Record<string, string> = {}) {
    const request = new Request(`http://localhost/contact${search}`, { headers });
    return loader({ request, params: {}, context: testContext(database) } as unknown as Parameters<typeof loader>[0]);
  }

  it('shows the listing the visitor came from and preselects leasing', async () => {
    const home = await createProperty(database.db, { title: 'Garden flat', titleIt: 'Appartamento con giardino' });
    const page = await load(`?property=${home.id}`);
    expect(page.property).toEqual({ id: home.id, title: 'Garden flat' });
    expect(page.topic).toBe('leasing');
    const italian = await load(`?property=${home.id}`, { Cookie: 'language=it' });
    expect(italian.property?.title).toBe('Appartamento con giardino');
    expect(italian.meta.title).toBe('Contatti · Dimora');
  });

  it('shows the office details stored in /admin/system, without a restart', async () => {
    const defaults = await load('');
    expect(defaults.contact).toMatchObject({
      phone: '+1 (800) 555-0142',
      email: 'hello@dimora.example',
      address: '',
      officeHours: DEFAULT_OFFICE_HOURS,
    });
    expect(defaults.meta.description).toBe(
      'Call, write or visit Dimora: office hours Monday-Friday 9:00 AM-6:00 PM and Saturday 10:00 AM-4:00 PM. We reply within 24 hours.',
    );
    const admin = await createVerifiedUser(database.db, { email: 'admin@contact.test', password: 'contact-keeper-pass', role: 'admin' });
    const saved = await updateSettings({
      db: database.db,
      actor: { id: admin.id, role: 'admin' },
      origin: { ip: '127.0.0.1', userAgent: 'vitest' },
      input: {
        contactPhone: '+1 512 555 0100',
        contactAddress: '100 Congress Ave, Austin, TX 78701',
        companyName: 'Casa Dimora',
        officeHours: { weekdays: { opens: '08:00', closes: '17:30' }, saturday: null, sunday: { opens: '12:00', closes: '15:00' } },
      },
    });
    expect(saved.ok).toBe(true);
    const page = await load('', { Cookie: 'language=it' });
    expect(page.contact).toMatchObject({
      phone: '+1 512 555 0100',
      address: '100 Congress Ave, Austin, TX 78701',
      companyName: 'Casa Dimora',
    });
    expect(page.meta.description).toBe(
      "Chiama, scrivi o vieni a trovarci: orari d'ufficio lunedì-venerdì 8:00-17:30 e domenica 12:00-15:00. Rispondiamo entro 24 ore.",
    );
    expect((await load('')).meta.description).toContain(
      'visit Casa Dimora: office hours Monday-Friday 8:00 AM-5:30 PM and Sunday 12:00 PM-3:00 PM.',
    );
  });

  it('ignores an unknown or malformed property and reads the success flag', async () => {
    expect((await load('?property=abc')).property).toBeNull();
    expect((await load('?property=424242')).property).toBeNull();
    expect((await load('?sent=1')).sent).toBe(true);
    expect((await load('?topic=vendor')).topic).toBe('vendor');
  });
});

describe('submitContactInquiry', () => {
  it('trims and cleans the input and stores an empty phone as null', async () => {
    const result = await submitContactInquiry({
      db: database.db,
      locale: 'en',
      input: {
        name: '  Grace \u0007Hopper ',
        email: ' grace@example.com ',
        phone: '',
        topic: 'maintenance',
        message: '  The kitchen tap drips.\r\nThanks  ',
      },
    });
    expect(result.ok).toBe(true);
    const [created] = await threadsFor('grace@example.com');
    expect(created).toMatchObject({ visitorName: 'Grace Hopper', visitorPhone: null, subject: 'Maintenance' });
    const [first] = await database.db.select().from(message).where(eq(message.threadId, created!.id));
    expect(first?.body).toBe('The kitchen tap drips.\nThanks');
  });

  it('refuses input with missing fields without throwing', async () => {
    const result = await submitContactInquiry({ db: database.db, locale: 'it', input: {} });
    expect(result).toMatchObject({ ok: false, status: 400 });
    if (!result.ok) expect(result.errors.name).toBe('Campo obbligatorio');
  });
});

describe('contact copy', () => {
  it('the default office hours are the spec’s in both languages (the hours themselves are settings)', () => {
    expect(en.contact.hours).toMatchObject({ weekdays: 'Monday-Friday', saturday: 'Saturday', sunday: 'Sunday', closed: 'Closed' });
    expect(formatDayHours(DEFAULT_OFFICE_HOURS.weekdays, 'en')).toBe('9:00 AM-6:00 PM');
    expect(formatDayHours(DEFAULT_OFFICE_HOURS.saturday, 'en')).toBe('10:00 AM-4:00 PM');
    expect(formatDayHours(DEFAULT_OFFICE_HOURS.sunday, 'en')).toBeNull();
    expect(formatDayHours(DEFAULT_OFFICE_HOURS.weekdays, 'it')).toBe('9:00-18:00');
    expect(formatDayHours(DEFAULT_OFFICE_HOURS.saturday, 'it')).toBe('10:00-16:00');
    expect(describeOfficeHours(DEFAULT_OFFICE_HOURS, 'en')).toBe('Monday-Friday 9:00 AM-6:00 PM and Saturday 10:00 AM-4:00 PM');
    expect(describeOfficeHours(DEFAULT_OFFICE_HOURS, 'it')).toBe('lunedì-venerdì 9:00-18:00 e sabato 10:00-16:00');
    expect(en.contact.success).toBe('Thanks! Your message has been sent. We reply within 24 hours.');
  });
});
