/**
 * The vendor's invitation (decision 030: "approval invites the vendor by e-mail to
 * create a vendor account linked to the vendor record"). The link is `/vendor-invite/<token>`:
 * 32 random bytes (base64url) of which only the SHA-256 is stored (`vendor.invite_token_hash`),
 * valid INVITATION_TTL_DAYS (`invite_expires_at`). A new invitation replaces the previous one;
 * accepting it clears both columns, so a link works once.
 *
 * Accepting: signed out, the page creates the vendor account — the vendor's e-mail, a password
 * that passes the policy (password-policy.server.ts), role `vendor`, e-mail already verified (the
 * link proved it) — with `createVerifiedUser`, and links it (`vendor.user_id`); signed in as a
 * vendor account with that e-mail, it only links. Either way in one transaction that locks the
 * vendor row, audited `vendor_account_created`, admins notified in-app.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import { createVerifiedUser, UserExistsError } from '~/server/auth/create-user.server';
import { checkPasswordPolicy, type PasswordProblem } from '~/server/auth/password-policy.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { user, vendor } from '~/server/db/schema';
import { insertNotifications } from '~/server/notifications/notify.server';
import { INVITATION_TTL_DAYS, type VendorInviteState } from './vendor-admin.types';
import { vendorNotification } from './vendor-mail.server';

/** The shape of a token we issue: 32 bytes as base64url (43 characters). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** SHA-256 (hex) of an invitation token: what the database keeps. */
export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Makes a new invitation for vendor `vendorId` if it is approved and has no account yet: a fresh
 * token whose hash and expiry (now + 7 days) replace any earlier invitation's. Returns the token
 * (to put in the e-mail, never stored) with the vendor's e-mail facts, or null when the vendor
 * is gone, not approved or already linked.
 */
export async function issueVendorInvitation(db: Db, { vendorId, now = new Date() }: { vendorId: number; now?: Date }) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000);
  const [row] = await db
    .update(vendor)
    .set({ inviteTokenHash: hashInviteToken(token), inviteExpiresAt: expiresAt, updatedAt: now })
    .where(and(eq(vendor.id, vendorId), eq(vendor.status, 'approved'), isNull(vendor.userId)))
    .returning({
      id: vendor.id,
      email: vendor.email,
      companyName: vendor.companyName,
      contactName: vendor.contactName,
      locale: vendor.locale,
    });
  return row ? { token, expiresAt, vendor: row } : null;
}

type InvitedVendor = typeof vendor.$inferSelect;

