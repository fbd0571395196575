import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '~/lib/access';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import { getViewer, type Viewer } from '~/server/auth/session.server';
import { account, auditLog, session, user } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { viewerOf } from '../../../tests/setup/factories';
import { AdminForbiddenError } from './admin.server';
import { banUser, changeUserRole, createUserAccount, findUserForAdmin, listUsers, unbanUser, USERS_PAGE_SIZE } from './admin-users.server';
import { signInForTest } from '../../../tests/setup/two-factor';

let database: TestDatabase;
let context: DimoraLoadContext;
let admin: Viewer;
const origin = { ip: '203.0.113.7', userAgent: 'vitest' };
let counter = 0;

async function makeUser(role: Role, password = 'secret-pass') {
  counter += 1;
  const email = `user${counter}-${role}@admin-users.test`;
  const created = await createVerifiedUser(database.db, { email, password, role, name: `User ${counter}` });
  return { ...created, password };
}

/** Signs in through better-auth and returns the Cookie header value of the new session. */
async function signInCookie(email: string, password: string): Promise<string> {
  return (await signInForTest(context, { email, password })).cookie;
}

function requestWith(cookie: string) {
  return new Request('http://dimora.test/dashboard', { headers: { cookie } });
}

/** What every admin-users command takes besides its input, for `actor`. */
const by = (actor: Viewer) => ({ db: database.db, actor, origin, locale: 'en' as const });

async function userRow(id: string) {
  const [row] = await database.db.select().from(user).where(eq(user.id, id));
  return row;
}

async function auditFor(action: string, targetId: string) {
  const rows = await database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.tableName, 'user')));
  return rows.filter((row) => row.newValues.target_user_id === targetId);
}

beforeAll(async () => {
  database = await createTestDatabase();
  context = testContext(database);
  admin = viewerOf(await makeUser('admin'));
});

afterAll(async () => {
  await database.close();
});

describe('createUserAccount', () => {
  it('creates a verified staff account with a password, and records user_created', async () => {
    const outcome = await createUserAccount({
      ...by(admin),
      input: { email: 'Paula.Manager@Example.test', fullName: 'Paula Manager', password: 'manager-pass', role: 'property_manager' },
    });
    expect(outcome).toMatchObject({ ok: true, changed: true });
    if (!outcome.ok) throw new Error('expected success');
    const row = await userRow(outcome.userId);
    expect(row).toMatchObject({
      email: 'paula.manager@example.test',
      name: 'Paula Manager',
      firstName: 'Paula',
      lastName: 'Manager',
      role: 'property_manager',
      emailVerified: true,
      banned: false,
    });
    const credentials = await database.db.select().from(account).where(eq(account.userId, outcome.userId));
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.providerId).toBe('credential');

    const audits = await auditFor('user_created', outcome.userId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ userId: admin.id, ipAddress: '203.0.113.7', userAgent: 'vitest' });
    expect(audits[0]?.newValues).toMatchObject({ email: 'paula.manager@example.test', role: 'property_manager' });

    // The account signs in at once with the password the admin chose.
    const cookie = await signInCookie('paula.manager@example.test', 'manager-pass');
    const viewer = await getViewer(requestWith(cookie), context);
    expect(viewer).toMatchObject({ id: outcome.userId, role: 'property_manager' });
  });

  it('refuses an e-mail address that already has an account (any letter case) with 422 on the e-mail field', async () => {
    const existing = await makeUser('tenant');
    const before = await database.db.select().from(auditLog).where(eq(auditLog.action, 'user_created'));
    const outcome = await createUserAccount({
      ...by(admin),
      input: { email: existing.email.toUpperCase(), fullName: 'Someone Else', password: 'another-pass', role: 'admin' },
    });
    expect(outcome).toEqual({ ok: false, status: 422, errors: { email: 'An account with this e-mail address already exists.' } });
    const rows = await database.db.select().from(user).where(eq(user.email, existing.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.role).toBe('tenant');
    const after = await database.db.select().from(auditLog).where(eq(auditLog.action, 'user_created'));
    expect(after).toHaveLength(before.length);
  });

  it('answers 422 with translated field messages for invalid input, in Italian too', async () => {
    const input = { email: 'not-an-email', fullName: '', password: '12345', role: 'superuser' };
    const en = await createUserAccount({ db: database.db, actor: admin, origin, locale: 'en', input });
    expect(en).toEqual({
      ok: false,
      status: 422,
      errors: {
        email: 'Enter a valid e-mail address',
        fullName: 'This field is required',
        password: 'Password must be at least 8 characters long',
        role: 'Choose one of the five roles.',
      },
    });
    const it_ = await createUserAccount({ db: database.db, actor: admin, origin, locale: 'it', input });
    expect(it_.ok).toBe(false);
    if (it_.ok) return;
    expect(it_.errors.password).toBe('La password deve contenere almeno 8 caratteri');
    expect(it_.errors.role).toBe('Scegli uno dei cinque ruoli.');
    expect(await database.db.select().from(user).where(eq(user.email, 'not-an-email'))).toHaveLength(0);
  });

  it('refuses a non-admin actor before touching anything', async () => {
    for (const role of ['tenant', 'vendor', 'property_manager'] as const) {
      const actor = viewerOf(await makeUser(role));
      await expect(
        createUserAccount({
          ...by(actor),
          input: { email: `sneaky-${role}@example.test`, fullName: 'Sneaky', password: 'sneaky-pass', role: 'admin' },
        }),
      ).rejects.toBeInstanceOf(AdminForbiddenError);
      expect(
        await database.db
          .select()
          .from(user)
          .where(eq(user.email, `sneaky-${role}@example.test`)),
      ).toHaveLength(0);
    }
  });
});

