/**
 * Telling people that a bank debit came back (decision 050): the payer gets a notification and
 * an e-mail (the amount, the account, the fee posted, a link to pay again), and the building's
 * staff (its manager and the admins) get a notification and an e-mail that open the payment. In
 * each person's language; every e-mail once per payment (outbox dedupe keys).
 */
import { eq } from 'drizzle-orm';
import { staffOf } from '~/features/maintenance/tenant-requests.server';
import en from '~/i18n/locales/en/mail-leases.json';
import it from '~/i18n/locales/it/mail-leases.json';
import type { Db } from '~/server/db/client.server';
import { user, type payment } from '~/server/db/schema';
import { fillText, mailLanguage } from '~/server/mail/templates.server';
import { insertNotifications } from '~/server/notifications/notify.server';
import { enqueueOutbox } from '~/server/outbox/outbox.server';
import type { Tx } from './ledger.server';
import { leaseMailMessage, mailMoney } from './lease-mail.server';
import { leaseUnitLabel, receiptNumber } from './lease-labels.server';

const NOTICES = { en: en.notices, it: it.notices };

/**
 * Announces the returned debit `returned` (a payment just moved from `processing` to `failed`,
 * inside the transaction that moved it): `feeCents` is the returned-payment fee posted (0: none).
 */
export async function announceReturnedDebit(
  tx: Tx,
  { payment: returned, feeCents, publicUrl }: { payment: typeof payment.$inferSelect; feeCents: number; publicUrl: string },
): Promise<void> {
  if (returned.leaseId === null) return;
  const db = tx as unknown as Db;
  const { label, buildingId } = await leaseUnitLabel(tx, returned.leaseId);
  const account = `${returned.cardBrand ?? 'bank account'} •••• ${returned.cardLast4 ?? '????'}`;
  const values = (locale: 'en' | 'it') => ({
    unit: label,
    amount: mailMoney(returned.amountCents, locale),
    account,
    receipt: receiptNumber(returned.id),
    fee: feeCents > 0 ? fillText(NOTICES[locale].debitReturnedFee, { fee: mailMoney(feeCents, locale) }) : '',
  });
  const [payer] = returned.payerId
    ? await tx
        .select({ id: user.id, email: user.email, name: user.name, locale: user.locale })
        .from(user)
        .where(eq(user.id, returned.payerId))
    : [];
  const staff = (await staffOf(db, buildingId)).filter((member) => member.id !== payer?.id);
  const mails = [];
  const notifications = [];
  if (payer) {
    const locale = mailLanguage(payer.locale);
    mails.push(
      leaseMailMessage(payer, locale, {
        template: 'debit_returned',
        url: new URL('/tenant-portal#payments', publicUrl).href,
        values: values(locale),
        dedupeKey: `debit_returned:${returned.id}`,
      }),
    );
    notifications.push({
      userId: payer.id,
      type: 'error' as const,
      title: NOTICES[locale].debitReturnedTitle,
      message: fillText(NOTICES[locale].debitReturned, values(locale)),
      actionUrl: '/tenant-portal#payments',
    });
  }
  for (const member of staff) {
    const locale = mailLanguage(member.locale);
    const path = `${member.isManager ? '/dashboard' : '/admin'}/payments/${returned.id}`;
    mails.push(
      leaseMailMessage(member, locale, {
        template: 'debit_returned_staff',
        url: new URL(path, publicUrl).href,
        values: { ...values(locale), payer: payer?.name ?? '—' },
        dedupeKey: `debit_returned_staff:${returned.id}:${member.id}`,
      }),
    );
    notifications.push({
      userId: member.id,
      type: 'warning' as const,
      title: NOTICES[locale].debitReturnedStaffTitle,
      message: fillText(NOTICES[locale].debitReturnedStaff, { ...values(locale), payer: payer?.name ?? '—' }),
      actionUrl: path,
    });
  }
  await enqueueOutbox(db, mails);
  await insertNotifications(db, notifications);
}
