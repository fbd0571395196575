/**
 * The one e-mail layout (decision 039): one HTML document per e-mail, in the recipient's
 * language, with the company name in the header, the body, the optional footer and the
 * plain-text part exactly as the renderer wrote it — and the company name of /admin/system
 * swapped in by `brandMail` like everywhere else.
 */
import { describe, expect, it } from 'vitest';
import { brandMail } from './branding.server';
import { mailHtml } from './html.server';
import { actionLink, blocks, bulletList, paragraph, renderMail } from './layout.server';
import { passwordResetMail } from './templates.server';

const body = blocks([paragraph('Hello Ada,'), bulletList(['one', 'two']), actionLink('https://dimora.example/x?a=1&b=2', 'Open')]);

describe('renderMail', () => {
  for (const language of ['en', 'it'] as const)
    it(`frames the body in one document in ${language}, with the text part as written`, () => {
      const text = language === 'it' ? 'Ciao Ada,\n\nApri: https://dimora.example/x' : 'Hello Ada,\n\nOpen: https://dimora.example/x';
      const mail = renderMail({ to: 'ada@example.test', subject: 'A <test> & more', language, text, body });
      expect(mail).toMatchObject({ to: 'ada@example.test', subject: 'A <test> & more', text });
      expect(mail).not.toHaveProperty('replyTo');
      expect(mail).not.toHaveProperty('headers');
      const document = mail.html!;
      expect(document.startsWith('<!doctype html>\n<html lang="' + language + '">')).toBe(true);
      expect(document).toContain('<title>A &#60;test&#62; &#38; more</title>');
      expect(document.match(/<html/g)).toHaveLength(1);
      expect(document.match(/<body/g)).toHaveLength(1);
      expect(document).toMatch(/font-weight:700;color:#1971c2">Dimora<\/td>/);
      expect(document).toContain(
        '<p>Hello Ada,</p>\n<ul><li>one</li><li>two</li></ul>\n<p><a href="https://dimora.example/x?a=1&#38;b=2">Open</a></p>',
      );
      expect(document).not.toContain('border-top:1px');
      expect(document.trimEnd().endsWith('</html>')).toBe(true);
    });

  it('puts the footer under the body and passes Reply-To and headers through', () => {
    const mail = renderMail({
      to: 'a@example.test',
      subject: 's',
      language: 'it',
      text: 't',
      body,
      footer: mailHtml`Ricevi questa e-mail perché… <a href="https://dimora.example/u">Annulla</a>`,
      replyTo: 'office@dimora.example',
      headers: { 'List-Unsubscribe': '<https://dimora.example/u>' },
    });
    expect(mail.replyTo).toBe('office@dimora.example');
    expect(mail.headers).toEqual({ 'List-Unsubscribe': '<https://dimora.example/u>' });
    expect(mail.html!.indexOf('Ricevi questa e-mail')).toBeGreaterThan(mail.html!.indexOf('Hello Ada'));
    expect(mail.html).toContain('border-top:1px');
  });

  it('refuses an e-mail without its plain-text part', () => {
    expect(() => renderMail({ to: 'a@example.test', subject: 's', language: 'en', text: ' \n', body })).toThrow(/plain-text/);
  });

  it('skips left-out blocks and keeps line breaks when asked', () => {
    expect(blocks([paragraph('a'), null, undefined, false, '', paragraph('b\nc', { preLine: true })]).markup).toBe(
      '<p>a</p>\n<p style="white-space:pre-line">b\nc</p>',
    );
  });

  it('is what every template sends, and the header carries the company name of /admin/system', () => {
    for (const locale of ['en', 'it']) {
      const mail = passwordResetMail({ to: 'a@example.test', locale, name: 'Ada <3', url: 'https://dimora.example/auth?mode=reset' });
      expect(mail.html).toContain(`<html lang="${locale}">`);
      expect(mail.html).toContain('Ada &#60;3');
      expect(mail.text).toContain('Ada <3');
      expect(mail.text).toContain('https://dimora.example/auth?mode=reset');
      const branded = brandMail(mail, 'Rossi & Figli');
      expect(branded.html).toMatch(/color:#1971c2">Rossi &#38; Figli<\/td>/);
      expect(branded.html).not.toMatch(/\bDimora\b/);
    }
  });
});
