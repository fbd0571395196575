/**
 * Two-factor sign-in (decision 023) through the real routes: enrolment on /dashboard/security
 * with a code computed by otplib from the key the page shows, the second sign-in step on /auth
 * (TOTP and backup codes, once only), wrong codes refused, audited and rate-limited, opt-in and
 * opt-out for tenants, no opt-out for staff, new backup codes.
 */
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { action as authAction, loader as authLoader } from '~/routes/auth/_index';
import { loader as dashboardLoader } from '~/routes/dashboard/_index';
import { action as securityAction, loader as securityLoader } from '~/routes/dashboard/security';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import { auditLog, twoFactor, user } from '~/server/db/schema';
import { answerOf, headersOf } from '../../../tests/setup/action-result';
import { raceTest, testContext, useTestDatabase } from '../../../tests/setup/test-db';
import {
  base32Of,
  cookieHeaderOf,
  lastTotpStep,
  signInForTest,
  TEST_TOTP_KEY,
  totpAt,
  totpNow,
  totpStepNow,
} from '../../../tests/setup/two-factor';
import { awayFromStepEdge } from '../../../tests/setup/totp';

/** The test key as an authenticator app takes it. */
const base32OfTestKey = () => base32Of(TEST_TOTP_KEY);

const database = useTestDatabase();

let counter = 0;

function freshIp(): string {
  counter += 1;
  return `198.51.100.${counter}`;
}

type RouteFn = (args: never) => unknown;

function call(
  fn: RouteFn,
  path: string,
  { ip = freshIp(), cookie, form }: { ip?: string; cookie?: string; form?: Record<string, string> } = {},
) {
  const request = new Request(`http://dimora.test${path}`, {
    method: form ? 'POST' : 'GET',
    body: form ? new URLSearchParams(form) : undefined,
    headers: { 'user-agent': 'two-factor-test', ...(cookie ? { cookie } : {}) },
  });
  return Promise.resolve()
    .then(() => fn({ request, context: testContext(database, { clientIp: ip }), params: {} } as never))
    .catch((error: unknown) => {
      if (error instanceof Response) return error;
      throw error;
    });
}

async function newUser(role: 'admin' | 'property_manager' | 'tenant', password: string) {
  counter += 1;
  const email = `${role}.${counter}@two-factor.test`;
  const created = await createVerifiedUser(database.db, { email, password, role, name: `Two Factor ${counter}` });
  return { id: created.id, email, password };
}

async function auditActions(userId: string) {
  const rows = await database.db.select().from(auditLog).where(eq(auditLog.userId, userId)).orderBy(desc(auditLog.id));
  return rows.map((row) => ({ action: row.action, values: row.newValues }));
}

/** Enrols `account` through /dashboard/security as a browser would; answers the key and backup codes. */
async function enrolThroughPage(account: { email: string; password: string }) {
  const session = await signInForTest(testContext(database), account, { enrol: false });
  const started = answerOf(
    await call(securityAction as RouteFn, '/dashboard/security', {
      cookie: session.cookie,
      form: { intent: 'start', password: account.password },
    }),
  );
  expect(started.status).toBe(200);
  const scan = started.body as unknown as { step: string; qrSvg: string; secret: string; uri: string; sealed: string };
  expect(scan.step).toBe('scan');
  expect(scan.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  expect(scan.uri).toContain('otpauth://totp/Dimora:');
  expect(scan.uri).toContain(`secret=${scan.secret}`);
  // A wrong first code turns nothing on.
  const wrong = answerOf(
    await call(securityAction as RouteFn, '/dashboard/security', {
      cookie: session.cookie,
      form: { intent: 'verify', code: totpNow(scan.secret) === '000000' ? '111111' : '000000', uri: scan.uri, sealed: scan.sealed },
    }),
  );
  expect(wrong.status).toBe(401);
  expect(wrong.body.errors.code).toBe('That code is not valid. Check the time on your phone and try again.');
  const verified = await call(securityAction as RouteFn, '/dashboard/security', {
    cookie: session.cookie,
    form: { intent: 'verify', code: totpNow(scan.secret), uri: scan.uri, sealed: scan.sealed },
  });
  const done = answerOf(verified);
  expect(done.status).toBe(200);
  const backupCodes = (done.body as unknown as { backupCodes: string[] }).backupCodes;
  expect(backupCodes).toHaveLength(10);
  for (const code of backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
  // better-auth replaced the session: the new cookie comes with the answer.
  const cookie = cookieHeaderOf(headersOf(verified));
  expect(cookie).toContain('dimora.session_token=');
  return { secret: scan.secret, backupCodes, cookie };
}

/** The password step on /auth: answers the challenge cookie. */
async function passwordStep(account: { email: string; password: string }, ip: string) {
  const result = await call(authAction as RouteFn, '/auth', {
    ip,
    form: { intent: 'sign-in', email: account.email, password: account.password, redirectTo: '/admin' },
  });
  const answer = answerOf(result);
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ ok: true, twoFactor: true });
  const cookie = cookieHeaderOf(headersOf(result));
  expect(cookie).toMatch(/dimora\.two_factor=/);
  expect(cookie).not.toContain('dimora.session_token=');
  return cookie;
}

