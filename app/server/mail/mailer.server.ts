/**
 * Outgoing e-mail (DESIGN §2 "e-mail"): nodemailer over SMTP when `smtpUrl` is given; otherwise
 * the dev mailbox, which stores each message in `mail_message` (readable by admins at
 * /admin/mailbox, link tokens redacted outside demo mode) and logs recipient and subject. The
 * server passes `smtpUrl` per `env.mailTransport` (MAIL_TRANSPORT / SMTP_URL, decision 023). Free of i18n so CLI scripts can use it; the texts are built by
 * `app/features/accounts/mail-templates.server.ts` and friends.
 */
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.server';
import { currentSettings } from '../settings/settings.server';
import { brandMail } from './branding.server';
import { mailMessage } from '../db/schema';
import type { Logger } from '../logger.server';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where the recipient's answer goes (e.g. the leasing office), when not to the sender. */
  replyTo?: string;
  /** Extra headers, e.g. `List-Unsubscribe` (RFC 2369). The dev mailbox does not keep them. */
  headers?: Record<string, string>;
};

export type Mailer = {
  /** `smtp` sends through SMTP_URL; `mailbox` stores in the database. */
  readonly kind: 'smtp' | 'mailbox';
  /** Sends one message. Throws when the SMTP server refuses it; callers decide whether to log or fail. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

type MailerOptions = { db: Db; logger: Logger; from: string; smtpUrl?: string };

/**
 * Creates the mailer the server uses for its whole life. Every message is signed with the
 * company name of /admin/system (`brandMail`); if the settings cannot be read it goes out as
 * written rather than not at all.
 */
export function createMailer({ db, logger, from, smtpUrl }: MailerOptions): Mailer {
  const brand = async (mail: OutgoingMail) => {
    try {
      return brandMail(mail, (await currentSettings(db)).companyName);
    } catch (error) {
      logger.warn({ err: error }, 'company name unavailable; mail sent unbranded');
      return mail;
    }
  };
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      async send(unbranded) {
        const mail = await brand(unbranded);
        const info = await transport.sendMail({ from, ...mail });
        logger.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'mailbox',
    async send(unbranded) {
      const mail = await brand(unbranded);
      const [row] = await db
        .insert(mailMessage)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null })
        .returning({ id: mailMessage.id });
      logger.info({ to: mail.to, subject: mail.subject, mailboxId: row?.id }, 'mail stored in the dev mailbox');
    },
    close: () => undefined,
  };
}
