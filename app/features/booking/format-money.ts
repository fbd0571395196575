/**
 * Money of the booking flow in the visitor's format: integer cents → "$1,500.00" (en) or
 * "1.500,00 USD" (it), via `Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' })`.
 * Client-safe; one formatter per language.
 */
import type { Language } from '~/lib/constants';
import { intlLocale } from '~/lib/i18n';

const formatters = new Map<Language, Intl.NumberFormat>();

export function formatCents(cents: number, lang: Language): string {
  let formatter = formatters.get(lang);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocale(lang), { style: 'currency', currency: 'USD' });
    formatters.set(lang, formatter);
  }
  return formatter.format(cents / 100);
}
