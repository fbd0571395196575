/**
 * One line describing a saved search, e.g. "Austin · 2+ people · $1,000 – $2,000 per month".
 * Client-safe.
 */
import type { TFunction } from '~/lib/i18n';
import type { Language } from '~/lib/constants';
import { formatUsd } from '~/lib/format';
import type { AlertCriteria } from '../listing-alerts.schemas';

export function describeCriteria(criteria: AlertCriteria, t: TFunction, lang: Language): string {
  const parts: string[] = [];
  if (criteria.location) parts.push(criteria.location);
  if (criteria.capacity) parts.push(t('forms.alerts.capacityOption', { count: criteria.capacity }));
  const { minPrice, maxPrice } = criteria;
  if (minPrice !== undefined && maxPrice !== undefined) {
    parts.push(t('forms.alerts.summary.priceBetween', { min: formatUsd(minPrice, lang), max: formatUsd(maxPrice, lang) }));
  } else if (minPrice !== undefined) {
    parts.push(t('forms.alerts.summary.priceFrom', { min: formatUsd(minPrice, lang) }));
  } else if (maxPrice !== undefined) {
    parts.push(t('forms.alerts.summary.priceUpTo', { max: formatUsd(maxPrice, lang) }));
  }
  return parts.length ? parts.join(' · ') : t('forms.alerts.summary.any');
}
