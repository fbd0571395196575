/**
 * Passwords against a real database (decision 023): the policy's refusals with
 * their messages at registration, reset and change (and on better-auth's own endpoints),
 * argon2id hashes, an old scrypt hash verified then rehashed at sign-in, the weak-password flag
 * that sends the user to /account/password until the change, and the hasher's bounded queue
 * answering 503 with `Retry-After`.
 */
import { hashPassword as scryptHash } from 'better-auth/crypto';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { action as passwordAction, loader as passwordLoader } from '../account/password';
import { action as authAction } from './_index';
import { action as forgotAction } from './forgot';
import { account, auditLog, mailMessage, user } from '~/server/db/schema';
import { answerOf, headersOf, sessionCookie } from '../../../tests/setup/action-result';
import { TEST_PUBLIC_URL, testContext, useTestDatabase } from '../../../tests/setup/test-db';
import { createAuthServices } from '../../../tests/setup/auth-services';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import { createPasswordHasher } from '~/server/auth/password-hash.server';
import { PASSWORD_CHANGE_PATH, requireRole } from '~/server/auth/session.server';
import type { DimoraLoadContext } from '~/server/load-context';

const database = useTestDatabase();

let counter = 0;
function fresh(tag: string): { email: string; ip: string } {
  counter += 1;
  return { email: `${tag}.${counter}@passwords.test`, ip: `198.51.100.${counter}` };
}

type RouteFn = (args: never) => unknown;
type Options = { ip: string; cookie?: string; language?: string; context?: DimoraLoadContext };

function request(path: string, { cookie, language }: Options, body?: Record<string, string>): Request {
  const cookies = [cookie, language ? `language=${language}` : null].filter(Boolean).join('; ');
  return new Request(`${TEST_PUBLIC_URL}${path}`, {
    method: body ? 'POST' : 'GET',
    body: body ? new URLSearchParams(body) : undefined,
    headers: { 'user-agent': 'passwords-test', ...(cookies ? { cookie: cookies } : {}) },
  });
}

function call(fn: RouteFn, path: string, options: Options, body?: Record<string, string>) {
  const context = options.context ?? testContext(database, { clientIp: options.ip });
  return fn({ request: request(path, options, body), context, params: {} } as never);
}

/** Registers from a fresh address each time, so the sign-up rate limit never interferes. */
const register = (email: string, password: string, options: Options) =>
  call(
    authAction,
    '/auth',
    { ...options, ip: options.context ? options.ip : fresh('ip').ip },
    { intent: 'register', email, password, fullName: 'Paolo Policy', role: 'tenant' },
  );
const signIn = (email: string, password: string, options: Options, redirectTo = '/') =>
  call(authAction, '/auth', options, { intent: 'sign-in', email, password, redirectTo });

async function credentialHash(userId: string): Promise<string> {
  const [row] = await database.db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  return row!.password!;
}

/** A verified account whose stored hash is better-auth's old scrypt format for `password`. */
async function legacyAccount(tag: string, password: string) {
  const { email, ip } = fresh(tag);
  const created = await createVerifiedUser(database.db, { email, password: 'placeholder-pass-9', role: 'tenant' });
  await database.db
    .update(account)
    .set({ password: await scryptHash(password) })
    .where(eq(account.userId, created.id));
  return { ...created, ip };
}

