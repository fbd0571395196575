/**
 * The e-mails of leases and rent (decision 022 and 020): lease sent for signature (also the
 * co-tenant invitation), lease active, renewal offered, payment receipt, autopay failed, lease
 * ended with the deposit statement. One outbox topic, `mail.lease`, carries a template name and
 * the values it shows; texts live in `locales/{en,it}/mail-leases.json`, imported directly so the
 * tsx-run worker can render them outside Vite. Plain text plus an HTML part in the one mail
 * layout (decision 039); every value is HTML-escaped.
 */
import en from '~/i18n/locales/en/mail-leases.json';
import it from '~/i18n/locales/it/mail-leases.json';
import { eq } from 'drizzle-orm';
import type { Language } from '~/lib/constants';
import type { Db } from '~/server/db/client.server';
import { leaseTenant, user } from '~/server/db/schema';
import type { OutgoingMail } from '~/server/mail/mailer.server';
import { renderTemplateMail, type TemplateMailPayload } from '~/server/mail/template-mail.server';
import type { JobHandlers, OutboxMessage } from '~/server/outbox/outbox.server';

type Texts = typeof en;
const TEXTS: Record<Language, Texts> = { en, it };

export const LEASE_MAIL_TOPIC = 'mail.lease';

export type LeaseMailTemplate = keyof Texts['templates'];

/** The outbox payload of `mail.lease`: plain values only (no card data). `url` is absolute. */
export type LeaseMailPayload = TemplateMailPayload<LeaseMailTemplate> & { url: string };

/**
 * The outbox message of one `mail.lease` e-mail: `template` with its `values` (already formatted
 * in `locale`) to `recipient`, linking to `url` (absolute), sent once per `dedupeKey`.
 */
export function leaseMailMessage(
  recipient: { email: string; name: string },
  locale: string,
  { template, url, values, dedupeKey }: { template: LeaseMailTemplate; url: string; values: Record<string, string>; dedupeKey: string },
): OutboxMessage {
  const payload: LeaseMailPayload = { template, to: recipient.email, locale, name: recipient.name, url, values };
  return { topic: LEASE_MAIL_TOPIC, payload, dedupeKey };
}

/** A signer of a lease as its e-mails address them: `locale` is their account's (null without an account). */
export type LeaseSigner = { email: string; name: string; userId: string | null; locale: string | null };

/** The signers of lease `leaseId`, in `db` (a transaction or the pool). */
export function findLeaseSigners(db: Pick<Db, 'select'>, leaseId: number): Promise<LeaseSigner[]> {
  return db
    .select({ email: leaseTenant.email, name: leaseTenant.name, userId: leaseTenant.userId, locale: user.locale })
    .from(leaseTenant)
    .leftJoin(user, eq(user.id, leaseTenant.userId))
    .where(eq(leaseTenant.leaseId, leaseId));
}

/** Renders a `mail.lease` payload in the recipient's language. */
export function leaseMail(payload: LeaseMailPayload): OutgoingMail {
  return renderTemplateMail(TEXTS, payload, { url: payload.url });
}

export { mailDate, mailMoney } from '~/server/mail/templates.server';

export const leaseMailJobHandlers: JobHandlers = {
  [LEASE_MAIL_TOPIC]: async (job, { mailer }) => {
    await mailer.send(leaseMail(job.payload as LeaseMailPayload));
  },
};
