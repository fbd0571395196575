/**
 * The one layout of every e-mail (decision 039): the outer HTML document — header with the
 * company name, the body a renderer writes with `mailHtml`, an optional footer (small print such as
 * an unsubscribe link) — and the plain-text alternative next to it. The header names the company
 * with the texts' word (`TEXT_BRAND`), which `brandMail` swaps for the name of /admin/system when
 * the mail is sent, like every other "Dimora" in the texts. Inline styles and a table frame only:
 * mail clients drop `<style>` blocks and ignore most CSS layout.
 */
import type { Language } from '~/lib/constants';
import { TEXT_BRAND } from './branding.server';
import { mailHtml, SafeHtml, type HtmlValue } from './html.server';
import type { OutgoingMail } from './mailer.server';

/** What a renderer hands to the layout. */
export type MailContent = {
  to: string;
  subject: string;
  /** The recipient's language: the document's `lang`. */
  language: Language;
  /** The plain-text alternative, exactly as the recipient reads it (links written out). */
  text: string;
  /** The HTML body: paragraphs, lists and links made with `mailHtml` and the blocks below. */
  body: SafeHtml;
  /** Small print under the body (why the recipient gets this e-mail, how to stop it). */
  footer?: SafeHtml;
  replyTo?: string;
  headers?: Record<string, string>;
};

const FONT = 'font-family:Helvetica,Arial,sans-serif';

/**
 * The e-mail `content` describes, as the mailer sends it: subject, the text part unchanged and
 * the HTML part framed by the layout. Throws when the text part is blank (every e-mail has one,
 * for clients that show no HTML and for the dev mailbox).
 */
export function renderMail(content: MailContent): OutgoingMail {
  if (content.text.trim() === '') throw new Error('renderMail: an e-mail needs its plain-text part');
  const document = mailHtml`<!doctype html>
<html lang="${content.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${content.subject}</title>
</head>
<body style="margin:0;padding:0;background:#f1f3f5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f3f5">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e9ecef;${FONT};font-size:20px;font-weight:700;color:#1971c2">${TEXT_BRAND}</td></tr>
<tr><td style="padding:24px;${FONT};font-size:15px;line-height:1.5;color:#212529">
${content.body}
</td></tr>
${content.footer ? footerRow(content.footer) : ''}
</table>
</td></tr>
</table>
</body>
</html>`;
  return {
    to: content.to,
    subject: content.subject,
    text: content.text,
    html: document.markup,
    ...(content.replyTo ? { replyTo: content.replyTo } : {}),
    ...(content.headers ? { headers: content.headers } : {}),
  };
}

/** What `renderLetter` needs besides the addressee: the letter's parts, already filled in the recipient's language. */
export type Letter = Omit<MailContent, 'text' | 'body'> & {
  greeting: string;
  /** The body, one paragraph per line, between the greeting and the call to action. */
  lines: readonly string[];
  /** The call to action: an absolute `url` and its `label`. */
  action: { url: string; label: string };
  signature: string;
  /** How one body line reads in HTML (default: a plain paragraph; notes keep their line breaks). */
  lineHtml?: (line: string) => SafeHtml;
};

/**
 * The common e-mail of the domain mails: greeting, body lines, one call to action, signature —
 * the plain text (blank lines between the parts, the link written out as `label: url`) and the
 * same parts as HTML, through `renderMail`.
 */
export function renderLetter({
  greeting,
  lines,
  action,
  signature,
  lineHtml = (line) => paragraph(line),
  ...content
}: Letter): OutgoingMail {
  const text = [greeting, '', ...lines, '', `${action.label}: ${action.url}`, '', signature].join('\n');
  const body = blocks([paragraph(greeting), ...lines.map(lineHtml), actionLink(action.url, action.label), paragraph(signature)]);
  return renderMail({ ...content, text, body });
}

function footerRow(footer: SafeHtml): SafeHtml {
  return mailHtml`<tr><td style="padding:16px 24px;border-top:1px solid #e9ecef;${FONT};font-size:12px;line-height:1.5;color:#868e96">${footer}</td></tr>`;
}

/** A paragraph of escaped text; `preLine` keeps the text's own line breaks (notes, messages). */
export function paragraph(text: HtmlValue, options: { preLine?: boolean } = {}): SafeHtml {
  return options.preLine ? mailHtml`<p style="white-space:pre-line">${text}</p>` : mailHtml`<p>${text}</p>`;
}

/** The e-mail's call to action: a link to `url` (absolute) labelled `label`, in its own paragraph. */
export function actionLink(url: string, label: string): SafeHtml {
  return mailHtml`<p><a href="${url}">${label}</a></p>`;
}

/** A bulleted list, one item per value (escaped unless safe). */
export function bulletList(items: readonly HtmlValue[]): SafeHtml {
  return mailHtml`<ul>${items.map((item) => mailHtml`<li>${item}</li>`)}</ul>`;
}

/** Body blocks one per line, left-out blocks (`null`, `''`, `false`) skipped. */
export function blocks(parts: readonly (SafeHtml | null | undefined | false | '')[]): SafeHtml {
  return new SafeHtml(
    parts
      .filter((part): part is SafeHtml => part instanceof SafeHtml)
      .map((part) => part.markup)
      .join('\n'),
  );
}
