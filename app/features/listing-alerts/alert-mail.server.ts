/**
 * The listing-alert e-mail (decision 018): new homes matching a confirmed alert, sent
 * at once or as a daily digest, in the alert's language, with a link to each home, a link to the
 * whole search when there are more than fit, and the alert's unsubscribe link (in the text and
 * as a `List-Unsubscribe` header). Texts live in `locales/{en,it}/mail-alerts.json`, imported
 * directly (not through i18next) so the tsx-run job runner can build the e-mail. Plain text plus
 * an HTML part in the one mail layout (decision 039), the unsubscribe link in its footer; every
 * value is HTML-escaped.
 */
import en from '~/i18n/locales/en/mail-alerts.json';
import it from '~/i18n/locales/it/mail-alerts.json';
import type { Language } from '~/lib/constants';
import { formatUsd } from '~/lib/format';
import { listingQueryToParams } from '~/features/listings/listing-query';
import type { OutgoingMail } from '~/server/mail/mailer.server';
import { mailHtml } from '~/server/mail/html.server';
import { blocks, paragraph, renderMail } from '~/server/mail/layout.server';
import { fillText as fill, mailLanguage } from '~/server/mail/templates.server';
import type { AlertCriteria } from './listing-alerts.schemas';

type Texts = typeof en;
const TEXTS: Record<Language, Texts> = { en, it };

/** An e-mail lists at most this many homes; the rest are a link to the search. */
export const ALERT_MAIL_UNITS_SHOWN = 20;

/** One home as the e-mail shows it. `price` is the monthly rent in whole USD. */
export type AlertMailUnit = { id: number; title: string; city: string; state: string; price: number; bedrooms: number };

export type ListingAlertMailInput = {
  to: string;
  /** The alert's language (`listing_alert.locale`); unknown values read as English. */
  locale: string;
  criteria: AlertCriteria;
  /** Every home to announce (the first ALERT_MAIL_UNITS_SHOWN are listed). */
  units: readonly AlertMailUnit[];
  /** True for the daily digest, false for an immediate alert. */
  digest: boolean;
  unsubscribeToken: string;
  /** The site's origin, e.g. `https://dimora.example`. */
  publicUrl: string;
};

/** The saved search in words, in the alert's language: "Austin, TX · 2+ people · up to $2,000 per month". */
export function describeAlertCriteria(criteria: AlertCriteria, locale: string): string {
  const lang = mailLanguage(locale);
  const texts = TEXTS[lang].summary;
  const parts: string[] = [];
  if (criteria.location) parts.push(criteria.location);
  if (criteria.capacity) parts.push(fill(criteria.capacity === 1 ? texts.capacityOne : texts.capacityOther, { count: criteria.capacity }));
  const { minPrice, maxPrice } = criteria;
  const usd = (amount: number) => formatUsd(amount, lang);
  if (minPrice !== undefined && maxPrice !== undefined) parts.push(fill(texts.priceBetween, { min: usd(minPrice), max: usd(maxPrice) }));
  else if (minPrice !== undefined) parts.push(fill(texts.priceFrom, { min: usd(minPrice) }));
  else if (maxPrice !== undefined) parts.push(fill(texts.priceUpTo, { max: usd(maxPrice) }));
  return parts.length ? parts.join(' · ') : texts.any;
}

/** `/subscriptions?unsubscribe=<token>` on `publicUrl`. */
export function alertUnsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/subscriptions?unsubscribe=${encodeURIComponent(token)}`;
}

/**
 * The alert e-mail for `input`: subject (one home names it; several count them; the digest says
 * so), the homes (title, city and state, rent, bedrooms, link to /property/:id), "…and N more"
 * with a link to /properties searched with the alert's criteria, and the unsubscribe link, also
 * as `List-Unsubscribe`. Throws when `units` is empty (nothing to announce is not an e-mail).
 */
export function listingAlertMail(input: ListingAlertMailInput): OutgoingMail {
  if (input.units.length === 0) throw new Error('listingAlertMail needs at least one unit');
  const lang = mailLanguage(input.locale);
  const texts = TEXTS[lang];
  const origin = input.publicUrl.replace(/\/+$/, '');
  const count = input.units.length;
  const search = describeAlertCriteria(input.criteria, lang);
  const shown = input.units.slice(0, ALERT_MAIL_UNITS_SHOWN);
  const hidden = count - shown.length;
  const unsubscribeUrl = alertUnsubscribeUrl(origin, input.unsubscribeToken);
  const query = listingQueryToParams(input.criteria).toString();
  const searchUrl = `${origin}/properties${query ? `?${query}` : ''}`;

  const subject = input.digest
    ? count === 1
      ? texts.digestSubjectOne
      : fill(texts.digestSubject, { count })
    : count === 1
      ? fill(texts.subjectOne, { title: shown[0]!.title })
      : fill(texts.subjectOther, { count });
  const intro = input.digest ? fill(texts.digestIntro, { search }) : fill(count === 1 ? texts.intro : texts.introOther, { count, search });
  const lines = shown.map((unit) => {
    const rooms =
      unit.bedrooms === 0 ? texts.studio : unit.bedrooms === 1 ? texts.bedroomsOne : fill(texts.bedroomsOther, { count: unit.bedrooms });
    return {
      title: unit.title,
      facts: `${unit.city}, ${unit.state} · ${fill(texts.perMonth, { amount: formatUsd(unit.price, lang) })} · ${rooms}`,
      url: `${origin}/property/${unit.id}`,
    };
  });
  const more = hidden > 0 ? fill(texts.more, { count: hidden, url: searchUrl }) : '';
  const unsubscribe = fill(texts.unsubscribe, { url: unsubscribeUrl });

  const text = [
    texts.greeting,
    '',
    intro,
    '',
    ...lines.flatMap((line) => [`• ${line.title}`, `  ${line.facts}`, `  ${line.url}`, '']),
    ...(more ? [more, ''] : []),
    texts.signature,
    '',
    '--',
    texts.why,
    unsubscribe,
  ].join('\n');
  const body = blocks([
    paragraph(texts.greeting),
    paragraph(intro),
    mailHtml`<ul>${lines.map((line) => mailHtml`<li><a href="${line.url}"><strong>${line.title}</strong></a><br>${line.facts}</li>`)}</ul>`,
    more && paragraph(mailHtml`${fill(texts.more, { count: hidden, url: '' }).trim()} <a href="${searchUrl}">${searchUrl}</a>`),
    paragraph(texts.signature),
  ]);
  const unsubscribeLabel = fill(texts.unsubscribe, { url: '' }).replace(/:\s*$/, '');
  return renderMail({
    to: input.to,
    subject,
    language: lang,
    text,
    body,
    footer: mailHtml`${texts.why} <a href="${unsubscribeUrl}">${unsubscribeLabel}</a>`,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}
