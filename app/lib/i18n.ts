/**
 * The site's texts in React (DESIGN §2 i18n): a translator (app/lib/translator.ts) per language
 * from the resources the root loader delivered, so server-rendered HTML is already in the
 * visitor's language; the route loaders' extra bundles merged in before the page renders; and
 * `useTranslation()` for components.
 */
import { createContext, useContext } from 'react';
import { useMatches } from 'react-router';
import type { Language } from './constants';
import { createTranslator, type TFunction, type Translator } from './translator';

export type { TFunction, TOptions, Translator } from './translator';

export function createI18n(lang: Language, translation: object): Translator {
  // On the server the same translation object comes back for every request in a language
  // (resources.server.ts), so one instance per object serves them all.
  if (typeof document === 'undefined') {
    const cached = serverInstances.get(translation);
    if (cached) return cached;
  }
  // The translator works on its own copy: a route's bundle merged into it never reaches the root
  // loader's object, which is serialized into every page (decision 034).
  const instance = createTranslator(lang, translation);
  if (typeof document === 'undefined') serverInstances.set(translation, instance);
  return instance;
}

const serverInstances = new WeakMap<object, Translator>();

/** Locale tag used by Intl formatters for a language. */
export function intlLocale(lang: Language): string {
  return lang === 'it' ? 'it-IT' : 'en-US';
}

const added = new WeakMap<Translator, WeakSet<object>>();

/**
 * Adds the translation files that the matched routes' loaders returned as `i18n` to the
 * instance before the page renders. Each bundle is added once per instance.
 */
export function useRouteTranslations(instance: Translator): void {
  const matches = useMatches();
  addRouteTranslations(
    instance,
    matches.map((match) => (match.loaderData as { i18n?: object } | undefined)?.i18n),
  );
}

/**
 * What useRouteTranslations does with the matched routes' `i18n` bundles (`undefined` for a route
 * without one): each bundle is merged once per instance (the translator copies what it merges,
 * so the bundle, a loader's cached object, stays as it is).
 */
export function addRouteTranslations(instance: Translator, bundles: readonly (object | undefined)[]): void {
  let seen = added.get(instance);
  if (!seen) added.set(instance, (seen = new WeakSet()));
  for (const bundle of bundles) {
    if (!bundle || seen.has(bundle)) continue;
    seen.add(bundle);
    instance.addResources(bundle);
  }
}

const TranslatorContext = createContext<Translator | null>(null);

/** Gives `translator` to the components below (the root layout's). */
export const TranslationProvider = TranslatorContext.Provider;

/**
 * The current language's lookup `t` and its translator (`i18n.language`), as react-i18next's
 * hook of the same name gave them. Throws outside TranslationProvider.
 */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslation needs a TranslationProvider (app/root.tsx)');
  return { t: translator.t, i18n: translator };
}
