/**
 * Listing alerts (the /subscriptions page, DESIGN §4 `listing_alert`): a visitor saves a search
 * with an e-mail address, confirms it through a link (double opt-in) and can leave with the
 * unsubscribe link carried by every alert e-mail. Subscribing e-mails the confirmation link
 * (and the unsubscribe link) in the alert's language.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { getT } from '~/i18n/translate.server';
import type { Language } from '~/lib/constants';
import type { Db } from '~/server/db/client.server';
import { listingAlert, listingAlertDelivery } from '~/server/db/schema';
import { logger as defaultLogger, type Logger } from '~/server/logger.server';
import type { Mailer } from '~/server/mail/mailer.server';
import { listingAlertConfirmMail } from '~/server/mail/templates.server';
import { translateIssues } from '~/server/http/form.server';
import type { FieldErrors } from '~/lib/form-fields';
import {
  ALERTS_PER_EMAIL_MAX,
  isAlertToken,
  listingAlertSchema,
  type AlertCriteria,
  type ListingAlertField,
} from './listing-alerts.schemas';

/** A confirm or unsubscribe token: 24 random bytes, base64url (32 characters). */
export function createAlertToken(): string {
  return randomBytes(24).toString('base64url');
}

export type SubscribeResult =
  | { ok: true; alertId: number; status: 'pending' | 'confirmed'; created: boolean }
  | { ok: false; status: 400 | 422; errors: FieldErrors<ListingAlertField> };

type SubscribeOptions = {
  db: Db;
  /** The form's fields as strings (see `readListingAlertForm`); validated here. */
  input: unknown;
  /** The visitor's language: error messages and the alert e-mails use it. */
  locale: Language;
  /** Sends the confirmation e-mail (the load context's mailer). */
  mailer: Mailer;
  /** The site's public origin for the links in the e-mail, e.g. `https://dimora.example`. */
  publicUrl: string;
  /** Where a failed delivery is logged; the server's logger by default. */
  logger?: Pick<Logger, 'error' | 'info'>;
};

/** The links of a pending alert's confirmation e-mail. */
export function listingAlertLinks(publicUrl: string, tokens: { confirmToken: string; unsubscribeToken: string }) {
  const base = `${publicUrl.replace(/\/+$/, '')}/subscriptions`;
  return {
    confirmUrl: `${base}?confirm=${encodeURIComponent(tokens.confirmToken)}`,
    unsubscribeUrl: `${base}?unsubscribe=${encodeURIComponent(tokens.unsubscribeToken)}`,
  };
}

type Saved =
  | {
      ok: true;
      alertId: number;
      status: 'pending' | 'confirmed';
      created: boolean;
      tokens: { confirmToken: string; unsubscribeToken: string } | null;
    }
  | Extract<SubscribeResult, { ok: false }>;

/**
 * Saves a listing alert for an e-mail address, search criteria and frequency (`immediate` or a
 * `daily` digest), status `pending` with fresh confirm and unsubscribe tokens. Idempotent: the
 * same address (any letter case) with the same criteria updates the existing alert's locale and
 * frequency instead of adding a row; an alert that was
 * unsubscribed starts over as `pending` with new tokens. Serialised per address with an
 * advisory lock, so two identical submissions at once still leave one row.
 *
 * Every outcome that leaves the alert `pending` (new, started over, or subscribed again before
 * confirming) e-mails the confirmation message in `locale`, with the links
 * `${publicUrl}/subscriptions?confirm=<token>` and `?unsubscribe=<token>`; an already confirmed
 * alert gets no e-mail. A failed delivery is logged, not reported: the alert stays saved and
 * subscribing again re-sends.
 *
 * Returns `status: 400` with field errors in `locale` for invalid input, `status: 422` when the
 * address already holds ALERTS_PER_EMAIL_MAX active alerts. Database failures throw.
 */
