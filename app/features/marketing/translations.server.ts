/**
 * The slice of `pages.json` a marketing page needs, for its loader's `i18n` (see
 * `useRouteTranslations`): `pagesTranslations('it', ['home', 'figures'])` →
 * `{ pages: { home, figures } }`. The legal texts alone are ~15 kB, so no page ships the others'.
 */
import { translations, type Tree } from '~/i18n/resources.server';
import type { Language } from '~/lib/constants';

export function pagesTranslations(lang: Language, sections: readonly string[], extraFiles: readonly string[] = []): Tree {
  // The same object for the same slice (as `translations` does): the renderer merges each bundle
  // into its translator once, not on every request (decision 034).
  const key = `${lang}:${sections.join(',')}:${extraFiles.join(',')}`;
  const cached = slices.get(key);
  if (cached) return cached;
  const pages = translations(lang, ['pages']).pages;
  const slice: Tree = {};
  if (pages && typeof pages === 'object') {
    for (const section of sections) {
      const value = pages[section];
      if (value !== undefined) slice[section] = value;
    }
  }
  const bundle = { ...translations(lang, extraFiles), pages: slice };
  slices.set(key, bundle);
  return bundle;
}

const slices = new Map<string, Tree>();
