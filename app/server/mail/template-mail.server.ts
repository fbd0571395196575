/**
 * The renderer shared by the domain mail families (leases, work orders, projects, vendors;
 * decision 039): each family keeps its texts in `locales/{en,it}/mail-<family>.json` — a greeting
 * with `{{name}}`, the anonymous greeting, the signature and per template a subject, body lines
 * and an action label — and its outbox payload names a template and the values it shows. This
 * module turns such a payload into the one letter layout, so the families differ only in their
 * texts, their link and how a body line is filled and shown.
 */
import type { Language } from '~/lib/constants';
import type { SafeHtml } from './html.server';
import { renderLetter } from './layout.server';
import type { OutgoingMail } from './mailer.server';
import { fillText, mailLanguage } from './templates.server';

/** The texts of one mail family in one language (the shape every `mail-<family>.json` shares). */
export type MailFamilyTexts = {
  greeting: string;
  greetingAnonymous: string;
  signature: string;
  templates: Record<string, { subject: string; lines: readonly string[]; action: string }>;
};

/**
 * What every family's outbox payload carries: the template (one of the family's), the recipient's
 * address, locale and name, and the values the template shows, already formatted in their language.
 */
export type TemplateMailPayload<Template extends string = string> = {
  template: Template;
  to: string;
  locale: string;
  name: string;
  values: Record<string, string>;
};

/** A filled body line, or null when it says nothing (blank once filled) and is left out. */
export function fillNonBlankLine(template: string, values: Record<string, string>): string | null {
  const line = fillText(template, values);
  return line.trim() === '' ? null : line;
}

/**
 * The e-mail of `payload` in the recipient's language, from `family`'s texts: the greeting (by
 * name when known), the template's lines filled with the values and the name (`fillLine` decides
 * which to leave out; by default the blank ones), the call to action to `url` (absolute), the
 * signature. `lineHtml` shows a body line in HTML (default: a plain paragraph).
 */
export function renderTemplateMail(
  family: Record<Language, MailFamilyTexts>,
  payload: TemplateMailPayload,
  {
    url,
    fillLine = fillNonBlankLine,
    lineHtml,
  }: { url: string; fillLine?: (template: string, values: Record<string, string>) => string | null; lineHtml?: (line: string) => SafeHtml },
): OutgoingMail {
  const language = mailLanguage(payload.locale);
  const texts = family[language];
  const part = texts.templates[payload.template];
  if (!part) throw new Error(`renderTemplateMail: no template ${payload.template}`);
  const values = { ...payload.values, name: payload.name };
  return renderLetter({
    to: payload.to,
    subject: fillText(part.subject, values),
    language,
    greeting: payload.name ? fillText(texts.greeting, values) : texts.greetingAnonymous,
    lines: part.lines.map((line) => fillLine(line, values)).filter((line): line is string => line !== null),
    action: { url, label: part.action },
    signature: texts.signature,
    lineHtml,
  });
}