/** The vendor an invitation token points at (any state), or null for a malformed or unknown token. */
async function vendorOfToken(db: Db, token: string, { lock = false } = {}): Promise<InvitedVendor | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const query = db
    .select()
    .from(vendor)
    .where(eq(vendor.inviteTokenHash, hashInviteToken(token)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Whether the invitation of `row` can still be accepted at `now`: the vendor approved, no account yet, not expired. */
function invitationState(row: InvitedVendor | null, now: Date): 'invalid' | 'expired' | 'valid' {
  if (!row || row.status !== 'approved' || row.userId !== null || !row.inviteExpiresAt) return 'invalid';
  return row.inviteExpiresAt.getTime() <= now.getTime() ? 'expired' : 'valid';
}

async function userIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return row?.id ?? null;
}

/**
 * What /vendor-invite/:token shows `viewer` (null: signed out) at `now` — see `VendorInviteState`.
 * Reads only; nothing is changed by opening the link.
 */
export async function findVendorInvitation({
  db,
  token,
  viewer,
  now = new Date(),
}: {
  db: Db;
  token: string;
  viewer: Viewer | null;
  now?: Date;
}): Promise<VendorInviteState> {
  const row = await vendorOfToken(db, token);
  const state = invitationState(row, now);
  if (state === 'invalid' || !row) return { state: 'invalid' };
  if (state === 'expired') return { state: 'expired', companyName: row.companyName };
  const facts = { companyName: row.companyName, email: row.email };
  if (viewer) {
    if (viewer.role === 'vendor' && viewer.email.toLowerCase() === row.email.toLowerCase()) return { state: 'link', ...facts };
    return { state: 'wrong_account', ...facts, signedInAs: viewer.email };
  }
  if (await userIdByEmail(db, row.email)) return { state: 'sign_in', ...facts };
  return { state: 'create', ...facts, contactName: row.contactName, expiresAt: row.inviteExpiresAt!.toISOString() };
}

/** Why accepting an invitation was refused. */
export type InvitationRefusal =
  /** Unknown, used or replaced link, or the vendor is no longer approved (404). */
  | 'invalid'
  /** The link is older than 7 days (410). */
  | 'expired'
  /** An account with the vendor's e-mail exists: sign in with it and open the link again (409). */
  | 'account_exists'
  /** Signed in as someone who is not a vendor account with the vendor's e-mail (403). */
  | 'wrong_account'
  /** This account is already linked to another vendor (409). */
  | 'already_linked';

export type InvitationOutcome =
  | { ok: true; vendorId: number; userId: string; email: string }
  | { ok: false; reason: InvitationRefusal }
  | { ok: false; reason: 'password'; problem: PasswordProblem };

/** Links `userId` to the locked vendor row, audits and tells the admins; inside the caller's transaction. */
async function linkAccount(
  tx: Db,
  row: InvitedVendor,
  { userId, origin, created }: { userId: string; origin: RequestOrigin; created: boolean },
): Promise<void> {
  await tx.update(vendor).set({ userId, inviteTokenHash: null, inviteExpiresAt: null, updatedAt: new Date() }).where(eq(vendor.id, row.id));
  await recordAuditEvent({
    db: tx,
    userId,
    action: 'vendor_account_created',
    origin,
    tableName: 'vendor',
    values: { vendor_id: row.id, user_id: userId, email: row.email, account: created ? 'created' : 'linked' },
  });
  const admins = await tx.select({ id: user.id, locale: user.locale }).from(user).where(eq(user.role, 'admin'));
  await insertNotifications(
    tx,
    admins.map((admin) => ({
      userId: admin.id,
      ...vendorNotification(admin.locale, 'adminVendorLinked', { company: row.companyName }),
      type: 'info' as const,
      actionUrl: `/admin/vendors/${row.id}`,
    })),
  );
}

/**
 * Signed out: creates the vendor account for the invitation `token` with `password` (checked
 * against the policy with the vendor's e-mail) and links it, once. The account's language is
 * `locale`. Refusals change nothing: `invalid`, `expired`, `account_exists`, `password`.
 * Concurrent acceptances serialise on the vendor row; the second finds the link used.
 */
export async function acceptVendorInvitation({
  db,
  token,
  password,
  locale,
  origin,
  now = new Date(),
}: {
  db: Db;
  token: string;
  password: string;
  locale: string;
  origin: RequestOrigin;
  now?: Date;
}): Promise<InvitationOutcome> {
  const preview = await vendorOfToken(db, token);
  const early = invitationState(preview, now);
  if (early !== 'valid' || !preview) return { ok: false, reason: early === 'expired' ? 'expired' : 'invalid' };
  const problem = checkPasswordPolicy(password, preview.email);
  if (problem) return { ok: false, reason: 'password', problem };
  try {
    return await db.transaction(async (tx): Promise<InvitationOutcome> => {
      const row = await vendorOfToken(tx, token, { lock: true });
      const state = invitationState(row, now);
      if (state !== 'valid' || !row) return { ok: false, reason: state === 'expired' ? 'expired' : 'invalid' };
      if (await userIdByEmail(tx, row.email)) return { ok: false, reason: 'account_exists' };
      const created = await createVerifiedUser(tx, { email: row.email, password, role: 'vendor', name: row.contactName });
      await tx
        .update(user)
        .set({ locale: locale === 'it' ? 'it' : 'en', companyName: row.companyName, phone: row.phone, userType: 'vendor' })
        .where(eq(user.id, created.id));
      await linkAccount(tx, row, { userId: created.id, origin, created: true });
      return { ok: true, vendorId: row.id, userId: created.id, email: created.email };
    });
  } catch (error) {
    // Another request created an account with this e-mail meanwhile.
    if (error instanceof UserExistsError) return { ok: false, reason: 'account_exists' };
    throw error;
  }
}

/**
 * Signed in: links `viewer`'s account to the vendor of invitation `token` when it is a vendor
 * account with the vendor's e-mail (any letter case) and not linked to another vendor yet.
 * Refusals change nothing: `invalid`, `expired`, `wrong_account`, `already_linked`.
 */
export async function linkVendorInvitation({
  db,
  token,
  viewer,
  origin,
  now = new Date(),
}: {
  db: Db;
  token: string;
  viewer: Viewer;
  origin: RequestOrigin;
  now?: Date;
}): Promise<InvitationOutcome> {
  return db.transaction(async (tx): Promise<InvitationOutcome> => {
    const row = await vendorOfToken(tx, token, { lock: true });
    const state = invitationState(row, now);
    if (state !== 'valid' || !row) return { ok: false, reason: state === 'expired' ? 'expired' : 'invalid' };
    if (viewer.role !== 'vendor' || viewer.email.toLowerCase() !== row.email.toLowerCase()) return { ok: false, reason: 'wrong_account' };
    const [other] = await tx.select({ id: vendor.id }).from(vendor).where(eq(vendor.userId, viewer.id));
    if (other) return { ok: false, reason: 'already_linked' };
    await linkAccount(tx, row, { userId: viewer.id, origin, created: false });
    return { ok: true, vendorId: row.id, userId: viewer.id, email: viewer.email };
  });
}
