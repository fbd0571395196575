/**
 * The invitation to sign a lease, sent when staff send a lease or offer a renewal (spec §6): the
 * e-mail to each signer and the bell notification for those with an account.
 */
import { eq } from 'drizzle-orm';
import { lease } from '~/server/db/schema';
import { mailLanguage } from '~/server/mail/templates.server';
import { insertNotifications } from '~/server/notifications/notify.server';
import { enqueueOutbox } from '~/server/outbox/outbox.server';
import type { Tx } from '~/features/ledger/ledger.server';
import { findLeaseSigners, leaseMailMessage, mailDate, mailMoney } from '~/features/ledger/lease-mail.server';
import { leaseUnitLabel } from '~/features/ledger/lease-payments.server';

/**
 * Invites every signer of lease `leaseId` to sign it: one outbox e-mail each (`template`, in the
 * signer's language, deduplicated per lease and address) and a bell notification for signers
 * who have an account. Runs inside the caller's transaction `tx`; `publicUrl` builds the link.
 */
export async function inviteSigners(tx: Tx, leaseId: number, template: 'lease_sent' | 'renewal_offered', publicUrl: string): Promise<void> {
  const [row] = await tx.select().from(lease).where(eq(lease.id, leaseId));
  if (!row) return;
  const signers = await findLeaseSigners(tx, leaseId);
  const { label } = await leaseUnitLabel(tx, leaseId);
  const url = new URL(`/tenant-portal/leases/${leaseId}`, publicUrl).href;
  const mails = signers.map((signer) => {
    const locale = mailLanguage(signer.locale ?? row.locale);
    return leaseMailMessage(signer, locale, {
      template,
      url,
      dedupeKey: `${template}:${leaseId}:${signer.email}`,
      values: {
        unit: label,
        start: mailDate(row.startDate, locale),
        end: mailDate(row.endDate, locale),
        rent: mailMoney(row.monthlyRentCents, locale),
        due: mailMoney(row.dueAtSigningCents, locale),
        email: signer.email,
        signBy: mailDate((row.signBy ?? new Date()).toISOString(), locale),
      },
    });
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
