/**
 * The owner's invitation by e-mail (decision 061: owners are "invited by e-mail like vendors"): an
 * admin sends it from /admin/owners/:id; the job `mail.owner_invitation` issues the link
 * `/owner-invite/<token>` and e-mails it in the owner's language. The token, the page states and the
 * create / link commands are the accounts' invitation service (account-invitation.server.ts); here
 * is what is the owner's: the row (open while it has no account), the command that sends it, the
 * audit entries `owner_invitation_sent` and `owner_account_created`.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { invitationsOf, newInvitation, type InvitationParty } from '~/features/accounts/account-invitation.server';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { owner } from '~/server/db/schema';
import { enqueueOutbox } from '~/server/outbox/outbox.server';

/** The outbox topic that issues an owner's link and e-mails it; payload `{ ownerId }`. */
export const OWNER_INVITATION_TOPIC = 'mail.owner_invitation';
export type OwnerInvitationPayload = { ownerId: number };

/** The path of an owner's invitation link. */
export const OWNER_INVITE_PATH = '/owner-invite';

type InvitedOwner = typeof owner.$inferSelect;

/** The owner as an invited party: open while it has no account; the account takes its name and phone. */
const OWNER_PARTY: InvitationParty<InvitedOwner> = {
  role: 'owner',
  async byTokenHash(db, tokenHash, lock) {
    const query = db.select().from(owner).where(eq(owner.inviteTokenHash, tokenHash));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },
  isOpen: () => true,
  displayName: (row) => row.name,
  async isLinkedElsewhere(tx, userId) {
    const [other] = await tx.select({ id: owner.id }).from(owner).where(eq(owner.userId, userId));
    return Boolean(other);
  },
  accountProfile: (row) => ({ name: row.name, profile: { phone: row.phone, companyName: row.kind === 'company' ? row.name : null } }),
  async link(tx, row, { userId, origin, created }) {
    await tx.update(owner).set({ userId, inviteTokenHash: null, inviteExpiresAt: null, updatedAt: new Date() }).where(eq(owner.id, row.id));
    await recordAuditEvent({
      db: tx,
      userId,
      action: 'owner_account_created',
      origin,
      tableName: 'owner',
      values: { owner_id: row.id, user_id: userId, email: row.email, account: created ? 'created' : 'linked' },
    });
  },
};

/** Why sending an invitation was refused: an unknown owner, or one who has an account already. */
export type OwnerInvitationRefusal = 'not_found' | 'already_linked';

/**
 * Sends owner `id` an invitation (again): queues `mail.owner_invitation`, whose job makes a fresh
 * link replacing any earlier one. Refused `not_found`, `already_linked` (the owner has an account).
 * Audited `owner_invitation_sent`.
 */
export async function sendOwnerInvitation(
  db: Db,
  { actor, id, origin, now = new Date() }: { actor: Pick<Viewer, 'id'>; id: number; origin: RequestOrigin; now?: Date },
): Promise<{ ok: true; id: number } | { ok: false; reason: OwnerInvitationRefusal }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: owner.id, email: owner.email, userId: owner.userId })
      .from(owner)
      .where(eq(owner.id, id))
      .for('update');
    if (!row) return { ok: false as const, reason: 'not_found' as const };
    if (row.userId) return { ok: false as const, reason: 'already_linked' as const };
    const payload: OwnerInvitationPayload = { ownerId: id };
    await enqueueOutbox(tx, [{ topic: OWNER_INVITATION_TOPIC, payload, dedupeKey: `owner-invitation:${id}:${now.toISOString()}` }]);
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'owner_invitation_sent',
      origin,
      tableName: 'owner',
      values: { owner_id: id, email: row.email },
    });
    return { ok: true as const, id };
  });
}

/**
 * Makes a new invitation for owner `ownerId` if it has no account yet: a fresh token whose hash and
 * expiry (now + 7 days) replace any earlier invitation's. Returns the token (for the e-mail, never
 * stored) with the owner's e-mail facts, or null when the owner is gone or already has an account.
 */
export async function issueOwnerInvitation(db: Db, { ownerId, now = new Date() }: { ownerId: number; now?: Date }) {
  const { token, tokenHash, expiresAt } = newInvitation(now);
  const [row] = await db
    .update(owner)
    .set({ inviteTokenHash: tokenHash, inviteExpiresAt: expiresAt, updatedAt: now })
    .where(and(eq(owner.id, ownerId), isNull(owner.userId)))
    .returning({ id: owner.id, email: owner.email, name: owner.name, locale: owner.locale });
  return row ? { token, expiresAt, owner: row } : null;
}

/**
 * The owner's invitation link, bound to the owner: `findOwnerInvitation` (what /owner-invite/:token
 * shows; reads only), `acceptOwnerInvitation` (signed out: creates the owner account and links it,
 * once) and `linkOwnerInvitation` (signed in as an owner account with the owner's e-mail: links
 * it) — see account-invitation.server.ts.
 */
export const ownerInvitations = invitationsOf(OWNER_PARTY);
export const { find: findOwnerInvitation, accept: acceptOwnerInvitation, link: linkOwnerInvitation } = ownerInvitations;
