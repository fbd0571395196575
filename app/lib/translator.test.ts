/**
 * The translator gives what i18next (the library it replaced on the pages, kept as the reference
 * here) gives with the site's former settings, for every key of both languages: plain, with the
 * values a page passes, with every count a plural takes, as objects, missing, and with defaults.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { resourcesFor } from '~/i18n/resources.server';
import type { Language } from './constants';
import { createTranslator, type TOptions } from './translator';

function reference(lang: Language, texts: object) {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: structuredClone(texts) } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/** Every path of the tree that holds a string or an array, and every path that holds an object. */
function paths(tree: unknown, prefix = ''): { leaves: string[]; groups: string[] } {
  const leaves: string[] = [];
  const groups: string[] = [];
  const walk = (node: unknown, at: string) => {
    if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
      if (at) groups.push(at);
      for (const [name, child] of Object.entries(node)) walk(child, at ? `${at}.${name}` : name);
    } else leaves.push(at);
  };
  walk(tree, prefix);
  return { leaves, groups };
}

/** The placeholder names used anywhere in the texts, each given a value (some empty, some not strings). */
function valuesFor(texts: object): TOptions {
  const names = new Set([...JSON.stringify(texts).matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1]!));
  const values: TOptions = {};
  let index = 0;
  for (const name of names) {
    index += 1;
    values[name] = index % 7 === 0 ? 42.5 : index % 11 === 0 ? undefined : index % 13 === 0 ? null : `«${name}»`;
  }
  delete values.count;
  return values;
}

describe('createTranslator', () => {
  for (const lang of ['en', 'it'] as const) {
    const texts = resourcesFor(lang);
    const oracle = reference(lang, texts);
    const translator = createTranslator(lang, texts);
    const { leaves, groups } = paths(texts);
    const values = valuesFor(texts);

    it(`gives i18next's text for each of the ${lang} keys, bare and with values`, () => {
      expect(leaves.length).toBeGreaterThan(1000);
      for (const key of leaves) {
        // An array asked for as a text: i18next 26 answers a sentence about it (27 will answer the
        // key, as for a missing key); the translator answers the key. Asked as an object, below.
        if (Array.isArray(translator.t(key, { returnObjects: true }) as unknown)) {
          expect(translator.t(key), key).toBe(key);
          expect(translator.t(key, { returnObjects: true }), key).toEqual(oracle.t(key, { returnObjects: true }));
          continue;
        }
        expect(translator.t(key), key).toBe(oracle.t(key));
        expect(translator.t(key, values), key).toBe(oracle.t(key, values));
      }
    });

    it(`picks i18next's plural form for every count (${lang})`, () => {
      const plurals = [...new Set(leaves.filter((key) => /_(one|other)$/.test(key)).map((key) => key.replace(/_(one|other)$/, '')))];
      expect(plurals.length).toBeGreaterThan(50);
      for (const key of plurals) {
        for (const count of [0, 1, 2, 5, 1.5, -1, 1000]) {
          expect(translator.t(key, { ...values, count }), `${key} ${count}`).toBe(oracle.t(key, { ...values, count }));
        }
      }
    });

    it(`returns objects and arrays as i18next does with returnObjects (${lang})`, () => {
      for (const key of groups) {
        expect(translator.t(key, { ...values, returnObjects: true }), key).toEqual(oracle.t(key, { ...values, returnObjects: true }));
        expect(translator.exists(key), key).toBe(true);
      }
    });
  }

  it('answers a missing key with the default value, interpolated, or the key', () => {
    const texts = resourcesFor('en');
    const oracle = reference('en', texts);
    const translator = createTranslator('en', texts);
    const cases: [string, (string | TOptions)?, TOptions?][] = [
      ['listings.amenity.rooftop_cinema'],
      ['listings.amenity.rooftop_cinema', 'rooftop_cinema'],
      ['nothing.here', 'Hello {{name}}', { name: 'Ada' }],
      ['nothing.here', { defaultValue: '{{count}} left', count: 3 }],
      ['common.nav.home', 'ignored default'],
    ];
    for (const [key, second, third] of cases) {
      expect(translator.t(key, second, third), key).toBe(oracle.t(key, second as never, third as never) as unknown as string);
    }
    expect(translator.exists('nothing.here')).toBe(false);
    // A group asked for as a text gives its key (i18next 26: a sentence saying so).
    expect(translator.t('common')).toBe('common');
  });

  it('merges a bundle without changing it or the texts it was created from', () => {
    const root = { common: { hello: 'Hello {{name}}', nav: { home: 'Home' } } };
    const page = { pages: { about: { title: 'About' } }, common: { nav: { about: 'About us' } } };
    const translator = createTranslator('en', root);
    translator.addResources(page);
    expect(translator.t('pages.about.title')).toBe('About');
    expect(translator.t('common.nav.about')).toBe('About us');
    expect(translator.t('common.nav.home')).toBe('Home');
    expect(translator.t('common.hello', { name: 'Ada' })).toBe('Hello Ada');
    expect(root).toEqual({ common: { hello: 'Hello {{name}}', nav: { home: 'Home' } } });
    expect(page.common.nav).toEqual({ about: 'About us' });
  });
});