describe('changeUserRole', () => {
  it('changes the role and records role_changed with from, to and the target id', async () => {
    const target = await makeUser('tenant');
    const outcome = await changeUserRole({ ...by(admin), input: { userId: target.id, role: 'property_manager' } });
    expect(outcome).toEqual({ ok: true, userId: target.id, changed: true });
    expect((await userRow(target.id))?.role).toBe('property_manager');
    const audits = await auditFor('role_changed', target.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.userId).toBe(admin.id);
    expect(audits[0]?.newValues).toMatchObject({ from: 'tenant', to: 'property_manager', target_user_id: target.id });
  });

  it('setting the same role changes nothing and writes no audit entry', async () => {
    const target = await makeUser('vendor');
    const outcome = await changeUserRole({ ...by(admin), input: { userId: target.id, role: 'vendor' } });
    expect(outcome).toEqual({ ok: true, userId: target.id, changed: false });
    expect(await auditFor('role_changed', target.id)).toHaveLength(0);
  });

  it('an admin cannot demote themselves', async () => {
    const outcome = await changeUserRole({ ...by(admin), input: { userId: admin.id, role: 'tenant' } });
    expect(outcome).toEqual({ ok: false, status: 422, errors: { role: 'You cannot remove your own administrator role.' } });
    expect((await userRow(admin.id))?.role).toBe('admin');
    expect(await auditFor('role_changed', admin.id)).toHaveLength(0);
  });

  it('an unknown user is a 404; an unknown role a 422', async () => {
    expect(await changeUserRole({ ...by(admin), input: { userId: 'nobody', role: 'tenant' } })).toEqual({
      ok: false,
      status: 404,
      errors: { form: 'This account does not exist (any more).' },
    });
    const target = await makeUser('tenant');
    const outcome = await changeUserRole({ ...by(admin), input: { userId: target.id, role: 'landlord' } });
    expect(outcome).toMatchObject({ ok: false, status: 422, errors: { role: 'Choose one of the five roles.' } });
    expect((await userRow(target.id))?.role).toBe('tenant');
  });

  it('refuses a non-admin actor', async () => {
    const target = await makeUser('tenant');
    const actor = viewerOf(await makeUser('property_manager'));
    await expect(changeUserRole({ ...by(actor), input: { userId: target.id, role: 'admin' } })).rejects.toBeInstanceOf(AdminForbiddenError);
    expect((await userRow(target.id))?.role).toBe('tenant');
  });
});