export async function subscribeToListingAlerts({
  db,
  input,
  locale,
  mailer,
  publicUrl,
  logger = defaultLogger,
}: SubscribeOptions): Promise<SubscribeResult> {
  const parsed = listingAlertSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, status: 400, errors: translateIssues<ListingAlertField>(parsed.error, locale) };
  }
  const { email, criteria, frequency } = parsed.data;
  const address = email.toLowerCase();
  const { location = '', ...numbers } = criteria;

  const saved = await db.transaction(async (tx): Promise<Saved> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`listing_alert:${address}`}))`);
    const [existing] = await tx
      .select({
        id: listingAlert.id,
        status: listingAlert.status,
        confirmToken: listingAlert.confirmToken,
        unsubscribeToken: listingAlert.unsubscribeToken,
      })
      .from(listingAlert)
      .where(
        and(
          sql`lower(${listingAlert.email}) = ${address}`,
          sql`(${listingAlert.criteria} - 'location') = ${JSON.stringify(numbers)}::jsonb`,
          sql`lower(coalesce(${listingAlert.criteria} ->> 'location', '')) = ${location.toLowerCase()}`,
        ),
      )
      .limit(1);

    if (existing && existing.status !== 'unsubscribed') {
      await tx.update(listingAlert).set({ locale, frequency, updatedAt: new Date() }).where(eq(listingAlert.id, existing.id));
      const tokens =
        existing.status === 'pending' ? { confirmToken: existing.confirmToken, unsubscribeToken: existing.unsubscribeToken } : null;
      return { ok: true, alertId: existing.id, status: existing.status, created: false, tokens };
    }

    const [active] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(listingAlert)
      .where(and(sql`lower(${listingAlert.email}) = ${address}`, inArray(listingAlert.status, ['pending', 'confirmed'])));
    if ((active?.n ?? 0) >= ALERTS_PER_EMAIL_MAX) {
      const message = getT(locale)('forms.alerts.errors.tooMany', { max: ALERTS_PER_EMAIL_MAX });
      return { ok: false, status: 422, errors: { form: message, email: message } };
    }

    const fresh = {
      email,
      criteria,
      locale,
      frequency,
      status: 'pending' as const,
      confirmToken: createAlertToken(),
      unsubscribeToken: createAlertToken(),
      confirmedAt: null,
    };
    if (existing) {
      await tx
        .update(listingAlert)
        .set({ ...fresh, updatedAt: new Date() })
        .where(eq(listingAlert.id, existing.id));
      return { ok: true, alertId: existing.id, status: 'pending', created: false, tokens: fresh };
    }
    const [row] = await tx.insert(listingAlert).values(fresh).returning({ id: listingAlert.id });
    if (!row) throw new Error('listing_alert insert returned no row');
    return { ok: true, alertId: row.id, status: 'pending', created: true, tokens: fresh };
  });

  if (!saved.ok) return saved;
  const { tokens, ...result } = saved;
  if (tokens) {
    const { confirmUrl, unsubscribeUrl } = listingAlertLinks(publicUrl, tokens);
    try {
      await mailer.send(listingAlertConfirmMail({ to: email, locale, url: confirmUrl, unsubscribeUrl }));
    } catch (error) {
      logger.error({ err: error, alertId: saved.alertId }, 'listing alert confirmation e-mail failed');
    }
  }
  return result;
}

export type AlertLinkOutcome = {
  /**
   * `done`: the link did what it says (also when it had already been used); `unknown`: no alert
   * has this token; `cancelled`: a confirm link of an alert that was unsubscribed since; `ask`: an
   * unsubscribe link of an active alert, waiting for the visitor's confirmation.
   */
  outcome: 'done' | 'unknown' | 'cancelled' | 'ask';
  criteria?: AlertCriteria;
};

/** The alert a link's `token` names (`kind`: which of its two links), or null for a malformed or unknown token. */
async function findAlertByToken(db: Db, kind: 'unsubscribeToken' | 'confirmToken', token: string | null) {
  if (!isAlertToken(token)) return null;
  const [row] = await db
    .select({ id: listingAlert.id, status: listingAlert.status, criteria: listingAlert.criteria })
    .from(listingAlert)
    .where(eq(listingAlert[kind], token))
    .limit(1);
  return row ?? null;
}

/**
 * Stops a listing alert from its unsubscribe link (`/subscriptions?unsubscribe=<token>`, also the
 * e-mails' `List-Unsubscribe`) and drops the homes still waiting for its digest. Idempotent: a second click answers `done` again. A malformed or unknown token answers
 * `unknown`; nothing throws for bad input.
 */
export async function unsubscribeListingAlert({ db, token }: { db: Db; token: string | null }): Promise<AlertLinkOutcome> {
  const row = await findAlertByToken(db, 'unsubscribeToken', token);
  if (!row) return { outcome: 'unknown' };
  if (row.status !== 'unsubscribed') {
    await db.transaction(async (tx) => {
      await tx.update(listingAlert).set({ status: 'unsubscribed', updatedAt: new Date() }).where(eq(listingAlert.id, row.id));
      // Homes waiting for a digest are never sent now (the e-mail job re-checks the status too).
      await tx.delete(listingAlertDelivery).where(and(eq(listingAlertDelivery.alertId, row.id), isNull(listingAlertDelivery.sentAt)));
    });
  }
  return { outcome: 'done', criteria: row.criteria };
}

/**
 * What an unsubscribe link (`/subscriptions?unsubscribe=<token>`) points at, without changing
 * anything: `ask` for an active alert (the page asks to confirm with a POST, since mail scanners
 * open every link in an e-mail), `done` when it is already unsubscribed, `unknown` otherwise.
 */
export async function findAlertToUnsubscribe({ db, token }: { db: Db; token: string | null }): Promise<AlertLinkOutcome> {
  const row = await findAlertByToken(db, 'unsubscribeToken', token);
  if (!row) return { outcome: 'unknown' };
  return { outcome: row.status === 'unsubscribed' ? 'done' : 'ask', criteria: row.criteria };
}

/**
 * Confirms a pending listing alert from its confirmation link (`/subscriptions?confirm=<token>`),
 * the second step of the double opt-in. Idempotent for a confirmed alert; an unsubscribed alert
 * is not revived (`cancelled`: the visitor subscribes again). Unknown tokens answer `unknown`.
 */
export async function confirmListingAlert({ db, token }: { db: Db; token: string | null }): Promise<AlertLinkOutcome> {
  const row = await findAlertByToken(db, 'confirmToken', token);
  if (!row) return { outcome: 'unknown' };
  if (row.status === 'unsubscribed') return { outcome: 'cancelled', criteria: row.criteria };
  if (row.status === 'pending') {
    const now = new Date();
    await db.update(listingAlert).set({ status: 'confirmed', confirmedAt: now, updatedAt: now }).where(eq(listingAlert.id, row.id));
  }
  return { outcome: 'done', criteria: row.criteria };
}