describe('registration', () => {
  it('refuses a common password, one containing the e-mail, a short and a long one, with the messages (en/it)', async () => {
    const { email, ip } = fresh('rita.renter');
    const common = answerOf(await register(email, 'password123', { ip }));
    expect(common.status).toBe(422);
    expect(common.body.errors.password).toBe('This password is one of the most common passwords. Please choose another one.');
    const commonIt = answerOf(await register(email, 'Qwerty123', { ip, language: 'it' }));
    expect(commonIt.body.errors.password).toBe("Questa password è tra le più comuni. Scegline un'altra.");

    const local = email.split('@')[0]!;
    const containsEmail = answerOf(await register(email, `My-${local.toUpperCase()}-2026`, { ip }));
    expect(containsEmail.status).toBe(422);
    expect(containsEmail.body.errors.password).toBe('The password must not contain your e-mail address.');
    const containsIt = answerOf(await register(email, `xx${local}xx`, { ip, language: 'it' }));
    expect(containsIt.body.errors.password).toBe('La password non deve contenere il tuo indirizzo e-mail.');

    const short = answerOf(await register(email, 'Zq7#kLm', { ip }));
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toBe('Password must be at least 8 characters long');
    const long = answerOf(await register(email, 'x'.repeat(129), { ip }));
    expect(long.status).toBe(422);
    expect(long.body.errors.password).toBe('Password must be at most 128 characters long');

    const [created] = await database.db.select().from(user).where(eq(user.email, email));
    expect(created).toBeUndefined();
  });

  it('accepts 8 characters and stores an argon2id hash at OWASP parameters', async () => {
    const { email, ip } = fresh('eight');
    expect(answerOf(await register(email, 'Zq7#kLm2', { ip })).status).toBe(200);
    const [created] = await database.db.select().from(user).where(eq(user.email, email));
    expect(await credentialHash(created!.id)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(created!.passwordChangeRequired).toBe(false);
  });

  it("is enforced on better-auth's own endpoints too (the API cannot bypass the policy)", async () => {
    const auth = testContext(database).auth;
    const { email } = fresh('api');
    await expect(auth.api.signUpEmail({ body: { email, password: 'iloveyou1', name: 'Api Person' } })).rejects.toMatchObject({
      body: { code: 'PASSWORD_TOO_COMMON' },
    });
    const response = await auth.handler(
      new Request(`${TEST_PUBLIC_URL}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL },
        body: JSON.stringify({ email, password: `${email.split('@')[0]}-extra-words`, name: 'Api Person' }),
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'PASSWORD_CONTAINS_EMAIL' });
    expect(await database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
  });
});

describe('reset', () => {
  it('refuses a common password and one containing the e-mail, then accepts a good one', async () => {
    const person = fresh('resetter');
    const created = await createVerifiedUser(database.db, { email: person.email, password: 'granite-owl-47', role: 'tenant' });
    await call(forgotAction, '/auth/forgot', person, { intent: 'request', email: person.email });
    const [mail] = await database.db.select().from(mailMessage).where(eq(mailMessage.to, person.email)).orderBy(desc(mailMessage.id));
    const token = new URL(mail!.text.match(/https?:\/\/\S+mode=reset\S+/)![0]).searchParams.get('token')!;
    const reset = (password: string, language?: string) =>
      call(
        forgotAction,
        `/auth/forgot?mode=reset&token=${token}`,
        { ...person, language },
        { intent: 'reset', token, password, confirmPassword: password },
      );

    const common = answerOf(await reset('sunshine1'));
    expect(common.status).toBe(422);
    expect(common.body.errors.password).toBe('This password is one of the most common passwords. Please choose another one.');
    const containsEmail = answerOf(await reset(`new-${person.email.split('@')[0]}`, 'it'));
    expect(containsEmail.status).toBe(422);
    expect(containsEmail.body.errors.password).toBe('La password non deve contenere il tuo indirizzo e-mail.');
    const short = answerOf(await reset('short'));
    expect(short.body.errors.password).toBe('Password must be at least 8 characters long');

    const before = await credentialHash(created.id);
    expect(answerOf(await reset('granite-owl-48'))).toEqual({ status: 200, body: { ok: true, intent: 'reset' } });
    const after = await credentialHash(created.id);
    expect(after).not.toBe(before);
    expect(after.startsWith('$argon2id$')).toBe(true);
  });
});

describe('sign-in with an old hash', () => {
  it('verifies an old scrypt hash and replaces it with argon2id; the password keeps working', async () => {
    const person = await legacyAccount('legacy', 'granite-owl-47');
    const oldHash = await credentialHash(person.id);
    expect(oldHash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);

    const signedIn = answerOf(await signIn(person.email, 'granite-owl-47', person));
    expect(signedIn).toMatchObject({ status: 303, location: '/' });
    const newHash = await credentialHash(person.id);
    expect(newHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    // A wrong password neither signs in nor rewrites anything; the right one still signs in.
    expect(answerOf(await signIn(person.email, 'granite-owl-46', person)).status).toBe(401);
    expect(await credentialHash(person.id)).toBe(newHash);
    expect(answerOf(await signIn(person.email, 'granite-owl-47', person)).status).toBe(303);
    expect(await credentialHash(person.id)).toBe(newHash);
  });
});

describe('a weak password at sign-in', () => {
  it('flags the account and keeps its pages on /account/password until the password changes', async () => {
    const person = await legacyAccount('weakling', 'abc123');
    const signedIn = await signIn(person.email, 'abc123', person, '/dashboard');
    expect(answerOf(signedIn)).toMatchObject({ status: 303, location: `${PASSWORD_CHANGE_PATH}?redirectTo=%2Fdashboard` });
    const [flagged] = await database.db.select().from(user).where(eq(user.id, person.id));
    expect(flagged!.passwordChangeRequired).toBe(true);
    const cookie = sessionCookie(signedIn);

    // Every guarded page leads to the change page, remembering where the user was going.
    const context = testContext(database, { clientIp: person.ip });
    const guarded = await requireRole(request('/tenant-portal?tab=payments', { ip: person.ip, cookie }), context, 'tenant').catch(
      (thrown: unknown) => thrown,
    );
    expect(guarded).toBeInstanceOf(Response);
    expect((guarded as Response).headers.get('location')).toBe(
      `${PASSWORD_CHANGE_PATH}?redirectTo=${encodeURIComponent('/tenant-portal?tab=payments')}`,
    );
    const page = answerOf(await call(passwordLoader, `${PASSWORD_CHANGE_PATH}?redirectTo=%2Fdashboard`, { ip: person.ip, cookie }));
    expect(page.body).toMatchObject({ required: true, redirectTo: '/dashboard' });

    const change = (fields: Record<string, string>, language?: string) =>
      call(
        passwordAction,
        PASSWORD_CHANGE_PATH,
        { ip: person.ip, cookie, language },
        { intent: 'change', redirectTo: '/dashboard', ...fields },
      );
    const wrong = answerOf(await change({ currentPassword: 'abc124', password: 'granite-owl-47', confirmPassword: 'granite-owl-47' }));
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.currentPassword).toBe('The current password is not correct.');
    const common = answerOf(await change({ currentPassword: 'abc123', password: 'password1', confirmPassword: 'password1' }));
    expect(common.status).toBe(422);
    expect(common.body.errors.password).toBe('This password is one of the most common passwords. Please choose another one.');
    const containsEmail = answerOf(
      await change({
        currentPassword: 'abc123',
        password: `${person.email.split('@')[0]}!!`,
        confirmPassword: `${person.email.split('@')[0]}!!`,
      }),
    );
    expect(containsEmail.body.errors.password).toBe('The password must not contain your e-mail address.');
    const short = answerOf(await change({ currentPassword: 'abc123', password: 'Zq7#kLm', confirmPassword: 'Zq7#kLm' }, 'it'));
    expect(short.body.errors.password).toBe('La password deve contenere almeno 8 caratteri');
    const mismatch = answerOf(await change({ currentPassword: 'abc123', password: 'granite-owl-47', confirmPassword: 'granite-owl-74' }));
    expect(mismatch.body.errors.confirmPassword).toBe('Passwords do not match');
    const [stillFlagged] = await database.db.select().from(user).where(eq(user.id, person.id));
    expect(stillFlagged!.passwordChangeRequired).toBe(true);

    const done = await change({ currentPassword: 'abc123', password: 'granite-owl-47', confirmPassword: 'granite-owl-47' });
    expect(answerOf(done)).toMatchObject({ status: 303, location: '/dashboard' });
    const [cleared] = await database.db.select().from(user).where(eq(user.id, person.id));
    expect(cleared!.passwordChangeRequired).toBe(false);
    expect((await credentialHash(person.id)).startsWith('$argon2id$')).toBe(true);
    const audited = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, person.id), eq(auditLog.action, 'password_changed')));
    expect(audited).toHaveLength(1);

    // The fresh session passes the guards; the old password no longer signs in.
    const viewer = await requireRole(
      request('/tenant-portal', { ip: person.ip, cookie: sessionCookie(done) }),
      testContext(database),
      'tenant',
    );
    expect(viewer).toMatchObject({ id: person.id, passwordChangeRequired: false });
    expect(answerOf(await signIn(person.email, 'abc123', person)).status).toBe(401);
    expect(answerOf(await signIn(person.email, 'granite-owl-47', person))).toMatchObject({ status: 303, location: '/' });
  });

  it('does not flag a password that passes the policy', async () => {
    const person = await legacyAccount('strong', 'granite-owl-47');
    expect(answerOf(await signIn(person.email, 'granite-owl-47', person, '/dashboard'))).toMatchObject({
      status: 303,
      location: '/dashboard',
    });
    const [row] = await database.db.select().from(user).where(eq(user.id, person.id));
    expect(row!.passwordChangeRequired).toBe(false);
  });
});

describe("the hasher's bounded queue", () => {
  it('answers 503 with Retry-After and a translated message when full, never a 500, and recovers', async () => {
    const hasher = createPasswordHasher({ concurrency: 1, maxQueue: 0, retryAfterS: 7 });
    const { auth } = createAuthServices(database.db, { publicUrl: TEST_PUBLIC_URL, hasher });
    const person = fresh('queued');
    await createVerifiedUser(database.db, { email: person.email, password: 'granite-owl-47', role: 'tenant' });
    const context = { ...testContext(database, { clientIp: person.ip }), auth } as DimoraLoadContext;

    // Hold the only slot.
    let release!: () => void;
    const held = hasher.schedule(() => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(hasher.load()).toBe(1);

    const refused = await signIn(person.email, 'granite-owl-47', { ...person, context });
    expect(answerOf(refused).status).toBe(503);
    expect(headersOf(refused).get('Retry-After')).toBe('7');
    expect(answerOf(refused).body.errors.form).toBe('Too many sign-ins at the moment. Please try again in a few seconds.');
    const other = fresh('queued-signup');
    const signUp = await call(
      authAction,
      '/auth',
      { ...other, context, language: 'it' },
      { intent: 'register', email: other.email, password: 'granite-owl-47', fullName: 'Coda Piena', role: 'tenant' },
    );
    expect(answerOf(signUp).status).toBe(503);
    expect(headersOf(signUp).get('Retry-After')).toBe('7');
    expect(answerOf(signUp).body.errors.form).toBe('Troppi accessi in questo momento. Riprova tra qualche secondo.');
    const api = await auth.handler(
      new Request(`${TEST_PUBLIC_URL}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL },
        body: JSON.stringify({ email: person.email, password: 'granite-owl-47' }),
      }),
    );
    expect(api.status).toBe(503);
    expect(api.headers.get('Retry-After')).toBe('7');

    release();
    await held;
    expect(answerOf(await signIn(person.email, 'granite-owl-47', { ...person, context })).status).toBe(303);
  });
});
