/**
 * The owner's invitation by e-mail (decision 061, on the accounts' invitation service of decision
 * 030) on a real database: an admin sends it from the owner's page, the job e-mails the link in the
 * owner's language, the link creates a verified owner account linked to the owner record, signs it
 * in and lands in the owner portal, once; an expired link, a lost one replaced by a new invitation,
 * an owner who has an account already and a signed-in account of another role are refused.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as inviteRoute from '~/routes/public/owner-invite.$token';
import type { Viewer } from '~/server/auth/session.server';
import { auditLog, owner, user } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { answerOf, settle } from '../../../tests/setup/action-result';
import { createUser, viewerOf } from '../../../tests/setup/factories';
import { capturingMailer, runDueJobs } from '../../../tests/setup/outbox';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { ownerJobHandlers } from './owner-jobs.server';
import { findOwnerInvitation, linkOwnerInvitation } from './owner-invitation.server';
import { handleOwnerDetailAction, loadOwnerDetailPage } from './owners.page.server';

const origin = { ip: '192.0.2.61', userAgent: 'vitest' };
const PASSWORD = 'Ledger-Harbour-2031!';
const { sent, mailer } = capturingMailer();

let database: TestDatabase;
let context: DimoraLoadContext;
let admin: Viewer;
let counter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  context = testContext(database, { clientIp: origin.ip });
  admin = viewerOf(await createUser(database.db, { role: 'admin' }));
});

afterAll(async () => {
  await database?.close();
});

beforeEach(() => {
  sent.length = 0;
});

const runJobs = () => runDueJobs(database.db, { mailer, handlers: ownerJobHandlers });

async function makeOwner(values: Partial<typeof owner.$inferInsert> = {}) {
  counter += 1;
  const [row] = await database.db
    .insert(owner)
    .values({ name: `Rosa Landlord ${counter}`, email: `rosa${counter}@owners.test`, phone: '+1 512 555 0161', ...values })
    .returning();
  return row!;
}

const ownerRow = async (id: number) => (await database.db.select().from(owner).where(eq(owner.id, id)))[0]!;

function adminPost(ownerId: number, fields: Record<string, string>) {
  return handleOwnerDetailAction({
    request: new Request(`http://dimora.test/admin/owners/${ownerId}`, { method: 'POST', body: new URLSearchParams(fields) }),
    context,
    actor: admin,
    ownerId: String(ownerId),
  });
}

/** Sends owner `id` an invitation from the admin's page, runs the job, answers the token e-mailed. */
async function invite(id: number): Promise<string> {
  const answer = answerOf(await adminPost(id, { intent: 'send-invitation' }));
  expect(answer).toMatchObject({ status: 200, body: { ok: true, intent: 'send-invitation' } });
  await runJobs();
  const mail = sent.at(-1)!;
  const match = mail.text.match(/\/owner-invite\/([A-Za-z0-9_-]{43})/);
  if (!match) throw new Error('no invitation link in the e-mail');
  return match[1]!;
}

