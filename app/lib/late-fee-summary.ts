/**
 * A late-fee rule in words, in the viewer's language (decisions 048 and 051): "5% of the month's
 * rent after 5 days of grace, at most $75.00"; "$15.00 a day after 2 days of grace, at most 10% of
 * the month's rent". Used by the building page and the tenant's statement, so the
 * keys live in `common` (`common.lateFee.summary.*`), which every page has. Client-safe.
 */
import type { Language } from './constants';
import { formatCents, formatNumber } from './format';
import type { TFunction } from './i18n';
import type { LateFeeRule } from './late-fees';

/** The parts of a rule in words: the fee (an amount or a percent of the month's rent, a day's for a daily rule) and its caps (", at most …" or ''). */
function ruleParts(t: TFunction, rule: LateFeeRule, lang: Language): { fee: string; cap: string } {
  const ofRent = (percent: number) => t('common.lateFee.summary.percentOfRent', { percent: formatNumber(percent, lang) });
  const once = rule.kind === 'percent' ? ofRent(rule.percent) : formatCents(rule.amountCents, lang);
  const fee = rule.frequency === 'daily' ? t('common.lateFee.summary.perDay', { fee: once }) : once;
  const caps = [rule.capCents > 0 ? formatCents(rule.capCents, lang) : null, rule.capPercent > 0 ? ofRent(rule.capPercent) : null].filter(
    (cap): cap is string => cap !== null,
  );
  return { fee, cap: caps.length > 0 ? t('common.lateFee.summary.capPart', { cap: caps.join(', ') }) : '' };
}

/** The rule as one phrase: the fee (an amount or a percent of the month's rent), its grace days and its caps. */
export function lateFeeRuleText(t: TFunction, rule: LateFeeRule, lang: Language): string {
  const { fee, cap } = ruleParts(t, rule, lang);
  return t('common.lateFee.summary.rule', { fee, days: rule.graceDays, cap });
}

/** The fee and its caps without the grace period ("$15.00 a day, at most 10% of the month's rent"): the lease says the grace itself. */
export function lateFeeAmountText(t: TFunction, rule: LateFeeRule, lang: Language): string {
  const { fee, cap } = ruleParts(t, rule, lang);
  return `${fee}${cap}`;
}
