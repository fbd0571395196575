/**
 * Late-fee rules (decision 048): the company's rule lives in the settings (/admin/system) and a
 * building may have its own (`building.late_fee_rule`), set on the building form. A rule says how
 * many days of grace follow the due date, whether the fee is a flat amount or a percent of the
 * month's rent, and its caps (an amount and/or a percent of the rent; 0 = none), which the operator
 * sets as local law allows. The fee is posted once per lease and rent period, by the database
 * (`postLateFees`); the rule that posted it is stored with the charge. A daily rule (decision 051)
 * charges its amount for each day the rent stays open after the grace period, as one fee that
 * grows to its cap, so it needs a cap. Client-safe.
 */
import { z } from 'zod';
import { centsToDollarsText, parseDollars } from './money';

export const LATE_FEE_KINDS = ['flat', 'percent'] as const;
export type LateFeeKind = (typeof LATE_FEE_KINDS)[number];

/** Once per rent period, or for each day the rent stays open after the grace period (decision 051). */
export const LATE_FEE_FREQUENCIES = ['once', 'daily'] as const;
export type LateFeeFrequency = (typeof LATE_FEE_FREQUENCIES)[number];

/** The bounds a rule's numbers keep (cents are integer US cents; percents have two decimals). */
export const LATE_FEE_LIMITS = {
  graceDays: { min: 0, max: 27 },
  /** $5,000, the highest flat fee and cap. */
  amountCents: 500_000,
  /** Half of the month's rent, the highest percent and percent cap. */
  percent: 50,
} as const;

/**
 * A late-fee rule. `percent` counts for `kind: 'percent'`, `amountCents` for `'flat'`; with
 * `frequency: 'daily'` they are a day's fee. A rule stored before decision 051 has no frequency:
 * it is `once` (`canonicalLateFeeRule`).
 */
export type LateFeeRule = {
  graceDays: number;
  kind: LateFeeKind;
  frequency: LateFeeFrequency;
  amountCents: number;
  percent: number;
  /** The most one fee may be, in cents; 0 = no cap. */
  capCents: number;
  /** The most one fee may be, as a percent of the month's rent; 0 = no cap. */
  capPercent: number;
};

/** A rule as stored with the late fee it posted (`charge.late_fee_rule`): the rule and whose it was. */
export type StoredLateFeeRule = LateFeeRule & { source: 'building' | 'company' };

/** Messages (translation keys in `common`, which every page has: the settings and the building form use them). */
const M = {
  whole: 'common.lateFee.errors.whole',
  grace: 'common.lateFee.errors.graceDays',
  amount: 'common.lateFee.errors.amount',
  percent: 'common.lateFee.errors.percent',
  twoDecimals: 'common.lateFee.errors.twoDecimals',
  kind: 'common.lateFee.errors.kind',
  frequency: 'common.lateFee.errors.frequency',
  dailyCap: 'common.lateFee.errors.dailyCap',
} as const;

const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;
const cents = z.number(M.whole).int(M.whole).min(0, M.amount).max(LATE_FEE_LIMITS.amountCents, M.amount);
const percent = z.number(M.percent).min(0, M.percent).max(LATE_FEE_LIMITS.percent, M.percent).refine(twoDecimals, M.twoDecimals);

/** The late-fee kind a setting or form may hold. */
export const lateFeeKindSchema = z.enum(LATE_FEE_KINDS, M.kind);
/** How often a fee is charged (decision 051). */
export const lateFeeFrequencySchema = z.enum(LATE_FEE_FREQUENCIES, M.frequency);
/** Whole cents of a fee or cap. */
export const lateFeeCentsSchema = cents;
/** A percent of the month's rent, 0–50 with at most two decimals. */
export const lateFeePercentSchema = percent;
/** Days of grace after the due date. */
export const graceDaysSchema = z
  .number(M.whole)
  .int(M.whole)
  .min(LATE_FEE_LIMITS.graceDays.min, M.grace)
  .max(LATE_FEE_LIMITS.graceDays.max, M.grace);

/** True when a daily rule has no cap: the fee would grow without end (decision 051). */
export function dailyRuleWithoutCap(rule: Pick<LateFeeRule, 'frequency' | 'capCents' | 'capPercent'>): boolean {
  return rule.frequency === 'daily' && rule.capCents === 0 && rule.capPercent === 0;
}

/**
 * A whole rule (a building's own, stored as JSON; the company's, from the settings). A daily
 * rule must have a cap, reported on `capCents`. Messages are translation keys.
 */
export const lateFeeRuleSchema = z
  .object({
    graceDays: graceDaysSchema,
    kind: lateFeeKindSchema,
    frequency: lateFeeFrequencySchema,
    amountCents: cents,
    percent,
    capCents: cents,
    capPercent: percent,
  })
  .strict()
  .refine((rule) => !dailyRuleWithoutCap(rule), { message: M.dailyCap, path: ['capCents'] });

