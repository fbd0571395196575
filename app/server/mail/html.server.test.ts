/**
 * The one e-mail escaper (decision 039): every value interpolated into `mailHtml` is escaped, in
 * element text and in quoted attributes alike; safe fragments nest without being escaped twice;
 * a value where it could become markup or a script link is refused.
 */
import { describe, expect, it } from 'vitest';
import { escapeHtml, mailHtml, joinHtml, SafeHtml, textWithBreaks } from './html.server';

const HOSTILE = `<script>alert("x")</script> & 'quoted'`;
const ESCAPED = '&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;quoted&#39;';

describe('escapeHtml', () => {
  it('writes & < > " and \' as numeric references and leaves other text alone', () => {
    expect(escapeHtml(HOSTILE)).toBe(ESCAPED);
    expect(escapeHtml('Caffè · 2 ≥ 1')).toBe('Caffè · 2 ≥ 1');
  });
});

describe('the mailHtml template', () => {
  it('escapes every interpolation in element text, numbers included', () => {
    const markup = mailHtml`<p>${HOSTILE}</p><p>${HOSTILE} and ${42} and ${'<b>'}</p>`.markup;
    expect(markup).toBe(`<p>${ESCAPED}</p><p>${ESCAPED} and 42 and &#60;b&#62;</p>`);
  });

  it('escapes values in quoted attributes so they cannot close the quote', () => {
    const value = `x" onmouseover="alert(1)`;
    expect(mailHtml`<a title="${value}" href="https://dimora.example/?a=1&b='2'">y</a>`.markup).toBe(
      `<a title="x&#34; onmouseover=&#34;alert(1)" href="https://dimora.example/?a=1&b='2'">y</a>`,
    );
    expect(mailHtml`<a href='${"https://dimora.example/?q=it's"}'>y</a>`.markup).toBe(`<a href='https://dimora.example/?q=it&#39;s'>y</a>`);
    expect(mailHtml`<a href="${'https://dimora.example/p?a=1&token=t'}">y</a>`.markup).toBe(
      '<a href="https://dimora.example/p?a=1&#38;token=t">y</a>',
    );
  });

  it('refuses a value in an unquoted attribute or loose inside a tag', () => {
    expect(() => mailHtml`<a href=${'https://dimora.example'}>y</a>`).toThrow(/quoted attribute/);
    expect(() => mailHtml`<a ${'onclick="alert(1)"'}>y</a>`).toThrow(/quoted attribute/);
  });

  it('refuses a link that is not http(s), mailto or a site path', () => {
    expect(() => mailHtml`<a href="${'javascript:alert(1)'}">y</a>`).toThrow(/refusing a link/);
    expect(() => mailHtml`<img src="${' data:text/html,x'}">`).toThrow(/refusing a link/);
    for (const url of ['https://dimora.example/x', 'http://127.0.0.1:3000/y', 'mailto:hello@dimora.example', '/properties'])
      expect(mailHtml`<a href="${url}">y</a>`.markup).toBe(`<a href="${url}">y</a>`);
  });

  it('nests safe fragments without escaping them again, and escapes the text inside them once', () => {
    const inner = mailHtml`<strong>${'Rossi & Figli'}</strong>`;
    const outer = mailHtml`<p>${inner} · ${'<i>'}</p>`;
    expect(outer).toBeInstanceOf(SafeHtml);
    expect(outer.markup).toBe('<p><strong>Rossi &#38; Figli</strong> · &#60;i&#62;</p>');
    expect(mailHtml`<div>${outer}</div>`.markup).toBe('<div><p><strong>Rossi &#38; Figli</strong> · &#60;i&#62;</p></div>');
  });

  it('renders lists item by item (text escaped, fragments kept) and nothing for null, undefined or false', () => {
    expect(mailHtml`<ul>${['<a>', mailHtml`<li>ok</li>`, 7]}</ul>`.markup).toBe('<ul>&#60;a&#62;<li>ok</li>7</ul>');
    expect(mailHtml`<p>${null}${undefined}${false}</p>`.markup).toBe('<p></p>');
  });

  it('joins parts with a safe separator and keeps line breaks as <br>', () => {
    expect(joinHtml(['a<', mailHtml`<b>b</b>`], mailHtml`<br>`).markup).toBe('a&#60;<br><b>b</b>');
    expect(textWithBreaks('one <1>\ntwo & three').markup).toBe('one &#60;1&#62;<br>two &#38; three');
  });
});
