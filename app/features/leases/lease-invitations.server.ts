/**
 * The invitation to sign a lease, sent when staff send a lease or offer a renewal (spec §6): the
 * e-mail to each signer and the bell notification for those with an account.
 */
import { eq } from 'drizzle-orm';
import { lease, leaseTenant, user } from '~/server/db/schema';
import { mailLanguage } from '~/server/mail/templates.server';
import { insertNotifications } from '~/server/notifications/notify.server';
import { enqueueOutbox } from '~/server/outbox/outbox.server';
import type { Tx } from '~/features/ledger/ledger.server';
import { LEASE_MAIL_TOPIC, mailDate, mailMoney, type LeaseMailPayload } from '~/features/ledger/lease-mail.server';
import { leaseUnitLabel } from '~/features/ledger/lease-payments.server';

/**
 * Invites every signer of lease `leaseId` to sign it: one outbox e-mail each (`template`, in the
 * signer's language, deduplicated per lease and address) and a bell notification for signers
 * who have an account. Runs inside the caller's transaction `tx`; `publicUrl` builds the link.
 */
export async function inviteSigners(tx: Tx, leaseId: number, template: 'lease_sent' | 'renewal_offered', publicUrl: string): Promise<void> {
  const [row] = await tx.select().from(lease).where(eq(lease.id, leaseId));
  if (!row) return;
  const signers = await tx
    .select({ email: leaseTenant.email, name: leaseTenant.name, userId: leaseTenant.userId, locale: user.locale })
    .from(leaseTenant)
    .leftJoin(user, eq(user.id, leaseTenant.userId))
    .where(eq(leaseTenant.leaseId, leaseId));
  const { label } = await leaseUnitLabel(tx, leaseId);
  const url = new URL(`/tenant-portal/leases/${leaseId}`, publicUrl).href;
  const mails = signers.map((signer) => {
    const locale = mailLanguage(signer.locale ?? row.locale);
    const payload: LeaseMailPayload = {
      template,
      to: signer.email,
      locale,
      name: signer.name,
      url,
      values: {
        unit: label,
        start: mailDate(row.startDate, locale),
        end: mailDate(row.endDate, locale),
        rent: mailMoney(row.monthlyRentCents, locale),
        due: mailMoney(row.dueAtSigningCents, locale),
        email: signer.email,
        signBy: mailDate((row.signBy ?? new Date()).toISOString(), locale),
      },
    };
    return { topic: LEASE_MAIL_TOPIC, payload, dedupeKey: `${template}:${leaseId}:${signer.email}` };
  });
  await enqueueOutbox(tx, mails);
  const notified = signers.filter((s) => s.userId);
  if (notified.length > 0) {
    await insertNotifications(
      tx,
      notified.map((s) => ({
        userId: s.userId!,
        type: 'info' as const,
        title: mailLanguage(s.locale) === 'it' ? 'Contratto da firmare' : 'A lease to sign',
        message:
          mailLanguage(s.locale) === 'it'
            ? `Il contratto per ${label} attende la sua firma.`
            : `Your lease for ${label} is waiting for your signature.`,
        actionUrl: `/tenant-portal/leases/${leaseId}`,
      })),
    );
  }
}
