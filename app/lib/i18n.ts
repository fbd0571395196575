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
    resources: { [lang]: { translation } },
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
  let seen = added.get(instance);
  if (!seen) added.set(instance, (seen = new WeakSet()));
  for (const match of matches) {
    const bundle = (match.loaderData as { i18n?: object } | undefined)?.i18n;
    if (!bundle || seen.has(bundle)) continue;
    seen.add(bundle);
    instance.addResourceBundle(lang, 'translation', bundle, true, true);
  }
}
