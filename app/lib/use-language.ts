/** The current UI language, from the translator (client-safe hook). */
import { useTranslation } from '~/lib/i18n';
import { isLanguage } from './preferences';
import { DEFAULT_LANGUAGE, type Language } from './constants';

export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
