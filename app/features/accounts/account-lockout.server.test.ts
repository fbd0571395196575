/**
 * Decision 023: sign-in throttling per account across client addresses, through the /auth
 * action as the server calls it. 10 wrong passwords from 10 addresses lock the account: the 11th
 * attempt, from an 11th address and with the right password, answers 429 with Retry-After; the
 * owner gets one e-mail per lockout (en/it); an unknown address is locked alike (no enumeration);
 * the delay doubles on further failures; a successful sign-in resets the count.
 *
 * Decision 054: a browser that signed in before carries a signed device cookie; with it the owner
 * signs in while the account is locked for unknown devices, and its own failures lock only it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountThrottleKey, deviceThrottleKey, SIGN_IN_LOCKOUT } from '~/server/account-lockout.server';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S, issueDeviceCookie, readDeviceCookie } from '~/server/auth/device-cookie.server';
import { auditLog, mailMessage, outbox, signInThrottle, user } from '~/server/db/schema';
import { logger } from '~/server/logger.server';
import { processOutboxBatch } from '~/server/outbox/outbox.server';
import { answerOf } from '../../../tests/setup/action-result';
import { TEST_PUBLIC_URL, testContext, useTestDatabase } from '../../../tests/setup/test-db';
import { base32Of, cookieHeaderOf, enrolTwoFactor, TEST_TOTP_KEY, totpNow } from '../../../tests/setup/two-factor';
import { action as authAction } from '~/routes/auth/_index';
import { ACCOUNT_LOCKED_MAIL_TOPIC, accountJobHandlers } from './account-jobs.server';

const database = useTestDatabase();

let counter = 0;
/** A new client address each call: the per-IP login limit (5 a minute) never applies here. */
function freshIp(): string {
  counter += 1;
  return `198.18.${Math.floor(counter / 250)}.${counter % 250}`;
}

async function account(tag: string, locale = 'en') {
  counter += 1;
  const email = `${tag}.${counter}@lockout.test`;
  const created = await createVerifiedUser(database.db, { email, password: 'right-password-1', role: 'tenant', name: `Owner ${tag}` });
  await database.db.update(user).set({ locale }).where(eq(user.id, created.id));
  return { ...created, password: 'right-password-1' };
}

/** Posts the sign-in form to the /auth action; `cookie` is the browser's Cookie header (its device cookie). */
async function signIn(email: string, password: string, { ip = freshIp(), cookie }: { ip?: string; cookie?: string } = {}) {
  return postAuth({ intent: 'sign-in', email, password }, { ip, cookie });
}

async function postAuth(form: Record<string, string>, { ip = freshIp(), cookie }: { ip?: string; cookie?: string } = {}) {
  const request = new Request('http://dimora.test/auth', {
    method: 'POST',
    body: new URLSearchParams(form),
    headers: { 'user-agent': 'lockout-test', ...(cookie ? { cookie } : {}) },
  });
  const result = await authAction({ request, context: testContext(database, { clientIp: ip }), params: {} } as never);
  const init = result && typeof result === 'object' && 'init' in result ? (result as { init?: ResponseInit | null }).init : null;
  return { ...answerOf(result), headers: result instanceof Response ? result.headers : new Headers(init?.headers) };
}

async function failTenTimes(email: string) {
  for (let attempt = 1; attempt <= SIGN_IN_LOCKOUT.failures; attempt += 1) {
    expect((await signIn(email, `wrong-${attempt}`)).status).toBe(401);
  }
}

async function lockMails(userId: string) {
  return database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.topic, ACCOUNT_LOCKED_MAIL_TOPIC), sql`${outbox.dedupeKey} like ${`account_locked:${userId}:%`}`));
}

/** Moves the account's lock (and its episode window) `seconds` into the past: the clock moved. */
async function lockEndsNow(email: string) {
  await database.db
    .update(signInThrottle)
    .set({ lockedUntil: sql`now() - interval '1 second'`, windowStart: sql`now() - interval '1 second'` })
    .where(eq(signInThrottle.key, accountThrottleKey(email)));
}

