import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const localesDir = path.resolve(import.meta.dirname, 'locales');

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function load(lang: string): Record<string, unknown> {
  const dir = path.join(localesDir, lang);
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as unknown]),
  );
}

// i18next plural suffixes differ by language only in which forms exist; en and it share one/other.
describe('translations', () => {
  const en = load('en');
  const it_ = load('it');

  it('have the same files in English and Italian', () => {
    expect(Object.keys(it_).sort()).toEqual(Object.keys(en).sort());
  });

  it('have the same keys in English and Italian', () => {
    const enKeys = keys(en).sort();
    const itKeys = keys(it_).sort();
    expect(itKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !itKeys.includes(key))).toEqual([]);
  });

  it('have no empty strings', () => {
    for (const [lang, tree] of [
      ['en', en],
      ['it', it_],
    ] as const) {
      const empty = keys(tree).filter((key) => {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
        return typeof value === 'string' && value.trim() === '';
      });
      expect(empty, lang).toEqual([]);
    }
  });

  it('keep the spec messages verbatim in English', () => {
    const common = en.common as { notFound: { message: string }; cookies: { saved: string }; loading: string };
    expect(common.notFound.message).toBe("The page you're looking for doesn't exist or may have been moved.");
    expect(common.cookies.saved).toBe('Cookie Preferences Saved');
    expect(common.loading).toBe('Loading');
  });
});