function invitePost(token: string, fields: Record<string, string>) {
  return new Request(`http://dimora.test/owner-invite/${token}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'x-forwarded-for': `10.61.${counter}.1` },
  });
}

describe('the owner invitation', () => {
  it('the admin sends it; the link, in the owner’s language, creates the owner account, signs it in and lands in the portal, once', async () => {
    const row = await makeOwner({ locale: 'it', kind: 'company', name: 'Rosa Immobiliare Srl' });
    const token = await invite(row.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: row.email, subject: 'Il tuo account nel portale proprietari di Dimora' });
    expect(sent[0]!.text).toContain(row.email);
    // Only the token's hash is stored; the admin's page shows the link's expiry.
    const stored = await ownerRow(row.id);
    expect(stored.inviteTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.inviteTokenHash).not.toContain(token);
    const page = await loadOwnerDetailPage({
      request: new Request(`http://dimora.test/admin/owners/${row.id}`),
      context,
      actor: admin,
      ownerId: String(row.id),
    });
    expect(page.detail.invitation).toEqual({ expiresAt: stored.inviteExpiresAt!.toISOString(), expired: false });
    const [sentAudit] = await database.db
      .select({ values: auditLog.newValues, userId: auditLog.userId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'owner_invitation_sent'), sql`${auditLog.newValues}->>'owner_id' = ${String(row.id)}`));
    expect(sentAudit).toMatchObject({ userId: admin.id, values: expect.objectContaining({ email: row.email }) });

    const shown = (await inviteRoute.loader({
      request: new Request(`http://dimora.test/owner-invite/${token}`),
      params: { token },
      context,
    } as never)) as Awaited<ReturnType<typeof inviteRoute.loader>>;
    expect(shown.invitation).toMatchObject({ state: 'create', name: 'Rosa Immobiliare Srl', email: row.email });

    const mismatch = answerOf(
      await inviteRoute.action({
        request: invitePost(token, { intent: 'create', password: PASSWORD, confirmPassword: 'other' }),
        params: { token },
        context,
      } as never),
    );
    expect(mismatch).toMatchObject({ status: 422, body: { errors: { confirmPassword: expect.any(String) } } });
    const done = await settle(() =>
      inviteRoute.action({
        request: invitePost(token, { intent: 'create', password: PASSWORD, confirmPassword: PASSWORD }),
        params: { token },
        context,
      } as never),
    );
    expect((done as Response).status).toBe(303);
    expect((done as Response).headers.get('location')).toBe('/owner-portal');
    expect((done as Response).headers.getSetCookie().join(';')).toContain('dimora.session_token=');

    const [account] = await database.db.select().from(user).where(eq(user.email, row.email));
    expect(account).toMatchObject({
      role: 'owner',
      emailVerified: true,
      name: 'Rosa Immobiliare Srl',
      companyName: 'Rosa Immobiliare Srl',
      phone: '+1 512 555 0161',
    });
    expect(await ownerRow(row.id)).toMatchObject({ userId: account!.id, inviteTokenHash: null, inviteExpiresAt: null });
    const created = await database.db
      .select({ values: auditLog.newValues })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'owner_account_created'), sql`${auditLog.newValues}->>'owner_id' = ${String(row.id)}`));
    expect(created.map((entry) => entry.values)).toEqual([expect.objectContaining({ user_id: account!.id, account: 'created' })]);

    // The link works once, and an owner with an account gets no new invitation.
    const again = answerOf(
      await inviteRoute.action({
        request: invitePost(token, { intent: 'create', password: PASSWORD, confirmPassword: PASSWORD }),
        params: { token },
        context,
      } as never),
    );
    expect(again).toMatchObject({
      status: 404,
      body: { errors: { form: 'This invitation link is not valid: it was used already or replaced by a newer one.' } },
    });
    const refused = answerOf(await adminPost(row.id, { intent: 'send-invitation' }));
    expect(refused).toMatchObject({ status: 409, body: { errors: { form: 'This owner has an owner portal account already.' } } });
    await runJobs();
    expect(sent).toHaveLength(1);
  });

  it('an expired link says so; a new invitation replaces it; an unknown owner is a 404', async () => {
    const row = await makeOwner();
    const first = await invite(row.id);
    const later = new Date(Date.now() + 8 * 86_400_000);
    expect(await findOwnerInvitation({ db: database.db, token: first, viewer: null, now: later })).toEqual({
      state: 'expired',
      name: row.name,
    });
    const second = await invite(row.id);
    expect(second).not.toBe(first);
    expect(sent.at(-1)).toMatchObject({ to: row.email, subject: 'Your Dimora owner portal account' });
    expect(await findOwnerInvitation({ db: database.db, token: first, viewer: null })).toEqual({ state: 'invalid' });
    expect(await findOwnerInvitation({ db: database.db, token: second, viewer: null })).toMatchObject({ state: 'create' });
    expect(answerOf(await adminPost(999_999, { intent: 'send-invitation' })).status).toBe(404);
  });

  it('a signed-in owner account with the owner’s e-mail is linked; another role with that e-mail is refused', async () => {
    const row = await makeOwner({ email: `Mixed.Case${counter + 1}@Owners.test` });
    const token = await invite(row.id);
    const tenant = viewerOf(await createUser(database.db, { role: 'tenant', email: `tenant-${row.email.toLowerCase()}` }));
    expect(await findOwnerInvitation({ db: database.db, token, viewer: tenant })).toMatchObject({ state: 'wrong_account' });
    expect(await linkOwnerInvitation({ db: database.db, token, viewer: tenant, origin })).toEqual({ ok: false, reason: 'wrong_account' });
    const account = viewerOf(await createUser(database.db, { role: 'owner', email: row.email.toLowerCase() }));
    expect(await findOwnerInvitation({ db: database.db, token, viewer: null })).toMatchObject({ state: 'sign_in' });
    expect(await findOwnerInvitation({ db: database.db, token, viewer: account })).toMatchObject({ state: 'link' });
    expect(await linkOwnerInvitation({ db: database.db, token, viewer: account, origin })).toMatchObject({
      ok: true,
      recordId: row.id,
      userId: account.id,
    });
    expect((await ownerRow(row.id)).userId).toBe(account.id);
    // One account, one owner: after the first owner's e-mail changed, a second owner with the
    // account's e-mail cannot take the same account.
    await database.db
      .update(owner)
      .set({ email: `moved-${row.email}` })
      .where(eq(owner.id, row.id));
    const other = await makeOwner({ email: row.email });
    const otherToken = await invite(other.id);
    expect(await linkOwnerInvitation({ db: database.db, token: otherToken, viewer: account, origin })).toEqual({
      ok: false,
      reason: 'already_linked',
    });
    expect((await ownerRow(other.id)).userId).toBeNull();
  });
});
