/**
 * Account invitations by e-mail (decision 030 for vendors, decision 061 for owners): a record
 * (an approved vendor, an owner) gets a link `/<kind>-invite/<token>` that creates its sign-in
 * account or links an existing one. The token is 32 random bytes (base64url) of which only the
 * SHA-256 is stored (`invite_token_hash`), valid INVITATION_TTL_DAYS (`invite_expires_at`). A new
 * invitation replaces the previous one; accepting it clears both columns, so a link works once.
 *
 * Accepting: signed out, it creates the account — the record's e-mail, a password that passes the
 * policy (password-policy.server.ts), the party's role, e-mail already verified (the link proved
 * it) — with `createVerifiedUser`, and links it (`user_id`); signed in with an account of that
 * role and e-mail, it only links. Either way in one transaction that locks the record's row; the
 * party's `link` writes the link, the audit entry and any notification.
 *
 * What differs between vendors and owners is an `InvitationParty`; the rest is here once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { RequestOrigin } from '~/server/audit.server';
import { createVerifiedUser, UserExistsError } from '~/server/auth/create-user.server';
import { checkPasswordPolicy, type PasswordProblem } from '~/server/auth/password-policy.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { user } from '~/server/db/schema';
import { INVITATION_TTL_DAYS, type AccountInviteState, type InvitationRefusal } from './account-invite.types';

/** The shape of a token we issue: 32 bytes as base64url (43 characters). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** SHA-256 (hex) of an invitation token: what the database keeps. */
export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh token (for the e-mail only), its hash (for the row) and its expiry, `now` + 7 days. */
export function newInvitation(now = new Date()): { token: string; tokenHash: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInviteToken(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000) };
}

/** What every invited record has. */
export type InvitedRecord = { id: number; email: string; userId: string | null; inviteExpiresAt: Date | null };

/** How one kind of record is invited: its role, how it is read and linked. */
export type InvitationParty<R extends InvitedRecord> = {
  /** The role of the account created or linked. */
  role: 'vendor' | 'owner';
  /** The record whose stored hash is `tokenHash`, locked FOR UPDATE when `lock`; null when none. */
  byTokenHash(db: Db, tokenHash: string, lock: boolean): Promise<R | null>;
  /** Whether the record may still take an account besides having none (a vendor: still approved). */
  isOpen(row: R): boolean;
  /** The name the page shows (a vendor's company, an owner's name). */
  displayName(row: R): string;
  /** Whether `userId` is already linked to another record of this kind. */
  isLinkedElsewhere(tx: Db, userId: string): Promise<boolean>;
  /** The new account's display name and profile columns besides e-mail, password and role. */
  accountProfile(row: R): { name: string; profile: Partial<typeof user.$inferInsert> };
  /** Links `userId` to the locked row (clearing the token), audits and notifies; inside the caller's transaction. */
  link(tx: Db, row: R, args: { userId: string; origin: RequestOrigin; created: boolean }): Promise<void>;
};

export type InvitationOutcome =
  | { ok: true; recordId: number; userId: string; email: string }
  | { ok: false; reason: InvitationRefusal }
  | { ok: false; reason: 'password'; problem: PasswordProblem };

async function recordOfToken<R extends InvitedRecord>(party: InvitationParty<R>, db: Db, token: string, lock = false): Promise<R | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  return party.byTokenHash(db, hashInviteToken(token), lock);
}

/** Whether the invitation of `row` can still be accepted at `now`: open, no account yet, not expired. */
function invitationState<R extends InvitedRecord>(party: InvitationParty<R>, row: R | null, now: Date): 'invalid' | 'expired' | 'valid' {
  if (!row || !party.isOpen(row) || row.userId !== null || !row.inviteExpiresAt) return 'invalid';
  return row.inviteExpiresAt.getTime() <= now.getTime() ? 'expired' : 'valid';
}

const refusedState = (state: 'invalid' | 'expired'): { ok: false; reason: InvitationRefusal } => ({ ok: false, reason: state });

async function userIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return row?.id ?? null;
}

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * What the invitation page shows `viewer` (null: signed out) at `now` — see `AccountInviteState`.
 * Reads only; nothing is changed by opening the link.
 */