describe('enrolment and sign-in of a property manager', () => {
  it('is forced to enrol, enrols with a real code, then signs in only with a second factor', async () => {
    const manager = await newUser('property_manager', 'manager-2fa-pass');
    const first = await signInForTest(testContext(database), manager, { enrol: false });
    // Not enrolled: the dashboard sends the manager to the enrolment page, which opens.
    const refused = await call(dashboardLoader as RouteFn, '/dashboard', { cookie: first.cookie });
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get('location')).toBe('/dashboard/security');
    const page = (await call(securityLoader as RouteFn, '/dashboard/security', { cookie: first.cookie })) as {
      enabled: boolean;
      mustEnrol: boolean;
    };
    expect(page).toMatchObject({ enabled: false, mustEnrol: true });

    const { secret, backupCodes, cookie } = await enrolThroughPage(manager);
    const [row] = await database.db.select().from(twoFactor).where(eq(twoFactor.userId, manager.id));
    expect(row?.verified).toBe(true);
    // Stored hashed: no backup code appears in the stored value; the secret is not stored in clear.
    for (const code of backupCodes) expect(row?.backupCodes).not.toContain(code);
    expect(JSON.parse(row!.backupCodes)).toHaveLength(10);
    expect(row?.secret).not.toContain(secret);
    const [flag] = await database.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, manager.id));
    expect(flag?.on).toBe(true);
    const dashboard = (await call(dashboardLoader as RouteFn, '/dashboard', { cookie })) as { twoFactorEnabled: boolean };
    expect(dashboard.twoFactorEnabled).toBe(true);
    expect((await auditActions(manager.id)).map((entry) => entry.action)).toContain('two_factor_enabled');

    // Signing in again: the password alone gives no session, the code does.
    const ip = freshIp();
    const challenge = await passwordStep(manager, ip);
    const pending = (await call(authLoader as RouteFn, '/auth', { ip, cookie: challenge })) as { twoFactorPending: boolean };
    expect(pending.twoFactorPending).toBe(true);
    const wrong = await call(authAction as RouteFn, '/auth', {
      ip,
      cookie: challenge,
      form: { intent: 'two-factor', method: 'totp', code: totpNow(secret) === '123456' ? '654321' : '123456', redirectTo: '/admin' },
    });
    expect(answerOf(wrong).status).toBe(401);
    expect(answerOf(wrong).body.errors.code).toBe('That code is not valid. Try again.');
    // The code that turned two-factor sign-in on was used: it does not sign in (decision 023).
    const enrolmentStep = await lastTotpStep(database.db, manager.id);
    expect(enrolmentStep).toBeGreaterThanOrEqual(totpStepNow() - 1);
    const enrolmentCode = await call(authAction as RouteFn, '/auth', {
      ip,
      cookie: challenge,
      form: { intent: 'two-factor', method: 'totp', code: totpAt(secret, enrolmentStep!), redirectTo: '/dashboard' },
    });
    expect(answerOf(enrolmentCode).status).toBe(401);
    expect(answerOf(enrolmentCode).body.errors.code).toBe('That code is not valid. Try again.');
    // The app's next code does.
    const right = await call(authAction as RouteFn, '/auth', {
      ip,
      cookie: challenge,
      form: { intent: 'two-factor', method: 'totp', code: totpAt(secret, enrolmentStep! + 1), redirectTo: '/dashboard' },
    });
    expect(answerOf(right)).toMatchObject({ status: 303, location: '/dashboard' });
    const session = cookieHeaderOf(headersOf(right));
    expect(session).toContain('dimora.session_token=');
    const after = (await call(dashboardLoader as RouteFn, '/dashboard', { cookie: session })) as { twoFactorEnabled: boolean };
    expect(after.twoFactorEnabled).toBe(true);
    const audit = await auditActions(manager.id);
    expect(audit[0]).toEqual({ action: 'sign_in_succeeded', values: expect.objectContaining({ second_factor: 'totp', ip_address: ip }) });
    expect(audit.find((entry) => entry.action === 'two_factor_failed')?.values).toMatchObject({
      method: 'totp',
      reason: 'invalid_code',
      ip_address: ip,
    });
    expect(audit.map((entry) => entry.action)).toContain('two_factor_challenged');

    // A backup code works once only.
    const backupIp = freshIp();
    const challenge2 = await passwordStep(manager, backupIp);
    const withBackup = await call(authAction as RouteFn, '/auth', {
      ip: backupIp,
      cookie: challenge2,
      form: { intent: 'two-factor', method: 'backup_code', code: backupCodes[0]!, redirectTo: '/' },
    });
    expect(answerOf(withBackup)).toMatchObject({ status: 303, location: '/' });
    expect(cookieHeaderOf(headersOf(withBackup))).toContain('dimora.session_token=');
    const challenge3 = await passwordStep(manager, backupIp);
    const reused = await call(authAction as RouteFn, '/auth', {
      ip: backupIp,
      cookie: challenge3,
      form: { intent: 'two-factor', method: 'backup_code', code: backupCodes[0]!, redirectTo: '/' },
    });
    expect(answerOf(reused).status).toBe(401);
    expect(cookieHeaderOf(headersOf(reused))).not.toContain('dimora.session_token=');
    const another = await call(authAction as RouteFn, '/auth', {
      ip: backupIp,
      cookie: challenge3,
      form: { intent: 'two-factor', method: 'backup_code', code: backupCodes[1]!, redirectTo: '/' },
    });
    expect(answerOf(another).status).toBe(303);
    const [left] = await database.db.select().from(twoFactor).where(eq(twoFactor.userId, manager.id));
    expect(JSON.parse(left!.backupCodes)).toHaveLength(8);
    expect((await auditActions(manager.id)).filter((entry) => entry.action === 'sign_in_succeeded')[0]?.values).toMatchObject({
      second_factor: 'backup_code',
    });

    // Staff cannot turn it off; they can make new backup codes, and the old ones stop working.
    const off = answerOf(
      await call(securityAction as RouteFn, '/dashboard/security', {
        cookie: session,
        form: { intent: 'disable', password: manager.password },
      }),
    );
    expect(off.status).toBe(403);
    const fresh = answerOf(
      await call(securityAction as RouteFn, '/dashboard/security', {
        cookie: session,
        form: { intent: 'regenerate', password: manager.password },
      }),
    );
    const newCodes = (fresh.body as unknown as { backupCodes: string[] }).backupCodes;
    expect(newCodes).toHaveLength(10);
    const challenge4 = await passwordStep(manager, freshIp());
    const old = await call(authAction as RouteFn, '/auth', {
      cookie: challenge4,
      form: { intent: 'two-factor', method: 'backup_code', code: backupCodes[2]!, redirectTo: '/' },
    });
    expect(answerOf(old).status).toBe(401);
    const renewed = await call(authAction as RouteFn, '/auth', {
      cookie: challenge4,
      form: { intent: 'two-factor', method: 'backup_code', code: newCodes[0]!, redirectTo: '/' },
    });
    expect(answerOf(renewed).status).toBe(303);
    expect((await auditActions(manager.id)).map((entry) => entry.action)).toContain('backup_codes_regenerated');
  });

  it('refuses a sixth code a minute from one address (429 with Retry-After) and audits the refusal', async () => {
    const admin = await newUser('admin', 'admin-2fa-pass');
    await signInForTest(testContext(database), admin); // enrols with the test key
    const ip = freshIp();
    const challenge = await passwordStep(admin, ip);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const result = await call(authAction as RouteFn, '/auth', {
        ip,
        cookie: challenge,
        form: { intent: 'two-factor', method: 'backup_code', code: `wrong-${attempt}`, redirectTo: '/' },
      });
      statuses.push(answerOf(result).status);
      if (answerOf(result).status === 429) expect(Number(headersOf(result).get('Retry-After'))).toBeGreaterThan(0);
    }
    // better-auth also ends one challenge after 5 wrong codes; our limit refuses the sixth first.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const audit = await auditActions(admin.id);
    expect(audit.filter((entry) => entry.action === 'two_factor_failed')).toHaveLength(5);
    expect(audit[0]).toMatchObject({ action: 'rate_limit_exceeded', values: { rate_limit_action: 'two_factor' } });
  });

  it('answers 410 and drops the challenge when there is none to answer', async () => {
    const result = await call(authAction as RouteFn, '/auth', {
      form: { intent: 'two-factor', method: 'totp', code: '123456', redirectTo: '/' },
    });
    expect(answerOf(result).status).toBe(410);
    expect(answerOf(result).body.errors.code).toBe('Your sign-in has expired. Please sign in again.');
    const failures = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'two_factor_failed')));
    expect(failures.some((row) => (row.newValues as { reason?: string }).reason === 'expired')).toBe(true);
  });
});