describe('banUser and unbanUser', () => {
  it('a ban sets banned with the reason, deletes every session and signs the user out at once', async () => {
    const target = await makeUser('tenant');
    const cookie = await signInCookie(target.email, target.password);
    await signInCookie(target.email, target.password);
    expect(await getViewer(requestWith(cookie), context)).toMatchObject({ id: target.id });
    expect(await database.db.select().from(session).where(eq(session.userId, target.id))).toHaveLength(2);

    const outcome = await banUser({ ...by(admin), input: { userId: target.id, reason: '  Fraudulent  listing ' } });
    expect(outcome).toEqual({ ok: true, userId: target.id, changed: true });
    expect(await userRow(target.id)).toMatchObject({ banned: true, banReason: 'Fraudulent listing' });
    expect(await database.db.select().from(session).where(eq(session.userId, target.id))).toHaveLength(0);
    // The cookie the user still holds no longer opens anything.
    expect(await getViewer(requestWith(cookie), context)).toBeNull();
    const audits = await auditFor('user_banned', target.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.newValues).toMatchObject({ reason: 'Fraudulent listing', sessions_ended: 2 });
    // Nor can they sign in again.
    await expect(signInCookie(target.email, target.password)).rejects.toThrow();
    expect(await findUserForAdmin({ db: database.db, actor: admin, userId: target.id })).toMatchObject({ banned: true, activeSessions: 0 });
  });

  it('a banned user whose session somehow survives is still treated as signed out', async () => {
    const target = await makeUser('vendor');
    const cookie = await signInCookie(target.email, target.password);
    await database.db.update(user).set({ banned: true }).where(eq(user.id, target.id));
    expect(await getViewer(requestWith(cookie), context)).toBeNull();
  });

  it('an admin cannot ban themselves; an unknown user is a 404', async () => {
    expect(await banUser({ ...by(admin), input: { userId: admin.id } })).toEqual({
      ok: false,
      status: 422,
      errors: { form: 'You cannot ban yourself.' },
    });
    expect((await userRow(admin.id))?.banned).toBe(false);
    expect(await banUser({ ...by(admin), input: { userId: 'missing-user' } })).toMatchObject({
      status: 404,
    });
    expect(await unbanUser({ ...by(admin), input: { userId: 'missing-user' } })).toMatchObject({
      status: 404,
    });
  });

  it('non-admins can neither ban nor unban', async () => {
    const target = await makeUser('tenant');
    const actor = viewerOf(await makeUser('vendor'));
    await expect(banUser({ ...by(actor), input: { userId: target.id } })).rejects.toBeInstanceOf(AdminForbiddenError);
    await expect(unbanUser({ ...by(actor), input: { userId: target.id } })).rejects.toBeInstanceOf(AdminForbiddenError);
    expect((await userRow(target.id))?.banned).toBe(false);
  });

  it('unban lifts the ban, records user_unbanned, and the user can sign in again', async () => {
    const target = await makeUser('tenant');
    await banUser({ ...by(admin), input: { userId: target.id, reason: 'Spam' } });
    const outcome = await unbanUser({ ...by(admin), input: { userId: target.id } });
    expect(outcome).toEqual({ ok: true, userId: target.id, changed: true });
    expect(await userRow(target.id)).toMatchObject({ banned: false, banReason: null });
    expect(await auditFor('user_unbanned', target.id)).toHaveLength(1);
    const cookie = await signInCookie(target.email, target.password);
    expect(await getViewer(requestWith(cookie), context)).toMatchObject({ id: target.id });
    // Unbanning again changes nothing and is not audited twice.
    expect(await unbanUser({ ...by(admin), input: { userId: target.id } })).toEqual({
      ok: true,
      userId: target.id,
      changed: false,
    });
    expect(await auditFor('user_unbanned', target.id)).toHaveLength(1);
  });
});

describe('listUsers', () => {
  it('pages 25 at a time, newest first, and searches e-mail and name in any letter case', async () => {
    const isolated = await createTestDatabase();
    try {
      const actor = viewerOf(
        await createVerifiedUser(isolated.db, { email: 'boss@list.test', password: 'chief-pass', role: 'admin', name: 'The Boss' }),
      );
      // Plain rows (no password hashing): one a second apart, so "newest first" is well defined.
      const start = Date.now() + 1_000;
      await isolated.db.insert(user).values(
        Array.from({ length: 30 }, (_, index) => {
          const i = index + 1;
          return {
            id: `member-${i}`,
            email: `member${String(i).padStart(2, '0')}@list.test`,
            name: i === 7 ? 'Giulia 100% Rossi' : `Member ${i}`,
            emailVerified: true,
            role: 'tenant' as const,
            createdAt: new Date(start + i * 1_000),
          };
        }),
      );
      const first = await listUsers({ db: isolated.db, actor });
      expect(first).toMatchObject({ total: 31, page: 1, pageCount: 2, q: '' });
      expect(first.items).toHaveLength(USERS_PAGE_SIZE);
      expect(first.items[0]?.email).toBe('member30@list.test');
      const second = await listUsers({ db: isolated.db, actor, page: 2 });
      expect(second.items.map((row) => row.email)).toEqual([
        'member05@list.test',
        'member04@list.test',
        'member03@list.test',
        'member02@list.test',
        'member01@list.test',
        'boss@list.test',
      ]);
      // Beyond the last page: the last page.
      expect((await listUsers({ db: isolated.db, actor, page: 99 })).page).toBe(2);

      const byEmail = await listUsers({ db: isolated.db, actor, q: 'MEMBER1' });
      expect(byEmail.items.map((row) => row.email).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `member${10 + i}@list.test`));
      const byName = await listUsers({ db: isolated.db, actor, q: 'giulia' });
      expect(byName.items.map((row) => row.email)).toEqual(['member07@list.test']);
      // Pattern characters are searched literally.
      expect((await listUsers({ db: isolated.db, actor, q: '100%' })).total).toBe(1);
      expect((await listUsers({ db: isolated.db, actor, q: '%' })).total).toBe(1);
      expect((await listUsers({ db: isolated.db, actor, q: 'nobody-here' })).items).toEqual([]);

      await expect(listUsers({ db: isolated.db, actor: { ...actor, role: 'tenant' } })).rejects.toBeInstanceOf(AdminForbiddenError);
    } finally {
      await isolated.close();
    }
  });
});
