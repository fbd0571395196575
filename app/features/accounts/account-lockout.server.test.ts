/**
 * Decision 023: sign-in throttling per account across client addresses, through the /auth
 * action as the server calls it. 10 wrong passwords from 10 addresses lock the account: the 11th
 * attempt, from an 11th address and with the right password, answers 429 with Retry-After; the
 * owner gets one e-mail per lockout (en/it); an unknown address is locked alike (no enumeration);
 * the delay doubles on further failures; a successful sign-in resets the count.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountThrottleKey, SIGN_IN_LOCKOUT } from '~/server/account-lockout.server';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import { auditLog, mailMessage, outbox, signInThrottle, user } from '~/server/db/schema';
import { logger } from '~/server/logger.server';
import { processOutboxBatch } from '~/server/outbox/outbox.server';
import { answerOf } from '../../../tests/setup/action-result';
import { TEST_PUBLIC_URL, testContext, useTestDatabase } from '../../../tests/setup/test-db';
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

async function signIn(email: string, password: string, ip = freshIp()) {
  const request = new Request('http://dimora.test/auth', {
    method: 'POST',
    body: new URLSearchParams({ intent: 'sign-in', email, password }),
    headers: { 'user-agent': 'lockout-test' },
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
    expect(mails[0]!.text).toContain('sign-in is paused for 30 seconds, from every device');
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