describe('tenants', () => {
  it('are not asked to enrol, may opt in and opt out', async () => {
    const tenant = await newUser('tenant', 'tenant-2fa-pass');
    const plain = await signInForTest(testContext(database), tenant);
    const dashboard = (await call(dashboardLoader as RouteFn, '/dashboard', { cookie: plain.cookie })) as { twoFactorEnabled: boolean };
    expect(dashboard.twoFactorEnabled).toBe(false);
    const page = (await call(securityLoader as RouteFn, '/dashboard/security', { cookie: plain.cookie })) as {
      mustEnrol: boolean;
      required: boolean;
    };
    expect(page).toMatchObject({ mustEnrol: false, required: false });

    const { secret, cookie } = await enrolThroughPage(tenant);
    const ip = freshIp();
    const challenge = await passwordStep(tenant, ip);
    // The enrolment used the current code; the app's next one signs in.
    const next = (await lastTotpStep(database.db, tenant.id))! + 1;
    const right = await call(authAction as RouteFn, '/auth', {
      ip,
      cookie: challenge,
      form: { intent: 'two-factor', method: 'totp', code: totpAt(secret, next), redirectTo: '/' },
    });
    expect(answerOf(right).status).toBe(303);

    const wrongPassword = answerOf(
      await call(securityAction as RouteFn, '/dashboard/security', { cookie, form: { intent: 'disable', password: 'not-the-password' } }),
    );
    expect(wrongPassword.status).toBe(401);
    const off = await call(securityAction as RouteFn, '/dashboard/security', {
      cookie,
      form: { intent: 'disable', password: tenant.password },
    });
    expect(answerOf(off)).toMatchObject({ status: 303, location: '/dashboard/security' });
    const [flag] = await database.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, tenant.id));
    expect(flag?.on).toBe(false);
    expect(await database.db.select().from(twoFactor).where(eq(twoFactor.userId, tenant.id))).toHaveLength(0);
    expect((await auditActions(tenant.id)).map((entry) => entry.action)).toContain('two_factor_disabled');
    // Password alone signs in again.
    const again = answerOf(
      await call(authAction as RouteFn, '/auth', {
        form: { intent: 'sign-in', email: tenant.email, password: tenant.password, redirectTo: '/' },
      }),
    );
    expect(again.status).toBe(303);
  });
});

