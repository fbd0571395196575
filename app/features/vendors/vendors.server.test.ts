import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { action, loader } from '~/routes/public/vendor-signup';
import { vendor } from '~/server/db/schema';
import { testContext, useTestDatabase } from '../../../tests/setup/test-db';
import { answerOf } from '../../../tests/setup/action-result';
import { isIsoDate } from '~/lib/iso-date';
import { earliestTodayIso, normalizeWebsite } from './vendors.schemas';
import { submitVendorApplication } from './vendors.server';

const database = useTestDatabase();

type Fields = Record<string, string | string[]>;

function postSignup(fields: Fields, headers: Record<string, string> = {}) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of [value].flat()) body.append(name, item);
  }
  return new Request('http://localhost/vendor-signup', { method: 'POST', body, headers });
}

async function runAction(request: Request) {
  return action({ request, params: {}, context: testContext(database) } as unknown as Parameters<typeof action>[0]);
}

async function vendorsFor(email: string) {
  return database.db
    .select()
    .from(vendor)
    .where(sql`lower(${vendor.email}) = ${email.toLowerCase()}`);
}

/** An ISO date `days` from now (UTC). */
function isoInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const valid: Fields = {
  companyName: 'Lone Star Plumbing LLC',
  contactName: 'Maria Gonzalez',
  email: 'office@lonestarplumbing.example',
  phone: '(512) 555-0123',
  website: 'https://lonestarplumbing.example',
  trades: ['plumbing', 'hvac'],
  serviceCountries: ['US', 'MX'],
  serviceStates: ['TX', 'OK'],
  insuranceExpiry: isoInDays(200),
  notes: 'Licensed master plumber, 24/7 emergency crew.',
};

describe('vendor sign-up', () => {
  it('a valid application stores one pending vendor with trades, countries and states as arrays', async () => {
    const answer = answerOf(await runAction(postSignup(valid)));
    expect(answer).toEqual({
      status: 200,
      body: {
        ok: true,
        intent: 'apply',
        message:
          'Thank you! Our team will review your application and contact you. You get access to the vendor portal once it is approved.',
      },
    });
    const rows = await vendorsFor('office@lonestarplumbing.example');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      companyName: 'Lone Star Plumbing LLC',
      contactName: 'Maria Gonzalez',
      phone: '(512) 555-0123',
      website: 'https://lonestarplumbing.example/',
      trades: ['plumbing', 'hvac'],
      serviceCountries: ['US', 'MX'],
      serviceStates: ['TX', 'OK'],
      insuranceExpiry: valid.insuranceExpiry,
      notes: 'Licensed master plumber, 24/7 emergency crew.',
      status: 'pending',
      userId: null,
    });
  });

  it('optional fields may be left empty and are stored as null', async () => {
    const answer = answerOf(
      await runAction(
        postSignup({ ...valid, email: 'minimal@example.com', website: '', serviceStates: [], insuranceExpiry: '', notes: '' }),
      ),
    );
    expect(answer.status).toBe(200);
    const [row] = await vendorsFor('minimal@example.com');
    expect(row).toMatchObject({ website: null, serviceStates: [], insuranceExpiry: null, notes: null });
  });

  it('an insurance expiry in the past answers 400 and stores nothing', async () => {
    const answer = answerOf(await runAction(postSignup({ ...valid, email: 'expired@example.com', insuranceExpiry: isoInDays(-3) })));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ insuranceExpiry: 'The insurance expiry date cannot be in the past' });
    expect(answer.body.values).toMatchObject({ email: 'expired@example.com', trades: ['plumbing', 'hvac'] });
    expect(await vendorsFor('expired@example.com')).toHaveLength(0);
  });

  it('a second application with the same e-mail while one is pending answers 422 with a friendly message', async () => {
    await runAction(postSignup({ ...valid, email: 'repeat@example.com' }));
    const answer = answerOf(await runAction(postSignup({ ...valid, email: 'Repeat@Example.com', companyName: 'Other name' })));
    expect(answer.status).toBe(422);
    expect(answer.body.errors.form).toMatch(/already have an application/);
    expect(answer.body.errors.email).toBe('This e-mail address is already registered with us');
    expect(await vendorsFor('repeat@example.com')).toHaveLength(1);
  });

  it('an approved vendor applying again is told to sign in instead', async () => {
    await runAction(postSignup({ ...valid, email: 'approved@example.com' }));
    await database.db
      .update(vendor)
      .set({ status: 'approved' })
      .where(sql`lower(${vendor.email}) = 'approved@example.com'`);
    const answer = answerOf(await runAction(postSignup({ ...valid, email: 'approved@example.com' })));
    expect(answer.status).toBe(422);
    expect(answer.body.errors.form).toMatch(/approved vendor/);
  });

  it('missing choices, a non-web website and states without the United States are refused', async () => {
    const answer = answerOf(
      await runAction(
        postSignup({ ...valid, email: 'choices@example.com', trades: [], serviceCountries: ['CA'], website: 'javascript:alert(1)' }),
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      website: 'Enter a web address starting with http:// or https://',
      trades: 'Select at least one trade',
      serviceStates: 'Select United States among the countries to choose US states',
    });
  });

  it('values outside the fixed lists are refused', async () => {
    const answer = answerOf(
      await runAction(postSignup({ ...valid, email: 'lists@example.com', trades: ['plumbing', 'astrology'], serviceStates: ['ZZ'] })),
    );
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['serviceStates', 'trades']);
  });

  it('an Italian applicant gets the errors in Italian', async () => {
    const answer = answerOf(
      await runAction(
        postSignup(
          { ...valid, email: 'italiano@example.com', companyName: '', insuranceExpiry: isoInDays(-30), serviceCountries: [] },
          { Cookie: 'language=it' },
        ),
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      companyName: 'Campo obbligatorio',
      serviceCountries: 'Seleziona almeno un paese',
      serviceStates: 'Seleziona Stati Uniti tra i paesi per scegliere gli stati USA',
      insuranceExpiry: "La data di scadenza dell'assicurazione non può essere nel passato",
    });
  });

  it('over-long names and notes answer 400', async () => {
    const answer = answerOf(
      await runAction(postSignup({ ...valid, email: 'long@example.com', companyName: 'A'.repeat(121), notes: 'n'.repeat(2001) })),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ companyName: 'Use at most 120 characters', notes: 'Use at most 2000 characters' });
  });

  it('a form posted without JavaScript is answered with a 303 redirect to the success message', async () => {
    const answer = answerOf(await runAction(postSignup({ ...valid, email: 'nojs.vendor@example.com' }, { 'Sec-Fetch-Mode': 'navigate' })));
    expect(answer).toMatchObject({ status: 303, location: '/vendor-signup?sent=1' });
  });

  it('the page loader gives the earliest accepted insurance date and the success flag', async () => {
    const request = new Request('http://localhost/vendor-signup?sent=1');
    const page = await loader({ request, params: {}, context: testContext(database) } as unknown as Parameters<typeof loader>[0]);
    expect(page.sent).toBe(true);
    expect(isIsoDate(page.today)).toBe(true);
  });
});