export async function findInvitation<R extends InvitedRecord>(
  party: InvitationParty<R>,
  { db, token, viewer, now = new Date() }: FindArgs,
): Promise<AccountInviteState> {
  const row = await recordOfToken(party, db, token);
  const state = invitationState(party, row, now);
  if (state === 'invalid' || !row) return { state: 'invalid' };
  const name = party.displayName(row);
  if (state === 'expired') return { state: 'expired', name };
  const facts = { name, email: row.email };
  if (viewer) {
    if (viewer.role === party.role && sameEmail(viewer.email, row.email)) return { state: 'link', ...facts };
    return { state: 'wrong_account', ...facts, signedInAs: viewer.email };
  }
  if (await userIdByEmail(db, row.email)) return { state: 'sign_in', ...facts };
  return { state: 'create', ...facts, expiresAt: row.inviteExpiresAt!.toISOString() };
}

/**
 * Signed out: creates the account for the invitation `token` with `password` (checked against the
 * policy with the record's e-mail) and links it, once; the account's language is `locale`.
 * Refusals change nothing: `invalid`, `expired`, `account_exists`, `password`. Concurrent
 * acceptances serialise on the record's row; the second finds the link used.
 */
export async function acceptInvitation<R extends InvitedRecord>(
  party: InvitationParty<R>,
  { db, token, password, locale, origin, now = new Date() }: AcceptArgs,
): Promise<InvitationOutcome> {
  const preview = await recordOfToken(party, db, token);
  const early = invitationState(party, preview, now);
  if (early !== 'valid' || !preview) return refusedState(early === 'expired' ? 'expired' : 'invalid');
  const problem = checkPasswordPolicy(password, preview.email);
  if (problem) return { ok: false, reason: 'password', problem };
  try {
    return await db.transaction(async (tx): Promise<InvitationOutcome> => {
      const row = await recordOfToken(party, tx, token, true);
      const state = invitationState(party, row, now);
      if (state !== 'valid' || !row) return refusedState(state === 'expired' ? 'expired' : 'invalid');
      if (await userIdByEmail(tx, row.email)) return { ok: false, reason: 'account_exists' };
      const { name, profile } = party.accountProfile(row);
      const created = await createVerifiedUser(tx, { email: row.email, password, role: party.role, name });
      await tx
        .update(user)
        .set({ ...profile, locale: locale === 'it' ? 'it' : 'en', userType: party.role })
        .where(eq(user.id, created.id));
      await party.link(tx, row, { userId: created.id, origin, created: true });
      return { ok: true, recordId: row.id, userId: created.id, email: created.email };
    });
  } catch (error) {
    // Another request created an account with this e-mail meanwhile.
    if (error instanceof UserExistsError) return { ok: false, reason: 'account_exists' };
    throw error;
  }
}

/**
 * Signed in: links `viewer`'s account to the record of invitation `token` when it is an account of
 * the party's role with the record's e-mail (any letter case) and not linked to another record yet.
 * Refusals change nothing: `invalid`, `expired`, `wrong_account`, `already_linked`.
 */
export async function linkInvitation<R extends InvitedRecord>(
  party: InvitationParty<R>,
  { db, token, viewer, origin, now = new Date() }: LinkArgs,
): Promise<InvitationOutcome> {
  return db.transaction(async (tx): Promise<InvitationOutcome> => {
    const row = await recordOfToken(party, tx, token, true);
    const state = invitationState(party, row, now);
    if (state !== 'valid' || !row) return refusedState(state === 'expired' ? 'expired' : 'invalid');
    if (viewer.role !== party.role || !sameEmail(viewer.email, row.email)) return { ok: false, reason: 'wrong_account' };
    if (await party.isLinkedElsewhere(tx, viewer.id)) return { ok: false, reason: 'already_linked' };
    await party.link(tx, row, { userId: viewer.id, origin, created: false });
    return { ok: true, recordId: row.id, userId: viewer.id, email: viewer.email };
  });
}

type FindArgs = { db: Db; token: string; viewer: Viewer | null; now?: Date };
type AcceptArgs = { db: Db; token: string; password: string; locale: string; origin: RequestOrigin; now?: Date };
type LinkArgs = { db: Db; token: string; viewer: Viewer; origin: RequestOrigin; now?: Date };

/** One party's invitation calls, bound to it: what its page (`InvitePageKind`) and its tests call. */
export type PartyInvitations = {
  find(args: FindArgs): Promise<AccountInviteState>;
  accept(args: AcceptArgs): Promise<InvitationOutcome>;
  link(args: LinkArgs): Promise<InvitationOutcome>;
};

/** `findInvitation`, `acceptInvitation` and `linkInvitation` for `party`. */
export function invitationsOf<R extends InvitedRecord>(party: InvitationParty<R>): PartyInvitations {
  return {
    find: (args) => findInvitation(party, args),
    accept: (args) => acceptInvitation(party, args),
    link: (args) => linkInvitation(party, args),
  };
}