describe('a TOTP code is used once per account (decision 023)', () => {
  /** An admin enrolled with the test key whose record says no code was used yet. */
  async function enrolledAdmin() {
    const admin = await newUser('admin', 'admin-once-pass');
    await signInForTest(testContext(database), admin); // enrols with the test key
    await database.db.update(twoFactor).set({ lastTotpStep: null }).where(eq(twoFactor.userId, admin.id));
    return admin;
  }

  /** The second step on /auth with `code` for the challenge `cookie`. */
  function secondStep(cookie: string, ip: string, code: string) {
    return call(authAction as RouteFn, '/auth', { ip, cookie, form: { intent: 'two-factor', method: 'totp', code, redirectTo: '/admin' } });
  }

  it('refuses the code of a finished sign-in at the next sign-in, like a wrong code, audited', async () => {
    const admin = await enrolledAdmin();
    const secret = base32OfTestKey();
    const step = totpStepNow();
    const code = totpAt(secret, step);
    const ip = freshIp();
    const first = await secondStep(await passwordStep(admin, ip), ip, code);
    expect(answerOf(first)).toMatchObject({ status: 303, location: '/admin' });
    expect(await lastTotpStep(database.db, admin.id)).toBe(step);

    const again = await secondStep(await passwordStep(admin, ip), ip, code);
    expect(answerOf(again).status).toBe(401);
    expect(answerOf(again).body).toMatchObject({ reason: 'invalid_code', errors: { code: 'That code is not valid. Try again.' } });
    expect(cookieHeaderOf(headersOf(again))).not.toContain('dimora.session_token=');
    const audit = await auditActions(admin.id);
    expect(audit[0]).toMatchObject({ action: 'two_factor_failed', values: { method: 'totp', reason: 'invalid_code', ip_address: ip } });
    // Counted by better-auth as a wrong code too (its account lockout after 10).
    const [row] = await database.db.select().from(twoFactor).where(eq(twoFactor.userId, admin.id));
    expect(row).toMatchObject({ failedVerificationCount: 1, lastTotpStep: step });
  });

  it("refuses the previous step's code once the current one was used; the next step's works once", async () => {
    const admin = await enrolledAdmin();
    const secret = base32OfTestKey();
    const step = totpStepNow();
    const ip = freshIp();
    expect(answerOf(await secondStep(await passwordStep(admin, ip), ip, totpAt(secret, step))).status).toBe(303);

    // Accepted by the window before (one step either side), refused now: it is older than the last used.
    const challenge = await passwordStep(admin, ip);
    const previous = await secondStep(challenge, ip, totpAt(secret, step - 1));
    expect(answerOf(previous).status).toBe(401);
    expect(answerOf(previous).body.errors.code).toBe('That code is not valid. Try again.');
    const next = await secondStep(challenge, ip, totpAt(secret, step + 1));
    expect(answerOf(next).status).toBe(303);
    expect(await lastTotpStep(database.db, admin.id)).toBe(step + 1);
    const nextAgain = await secondStep(await passwordStep(admin, ip), ip, totpAt(secret, step + 1));
    expect(answerOf(nextAgain).status).toBe(401);
  });

  it('lets a code of the previous step sign in when no newer one was used', async () => {
    const admin = await enrolledAdmin();
    const ip = freshIp();
    const challenge = await passwordStep(admin, ip);
    // The step is read after the (slow) password step, away from its edge: step − 1 must still be the previous one when the code arrives.
    await awayFromStepEdge();
    const step = totpStepNow();
    const previous = await secondStep(challenge, ip, totpAt(base32OfTestKey(), step - 1));
    expect(answerOf(previous).status).toBe(303);
    expect(await lastTotpStep(database.db, admin.id)).toBe(step - 1);
  });

  raceTest('two sign-ins sending one code at once: exactly one gets a session', async () => {
    const admin = await enrolledAdmin();
    const ip = freshIp();
    const [one, two] = [await passwordStep(admin, ip), await passwordStep(admin, freshIp())];
    const code = totpAt(base32OfTestKey(), totpStepNow());
    const answers = await Promise.all([secondStep(one, ip, code), secondStep(two, freshIp(), code)]);
    const statuses = answers.map((answer) => answerOf(answer).status).sort();
    expect(statuses).toEqual([303, 401]);
    const sessions = answers.filter((answer) => cookieHeaderOf(headersOf(answer)).includes('dimora.session_token='));
    expect(sessions).toHaveLength(1);
  });
});