describe('submitVendorApplication', () => {
  it('accepts an insurance expiry of "today" and refuses the day before', async () => {
    const input = { ...valid, email: 'today@example.com', insuranceExpiry: '2030-05-10' };
    const yesterday = await submitVendorApplication({ db: database.db, locale: 'en', input, today: '2030-05-11' });
    expect(yesterday).toMatchObject({ ok: false, status: 400 });
    const today = await submitVendorApplication({ db: database.db, locale: 'en', input, today: '2030-05-10' });
    expect(today.ok).toBe(true);
  });

  it('refuses an impossible date and one more than 20 years away', async () => {
    for (const insuranceExpiry of ['2030-02-30', '10/05/2030', '2060-01-01']) {
      const result = await submitVendorApplication({
        db: database.db,
        locale: 'en',
        input: { ...valid, email: 'dates@example.com', insuranceExpiry },
        today: '2030-01-01',
      });
      expect(result, insuranceExpiry).toMatchObject({ ok: false, status: 400 });
      if (!result.ok) expect(Object.keys(result.errors)).toEqual(['insuranceExpiry']);
    }
  });
});

describe('vendor form helpers', () => {
  it('normalises websites to http(s) URLs and refuses other schemes', () => {
    expect(normalizeWebsite('acme.example')).toBe('https://acme.example/');
    expect(normalizeWebsite('http://acme.example/about')).toBe('http://acme.example/about');
    expect(normalizeWebsite('')).toBe('');
    for (const bad of ['ftp://acme.example', 'javascript:alert(1)', 'mailto:a@b.example', 'https://user:pw@acme.example', 'localhost']) {
      expect(normalizeWebsite(bad), bad).toBeNull();
    }
  });

  it('"today" is the date at UTC−12, so no time zone sees a valid date as past', () => {
    expect(earliestTodayIso(new Date('2030-05-10T11:59:00Z'))).toBe('2030-05-09');
    expect(earliestTodayIso(new Date('2030-05-10T12:00:00Z'))).toBe('2030-05-10');
  });
});
