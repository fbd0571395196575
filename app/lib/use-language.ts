/** The current UI language, from i18next (client-safe hook). */
import { useTranslation } from 'react-i18next';
import { isLanguage } from './preferences';
import { DEFAULT_LANGUAGE, type Language } from './constants';

export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