describe('staff without a second factor, after the password (decision 023)', () => {
  function signInStep(account: { email: string; password: string }, redirectTo: string) {
    return call(authAction as RouteFn, '/auth', {
      form: { intent: 'sign-in', email: account.email, password: account.password, redirectTo },
    });
  }

  it('goes straight to the enrolment page instead of the page asked for', async () => {
    for (const role of ['admin', 'property_manager'] as const) {
      const staff = await newUser(role, `${role}-enrol-pass`);
      const result = await signInStep(staff, '/admin/users');
      expect(answerOf(result)).toMatchObject({ status: 303, location: '/dashboard/security' });
      // Signed in: the enrolment page opens with the session it set.
      const cookie = cookieHeaderOf(headersOf(result));
      expect(cookie).toContain('dimora.session_token=');
      const page = (await call(securityLoader as RouteFn, '/dashboard/security', { cookie })) as { mustEnrol: boolean };
      expect(page.mustEnrol).toBe(true);
    }
  });

  it('changes a flagged password first, then enrols', async () => {
    const admin = await newUser('admin', 'admin-flagged-pass');
    await database.db.update(user).set({ passwordChangeRequired: true }).where(eq(user.id, admin.id));
    expect(answerOf(await signInStep(admin, '/admin'))).toMatchObject({
      status: 303,
      location: '/account/password?redirectTo=%2Fdashboard%2Fsecurity',
    });
  });

  it('leaves tenants on the page asked for', async () => {
    const tenant = await newUser('tenant', 'tenant-enrol-pass');
    expect(answerOf(await signInStep(tenant, '/dashboard'))).toMatchObject({ status: 303, location: '/dashboard' });
  });
});