/**
 * The fee `rule` posts on a month's rent of `rentCents` when the rent is `daysLate` days past
 * its grace period (1 = the first day after it; only a daily rule counts them): the flat amount
 * or the percent (rounded to the cent), times the days for a daily rule, then the caps that are
 * set. The database computes the same in `postLateFees`; this copy shows the fee on pages, seeds
 * the demo and checks the SQL in tests.
 */
export function lateFeeFor(rule: LateFeeRule, rentCents: number, daysLate = 1): number {
  const once = rule.kind === 'percent' ? Math.round((rentCents * rule.percent) / 100) : rule.amountCents;
  const base = rule.frequency === 'daily' ? once * Math.max(1, Math.floor(daysLate)) : once;
  const caps = [
    rule.capCents > 0 ? rule.capCents : Infinity,
    rule.capPercent > 0 ? Math.floor((rentCents * rule.capPercent) / 100) : Infinity,
  ];
  return Math.max(0, Math.min(base, ...caps));
}

/** The form fields of a building's own rule, by rule key (the building form, decision 048). */
export const LATE_FEE_FORM_FIELDS = {
  graceDays: 'lateFeeGraceDays',
  kind: 'lateFeeKind',
  frequency: 'lateFeeFrequency',
  amountCents: 'lateFeeAmount',
  percent: 'lateFeePercent',
  capCents: 'lateFeeCap',
  capPercent: 'lateFeeCapPercent',
} as const satisfies Record<keyof LateFeeRule, string>;

export type LateFeeFormField = (typeof LATE_FEE_FORM_FIELDS)[keyof LateFeeRule];

/** The rule's fields as a form shows them (dollars with cents, plain numbers); a default rule when null. */
export function lateFeeFormValues(rule: LateFeeRule | null): Record<LateFeeFormField, string> {
  const shown = rule ?? { graceDays: 5, kind: 'flat', frequency: 'once', amountCents: 5_000, percent: 5, capCents: 0, capPercent: 0 };
  return {
    lateFeeGraceDays: String(shown.graceDays),
    lateFeeKind: shown.kind,
    lateFeeFrequency: shown.frequency,
    lateFeeAmount: centsToDollarsText(shown.amountCents),
    lateFeePercent: String(shown.percent),
    lateFeeCap: centsToDollarsText(shown.capCents),
    lateFeeCapPercent: String(shown.capPercent),
  };
}

const parseWholeText = (raw: string) => (/^\d{1,6}$/.test(raw.trim()) ? Number(raw.trim()) : null);
const parsePercentText = (raw: string) => {
  const value = raw.trim().replace(',', '.');
  return /^\d{1,3}(\.\d{1,6})?$/.test(value) ? Number(value) : null;
};

/**
 * Reads a rule from a form's text values (`LATE_FEE_FORM_FIELDS`): whole days, dollars with cents
 * (`parseDollars`), percents with a dot or a comma. Answers the rule, or the fields that are
 * wrong with their translation keys.
 */
export function readLateFeeRule(
  values: Partial<Record<LateFeeFormField, string>>,
): { ok: true; rule: LateFeeRule } | { ok: false; errors: Partial<Record<LateFeeFormField, string>> } {
  const errors: Partial<Record<LateFeeFormField, string>> = {};
  const read = <T>(field: LateFeeFormField, parse: (raw: string) => T | null, message: string): T | undefined => {
    const raw = values[field] ?? '';
    if (raw.trim() === '') {
      errors[field] = 'common.form.required';
      return undefined;
    }
    const value = parse(raw);
    if (value === null) errors[field] = message;
    return value ?? undefined;
  };
  const candidate = {
    graceDays: read('lateFeeGraceDays', parseWholeText, M.grace),
    kind: read('lateFeeKind', (raw) => raw.trim(), M.kind),
    // A form written before decision 051 has no frequency: once.
    frequency: (values.lateFeeFrequency ?? '').trim() || 'once',
    amountCents: read('lateFeeAmount', parseDollars, M.amount),
    percent: read('lateFeePercent', parsePercentText, M.percent),
    capCents: read('lateFeeCap', parseDollars, M.amount),
    capPercent: read('lateFeeCapPercent', parsePercentText, M.percent),
  };
  // Every field is checked, also when another could not be read: the person sees all at once.
  const parsed = lateFeeRuleSchema.safeParse(candidate);
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, rule: canonicalLateFeeRule(parsed.data) };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const key = issue.path[0] as keyof LateFeeRule | undefined;
    if (key && key in LATE_FEE_FORM_FIELDS) errors[LATE_FEE_FORM_FIELDS[key]] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * `rule` with its keys in one order (the database's `jsonb` keeps its own), for comparing; a
 * rule stored before decision 051 (no frequency) is `once`.
 */
export function canonicalLateFeeRule(rule: Omit<LateFeeRule, 'frequency'> & { frequency?: LateFeeFrequency }): LateFeeRule {
  const { graceDays, kind, frequency = 'once', amountCents, percent, capCents, capPercent } = rule;
  return { graceDays, kind, frequency, amountCents, percent, capCents, capPercent };
}