describe('account lockout across addresses', () => {
  it('10 failures from 10 addresses lock the account: an 11th address gets 429 with Retry-After even with the right password; the owner is e-mailed once', async () => {
    const owner = await account('victim');
    await failTenTimes(owner.email);

    const refused = await signIn(owner.email, owner.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ ok: false, rateLimited: { action: 'login' } });
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_LOCKOUT.baseDelayS);
    // The address's case and blanks do not matter.
    expect((await signIn(`  ${owner.email.toUpperCase()} `, owner.password)).status).toBe(429);

    // The lock is audited once, with the owner; the refusals while locked checked no password
    // (no new sign_in_failed or sign_in_succeeded entries).
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.userId, owner.id));
    expect(entries.filter((entry) => entry.action === 'account_locked')).toHaveLength(1);
    expect(entries.filter((entry) => entry.action === 'sign_in_failed')).toHaveLength(SIGN_IN_LOCKOUT.failures);
    expect(entries.filter((entry) => entry.action === 'sign_in_succeeded')).toHaveLength(0);

    // One e-mail, through the outbox, in the owner's language.
    expect(await lockMails(owner.id)).toHaveLength(1);
    const context = testContext(database);
    await processOutboxBatch({ db: database.db, mailer: context.mailer, logger, publicUrl: TEST_PUBLIC_URL, handlers: accountJobHandlers });
    const mails = await database.db.select().from(mailMessage).where(eq(mailMessage.to, owner.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Sign-in to your Dimora account was paused');
    expect(mails[0]!.text).toContain('sign-in is paused for 30 seconds on every device that has not signed in to it before');
    expect(mails[0]!.text).toContain(`${TEST_PUBLIC_URL}/auth/forgot`);
  });

  it('the delay doubles on a failure after a lock ends, with no second e-mail; a success resets everything', async () => {
    const owner = await account('doubling', 'it');
    await failTenTimes(owner.email);
    await lockEndsNow(owner.email);
    // One more wrong password after the lock: locked again, for twice as long.
    expect((await signIn(owner.email, 'wrong-again')).status).toBe(401);
    const second = await signIn(owner.email, owner.password);
    expect(second.status).toBe(429);
    const retryAfter = Number(second.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(SIGN_IN_LOCKOUT.baseDelayS);
    expect(retryAfter).toBeLessThanOrEqual(2 * SIGN_IN_LOCKOUT.baseDelayS);
    expect(await lockMails(owner.id)).toHaveLength(1);
    const context = testContext(database);
    await processOutboxBatch({ db: database.db, mailer: context.mailer, logger, publicUrl: TEST_PUBLIC_URL, handlers: accountJobHandlers });
    const [mail] = await database.db.select().from(mailMessage).where(eq(mailMessage.to, owner.email));
    expect(mail!.subject).toBe("L'accesso al tuo account Dimora è stato sospeso");
    expect(mail!.text).toContain("l'accesso è sospeso per 30 secondi");

    // The lock ends; the right password signs in and forgets every failure.
    await lockEndsNow(owner.email);
    expect((await signIn(owner.email, owner.password)).status).toBe(303);
    expect(
      await database.db
        .select()
        .from(signInThrottle)
        .where(eq(signInThrottle.key, accountThrottleKey(owner.email))),
    ).toHaveLength(0);
    // Nine new failures do not lock (the count started again).
    for (let attempt = 1; attempt < SIGN_IN_LOCKOUT.failures; attempt += 1) expect((await signIn(owner.email, 'wrong')).status).toBe(401);
    expect((await signIn(owner.email, owner.password)).status).toBe(303);
  });

  it('the delay is capped at 15 minutes', async () => {
    const owner = await account('capped');
    await failTenTimes(owner.email);
    for (let lock = 2; lock <= 8; lock += 1) {
      await lockEndsNow(owner.email);
      expect((await signIn(owner.email, 'wrong')).status).toBe(401);
    }
    const refused = await signIn(owner.email, owner.password);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(SIGN_IN_LOCKOUT.maxDelayS - 60);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_LOCKOUT.maxDelayS);
  });

  it('an address without an account is locked exactly alike (existence is not revealed), and nobody is e-mailed', async () => {
    counter += 1;
    const ghost = `ghost.${counter}@lockout.test`;
    await failTenTimes(ghost);
    const refused = await signIn(ghost, 'anything');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    const mails = await database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = ${ghost}`);
    expect(mails).toHaveLength(0);
    // The counter does not store the address in clear.
    const rows = await database.db
      .select()
      .from(signInThrottle)
      .where(eq(signInThrottle.key, accountThrottleKey(ghost)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('ghost');
  });

  it('failures within the window count together; another account is not affected', async () => {
    const owner = await account('other');
    const bystander = await account('bystander');
    await failTenTimes(owner.email);
    expect((await signIn(bystander.email, bystander.password)).status).toBe(303);
  });
});

/** The `Set-Cookie` value of the device cookie an answer sets, or undefined. */
function deviceSetCookie(headers: Headers): string | undefined {
  return headers.getSetCookie().find((value) => value.startsWith(`${DEVICE_COOKIE}=`));
}

/** Signs `owner` in once from a new browser and answers that browser's device cookie (`name=value`). */
async function trustedBrowser(owner: { email: string; password: string }): Promise<string> {
  const first = await signIn(owner.email, owner.password);
  expect(first.status).toBe(303);
  const set = deviceSetCookie(first.headers);
  expect(set).toBeDefined();
  return set!.split(';')[0]!;
}

/** The claim a device cookie (`name=value`) carries, read with the server's secret. */
async function claimOf(cookie: string) {
  const claim = await readDeviceCookie({ secret: testContext(database).auth.options.secret, cookieHeader: cookie });
  expect(claim).not.toBeNull();
  return claim!;
}

async function throttleRow(key: string) {
  const [row] = await database.db.select().from(signInThrottle).where(eq(signInThrottle.key, key));
  return row;
}

describe('trusted devices (decision 054)', () => {
  it('a successful sign-in sets a signed device cookie for the account: HttpOnly, SameSite=Lax, a year, a new one each time', async () => {
    const owner = await account('cookie');
    expect(deviceSetCookie((await signIn(owner.email, 'wrong')).headers)).toBeUndefined();

    const first = await signIn(owner.email, owner.password);
    expect(first.status).toBe(303);
    const set = deviceSetCookie(first.headers)!;
    expect(set).toContain('; HttpOnly');
    expect(set).toContain('; SameSite=Lax');
    expect(set).toContain('; Path=/');
    expect(set).toContain(`; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`);
    expect(DEVICE_COOKIE_MAX_AGE_S).toBe(365 * 24 * 60 * 60);
    // The test server is http: not Secure (a Secure cookie would never come back).
    expect(set).not.toContain('Secure');
    const claim = await claimOf(set.split(';')[0]!);
    expect(claim.userId).toBe(owner.id);
    expect(Math.abs(claim.issuedAt.getTime() - Date.now())).toBeLessThan(60_000);
    // The cookie holds no e-mail address.
    expect(decodeURIComponent(set)).not.toContain(owner.email);

    const second = await signIn(owner.email, owner.password, { cookie: set.split(';')[0]! });
    const renewed = await claimOf(deviceSetCookie(second.headers)!.split(';')[0]!);
    expect(renewed.userId).toBe(owner.id);
    expect(renewed.nonce).not.toBe(claim.nonce);

    const secure = await issueDeviceCookie({ secret: testContext(database).auth.options.secret, secure: true, userId: owner.id });
    expect(secure).toContain('; Secure');
  });

  it("an account locked by 10 failures from unknown devices still lets the owner's browser in; the lock and its e-mail stay for everyone else", async () => {
    const owner = await account('owner-browser');
    const browser = await trustedBrowser(owner);
    await failTenTimes(owner.email);
    expect((await signIn(owner.email, owner.password)).status).toBe(429);

    // A mistyped password from the owner's browser is answered as such, not refused as locked,
    // and is not counted in the account's lock.
    expect((await signIn(owner.email, 'typo', { cookie: browser })).status).toBe(401);
    expect((await throttleRow(accountThrottleKey(owner.email)))!.failures).toBe(SIGN_IN_LOCKOUT.failures);
    const inside = await signIn(owner.email, owner.password, { cookie: browser });
    expect(inside.status).toBe(303);
    expect(deviceSetCookie(inside.headers)).toBeDefined();

    // The owner's success does not end the lock for unknown devices; the owner was e-mailed once.
    expect((await signIn(owner.email, owner.password)).status).toBe(429);
    expect(await lockMails(owner.id)).toHaveLength(1);
  });

  it("a forged, tampered, expired or another account's device cookie is an unknown device: counted, and refused while the account is locked", async () => {
    const owner = await account('forged');
    const attacker = await account('attacker');
    const ownerBrowser = await trustedBrowser(owner);
    const attackerBrowser = await trustedBrowser(attacker);
    const secret = testContext(database).auth.options.secret;
    // The attacker's own valid cookie with the owner's id put in: the signature no longer matches.
    const [name, encoded] = [
      attackerBrowser.slice(0, DEVICE_COOKIE.length),
      decodeURIComponent(attackerBrowser.slice(DEVICE_COOKIE.length + 1)),
    ];
    const signature = encoded.slice(encoded.lastIndexOf('.'));
    const payload = JSON.parse(atob(encoded.slice(0, encoded.lastIndexOf('.')))) as { u: string };
    expect(payload.u).toBe(attacker.id);
    const tampered = `${name}=${encodeURIComponent(btoa(JSON.stringify({ ...payload, u: owner.id })) + signature)}`;
    const otherSecret = (
      await issueDeviceCookie({ secret: 'another-secret-0123456789-0123456789', secure: false, userId: owner.id })
    ).split(';')[0]!;
    const expired = (
      await issueDeviceCookie({
        secret,
        secure: false,
        userId: owner.id,
        now: new Date(Date.now() - (DEVICE_COOKIE_MAX_AGE_S + 60) * 1000),
      })
    ).split(';')[0]!;
    const future = (await issueDeviceCookie({ secret, secure: false, userId: owner.id, now: new Date(Date.now() + 3600 * 1000) })).split(
      ';',
    )[0]!;
    const garbage = `${DEVICE_COOKIE}=not-a-device-cookie`;
    const unknown = [attackerBrowser, tampered, otherSecret, expired, future, garbage];

    // Wrong passwords with these cookies count in the account's lock like any unknown device.
    for (let attempt = 0; attempt < SIGN_IN_LOCKOUT.failures; attempt += 1) {
      expect((await signIn(owner.email, `wrong-${attempt}`, { cookie: unknown[attempt % unknown.length] })).status).toBe(401);
    }
    for (const cookie of unknown) expect((await signIn(owner.email, owner.password, { cookie })).status, cookie).toBe(429);
    // The owner's real cookie still opens the door.
    expect((await signIn(owner.email, owner.password, { cookie: ownerBrowser })).status).toBe(303);
  });

  it('a device cookie that fails 10 times is locked itself: then it counts and is refused like an unknown device until its lock ends', async () => {
    const owner = await account('device-lock');
    const browser = await trustedBrowser(owner);
    const deviceKey = deviceThrottleKey((await claimOf(browser)).nonce);
    for (let attempt = 1; attempt <= SIGN_IN_LOCKOUT.failures; attempt += 1) {
      expect((await signIn(owner.email, `wrong-${attempt}`, { cookie: browser })).status).toBe(401);
    }
    // Counted against the device only: the account has no failures, nobody is e-mailed.
    expect(await throttleRow(accountThrottleKey(owner.email))).toBeUndefined();
    expect((await throttleRow(deviceKey))!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(await lockMails(owner.id)).toHaveLength(0);
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.userId, owner.id));
    expect(entries.filter((entry) => entry.action === 'device_locked')).toHaveLength(1);
    expect(entries.filter((entry) => entry.action === 'account_locked')).toHaveLength(0);

    // The locked device is an unknown device: its next failure counts in the account's lock…
    expect((await signIn(owner.email, 'wrong-again', { cookie: browser })).status).toBe(401);
    expect((await throttleRow(accountThrottleKey(owner.email)))!.failures).toBe(1);
    for (let attempt = 2; attempt <= SIGN_IN_LOCKOUT.failures; attempt += 1) {
      expect((await signIn(owner.email, `wrong-${attempt}`)).status).toBe(401);
    }
    // …and the account's lock refuses it, even with the right password.
    expect((await signIn(owner.email, owner.password, { cookie: browser })).status).toBe(429);

    // Once the device's lock ends it is trusted again.
    await database.db
      .update(signInThrottle)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(signInThrottle.key, deviceKey));
    expect((await signIn(owner.email, owner.password, { cookie: browser })).status).toBe(303);
    expect(await throttleRow(deviceKey)).toBeUndefined();
    expect((await signIn(owner.email, owner.password)).status).toBe(429);
  });

  it('a staff account gets its device cookie after the second factor, not after the password; with it the password step passes a locked account', async () => {
    const context = testContext(database);
    counter += 1;
    const manager = await createVerifiedUser(database.db, {
      email: `manager.${counter}@lockout.test`,
      password: 'right-password-1',
      role: 'property_manager',
      name: 'Manager Locked',
    });
    await enrolTwoFactor(database.db, String(context.auth.options.secret), manager.id);
    const password = await signIn(manager.email, 'right-password-1');
    expect(password.status).toBe(200);
    expect(deviceSetCookie(password.headers)).toBeUndefined();
    const challenge = cookieHeaderOf(password.headers);
    expect(challenge).toContain('dimora.two_factor=');

    const second = await postAuth(
      { intent: 'two-factor', method: 'totp', code: totpNow(base32Of(TEST_TOTP_KEY)), redirectTo: '/admin' },
      { cookie: challenge },
    );
    expect(second.status).toBe(303);
    const set = deviceSetCookie(second.headers);
    expect(set).toBeDefined();
    const browser = set!.split(';')[0]!;
    expect((await claimOf(browser)).userId).toBe(manager.id);

    await failTenTimes(manager.email);
    expect((await signIn(manager.email, 'right-password-1')).status).toBe(429);
    const again = await signIn(manager.email, 'right-password-1', { cookie: browser });
    expect(again.status).toBe(200);
    expect(cookieHeaderOf(again.headers)).toContain('dimora.two_factor=');
  });
});
