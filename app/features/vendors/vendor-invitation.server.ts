/**
 * The vendor's invitation (decision 030: "approval invites the vendor by e-mail to create a vendor
 * account linked to the vendor record"): the link is `/vendor-invite/<token>`, open while the
 * vendor is approved and has no account. The token, the page states and the create / link commands
 * are the accounts' invitation service (account-invitation.server.ts); here is what is the
 * vendor's: the row, the account's company and phone, the audit entry `vendor_account_created`
 * and the admins' in-app notice.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { invitationsOf, newInvitation, type InvitationParty } from '~/features/accounts/account-invitation.server';
import { recordAuditEvent } from '~/server/audit.server';
import type { Db } from '~/server/db/client.server';
import { user, vendor } from '~/server/db/schema';
import { insertNotifications } from '~/server/notifications/notify.server';
import { vendorNotification } from './vendor-mail.server';

export { hashInviteToken } from '~/features/accounts/account-invitation.server';

type InvitedVendor = typeof vendor.$inferSelect;

/** The vendor as an invited party: open while approved; the account takes its company and phone. */
const VENDOR_PARTY: InvitationParty<InvitedVendor> = {
  role: 'vendor',
  async byTokenHash(db, tokenHash, lock) {
    const query = db.select().from(vendor).where(eq(vendor.inviteTokenHash, tokenHash));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },
  isOpen: (row) => row.status === 'approved',
  displayName: (row) => row.companyName,
  async isLinkedElsewhere(tx, userId) {
    const [other] = await tx.select({ id: vendor.id }).from(vendor).where(eq(vendor.userId, userId));
    return Boolean(other);
  },
  accountProfile: (row) => ({ name: row.contactName, profile: { companyName: row.companyName, phone: row.phone } }),
  async link(tx, row, { userId, origin, created }) {
    await tx
      .update(vendor)
      .set({ userId, inviteTokenHash: null, inviteExpiresAt: null, updatedAt: new Date() })
      .where(eq(vendor.id, row.id));
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
  },
};

/**
 * Makes a new invitation for vendor `vendorId` if it is approved and has no account yet: a fresh
 * token whose hash and expiry (now + 7 days) replace any earlier invitation's. Returns the token
 * (to put in the e-mail, never stored) with the vendor's e-mail facts, or null when the vendor
 * is gone, not approved or already linked.
 */
export async function issueVendorInvitation(db: Db, { vendorId, now = new Date() }: { vendorId: number; now?: Date }) {
  const { token, tokenHash, expiresAt } = newInvitation(now);
  const [row] = await db
    .update(vendor)
    .set({ inviteTokenHash: tokenHash, inviteExpiresAt: expiresAt, updatedAt: now })
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

/**
 * The vendor's invitation link, bound to the vendor: `findVendorInvitation` (what /vendor-invite/:token
 * shows; reads only), `acceptVendorInvitation` (signed out: creates the vendor account and links it,
 * once) and `linkVendorInvitation` (signed in as a vendor account with the vendor's e-mail: links
 * it) — see account-invitation.server.ts.
 */
export const vendorInvitations = invitationsOf(VENDOR_PARTY);
export const { find: findVendorInvitation, accept: acceptVendorInvitation, link: linkVendorInvitation } = vendorInvitations;
