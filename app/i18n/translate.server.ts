/**
 * Server-side translation for text a loader must produce itself (page titles and meta
 * descriptions, e-mails): `getT('it')('listings.meta.propertiesTitle')`.
 */
import type { TFunction } from '~/lib/i18n';
import type { Language } from '~/lib/constants';
import { createI18n } from '~/lib/i18n';
import { resourcesFor } from './resources.server';

const cache = new Map<Language, TFunction>();

export function getT(lang: Language): TFunction {
  let t = cache.get(lang);
  if (!t) {
    t = createI18n(lang, resourcesFor(lang)).t;
    cache.set(lang, t);
  }
  return t;
}

/** The `<title>` and description of a page, from two translation keys. */
export function pageMeta(lang: Language, titleKey: string, descriptionKey?: string) {
  const t = getT(lang);
  return { title: t(titleKey), description: descriptionKey ? t(descriptionKey) : undefined };
}
