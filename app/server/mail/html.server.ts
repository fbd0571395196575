/**
 * The one HTML escaper of every e-mail (decision 039). Renderers write their markup with the
 * `mailHtml` tagged template: every interpolated value is escaped unless it is already `SafeHtml`
 * (another `mailHtml` fragment), so a name, a note or a title typed by a user can never become markup,
 * and nested fragments are not escaped twice.
 */

/** Markup that is already safe to put in an e-mail: made by `mailHtml`, never from user input. */
export class SafeHtml {
  constructor(readonly markup: string) {}

  toString(): string {
    return this.markup;
  }
}

/** What `mailHtml` accepts between its literals: text (escaped), safe fragments, lists of either, or nothing. */
export type HtmlValue = string | number | SafeHtml | null | undefined | false | readonly HtmlValue[];

/**
 * `value` with `& < > " '` written as numeric character references (`&#38;`, `&#60;`, …), safe
 * as element text and inside a quoted attribute value.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

// Where the markup so far ends: inside a tag, inside a quoted attribute value, inside a link's.
const INSIDE_TAG = /<[^<>]*$/;
const INSIDE_QUOTED_VALUE = /=\s*(?:"[^"]*|'[^']*)$/;
const INSIDE_URL_VALUE = /\s(?:href|src)\s*=\s*["'][^"']*$/i;
const SAFE_URL = /^(?:https?:|mailto:|\/)/i;

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.markup;
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join('');
  return escapeHtml(String(value));
}

/**
 * Tagged template for e-mail markup: `html\`<p>${name}</p>\`` escapes `name`. Arrays are joined
 * without a separator; `null`, `undefined` and `false` render nothing.
 * Inside a tag a value may only fill a quoted attribute value (escaped there too: `"` and `'`
 * become references); it throws for `href=${url}` (unquoted) or `<a ${attributes}>`, and when a
 * link attribute (`href`, `src`) starts with a value that is not an http(s)/mailto URL or a site
 * path (a `javascript:` link is a renderer bug, not something to send).
 */
export function mailHtml(literals: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let markup = literals[0] ?? '';
  values.forEach((value, index) => {
    if (INSIDE_TAG.test(markup)) {
      if (!INSIDE_QUOTED_VALUE.test(markup)) throw new Error('html: a value inside a tag must sit in a quoted attribute value');
      if (INSIDE_URL_VALUE.test(markup) && /=\s*["']$/.test(markup) && !SAFE_URL.test(String(value ?? '')))
        throw new Error(`html: refusing a link that is not http(s), mailto or a site path: ${String(value)}`);
    }
    markup += render(value) + (literals[index + 1] ?? '');
  });
  return new SafeHtml(markup);
}

/** `parts` rendered (each escaped unless safe) and joined with the safe `separator`, e.g. `html\`<br>\``. */
export function joinHtml(parts: readonly HtmlValue[], separator: SafeHtml): SafeHtml {
  return new SafeHtml(parts.map(render).join(separator.markup));
}

/** Plain text whose line breaks are kept as `<br>` (each line escaped). */
export function textWithBreaks(text: string): SafeHtml {
  return joinHtml(text.split('\n'), mailHtml`<br>`);
}
