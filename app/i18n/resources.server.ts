/**
 * Translation resources, loaded on the server only. Each JSON file under `locales/{lang}/` is a
 * top-level key of the single `translation` namespace (`common.json` → `t('common.…')`), so
 * features own their own files. Loaders send the browser only the files a page needs, in the
 * visitor's language, which keeps the translations out of the JavaScript bundle.
 */
import type { Language } from '~/lib/constants';
import { staffAreaOf } from '~/lib/staff-area';

export type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });

function build(): Record<Language, Tree> {
  const out: Record<string, Tree> = {};
  for (const [file, content] of Object.entries(files)) {
    const match = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lang = '', name = ''] = match;
    out[lang] ??= {};
    out[lang][name] = content;
  }
  return out as Record<Language, Tree>;
}

export const resources = build();

/** The whole translation tree for one language (server-side rendering of e-mails, meta). */
export function resourcesFor(lang: Language): Tree {
  return resources[lang];
}

/**
 * The translation files a page needs, for its loader to return as `i18n`: the root sends
 * `common`, each route adds its own (`listings`, `pages`, `forms`), so a page never ships the
 * others' text. Unknown names are ignored.
 */
export function translations(lang: Language, names: readonly string[]): Tree {
  // The same object for the same request, so renderers can cache what they build from it.
  const key = `${lang}:${names.join(',')}`;
  let bundle = bundles.get(key);
  if (!bundle) {
    const tree = resources[lang];
    bundle = Object.fromEntries(names.filter((name) => name in tree).map((name) => [name, tree[name]!]));
    bundles.set(key, bundle);
  }
  return bundle;
}

const bundles = new Map<string, Tree>();

/**
 * The translations a back-office page sends: its own namespaces (`own`) and, outside the staff
 * frame (decision 038), `account` and `admin` too — inside it the frame sends those two once and
 * keeps them across navigations, so the page does not repeat them on every request.
 */
export function staffPageTranslations(request: Request, lang: Language, own: readonly string[]): Tree {
  const inFrame = staffAreaOf(new URL(request.url).pathname) !== null;
  return translations(lang, inFrame ? own : ['account', 'admin', ...own]);
}
