/**
 * Creates an i18next instance for one language from resources the root loader delivered
 * (server-rendered HTML is already in the visitor's language; DESIGN §2 i18n).
 */
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useMatches } from 'react-router';
import type { Language } from './constants';

export function createI18n(lang: Language, translation: object): i18n {
  // On the server the same translation object comes back for every request in a language
  // (resources.server.ts), so one instance per object serves them all.
  if (typeof document === 'undefined') {
    const cached = serverInstances.get(translation);
    if (cached) return cached;
  }
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    // A copy: i18next keeps the object it is given and merges every route's bundle into it
    // (addResourceBundle, deep). Given the root loader's own object, the root data of every later
    // page grew by each namespace any page had added (issue 13 item 3, decision 034).
    resources: { [lang]: { translation: structuredClone(translation) } },
    interpolation: { escapeValue: false }, // React escapes.
    initAsync: false,
    returnNull: false,
  });
  if (typeof document === 'undefined') serverInstances.set(translation, instance);
  return instance;
}

const serverInstances = new WeakMap<object, i18n>();

/** Locale tag used by Intl formatters for a language. */
export function intlLocale(lang: Language): string {
  return lang === 'it' ? 'it-IT' : 'en-US';
}

const added = new WeakMap<i18n, WeakSet<object>>();

/**
 * Adds the translation files that the matched routes' loaders returned as `i18n` to the
 * instance before the page renders. Each bundle is added once per instance.
 */
export function useRouteTranslations(instance: i18n, lang: Language): void {
  const matches = useMatches();
  addRouteTranslations(instance, lang, matches.map((match) => (match.loaderData as { i18n?: object } | undefined)?.i18n));
}

/**
 * What useRouteTranslations does with the matched routes' `i18n` bundles (`undefined` for a route
 * without one): each bundle is merged once per instance, as a copy, so that neither the bundle
 * (a loader's cached object, serialized into every page that returns it) nor any other bundle
 * is changed by the merge.
 */
export function addRouteTranslations(instance: i18n, lang: Language, bundles: readonly (object | undefined)[]): void {
  let seen = added.get(instance);
  if (!seen) added.set(instance, (seen = new WeakSet()));
  for (const bundle of bundles) {
    if (!bundle || seen.has(bundle)) continue;
    seen.add(bundle);
    // i18next's deep merge assigns the objects it does not have yet by reference and merges later
    // bundles into them: a copy keeps the loaders' objects as they are.
    instance.addResourceBundle(lang, 'translation', structuredClone(bundle), true, true);
  }
}
