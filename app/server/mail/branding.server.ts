/**
 * The company name in e-mails (decision 019: "wherever the company name appears …
 * e-mails' signature"). The mail texts (`locales/{en,it}/mail.json` and friends) name the
 * company "Dimora" (subjects, introductions, the signature); the mailer swaps that word for the
 * company name stored in /admin/system just before sending, so every template follows the
 * setting without each caller reading it. The HTML part receives the name escaped.
 */
import { escapeHtml } from './html.server';
import type { OutgoingMail } from './mailer.server';

/** The name the texts are written with. */
export const TEXT_BRAND = 'Dimora';

const BRAND_WORD = new RegExp(`\\b${TEXT_BRAND}\\b`, 'g');

/**
 * `mail` with every whole word "Dimora" replaced by `companyName` in the subject, text and HTML
 * (as-is when the names are equal or `companyName` is blank). Addresses and links are left
 * alone: they are lower-case (`dimora.example`) and not whole words.
 */
export function brandMail(mail: OutgoingMail, companyName: string): OutgoingMail {
  const name = companyName.trim();
  if (!name || name === TEXT_BRAND) return mail;
  // Text that already names the company ("Casa Dimora") is left as it is: only the other
  // stretches are rebranded, so a name containing "Dimora" is never doubled.
  const rebrand = (value: string, own: string, replacement: string) =>
    value
      .split(own)
      .map((part) => part.replace(BRAND_WORD, () => replacement))
      .join(own);
  return {
    ...mail,
    subject: rebrand(mail.subject, name, name),
    text: rebrand(mail.text, name, name),
    ...(mail.html === undefined ? {} : { html: rebrand(mail.html, escapeHtml(name), escapeHtml(name)) }),
  };
}
