/**
 * Late-fee rules (decision 048): the company's rule lives in the settings (/admin/system) and a
 * building may have its own (`building.late_fee_rule`), set on the building form. A rule says how
 * many days of grace follow the due date, whether the fee is a flat amount or a percent of the
 * month's rent, and its caps (an amount and/or a percent of the rent; 0 = none), which the operator
 * sets as local law allows. The fee is posted once per lease and rent period, by the database
 * (`postLateFees`); the rule that posted it is stored with the charge. Client-safe.
 */
import { z } from 'zod';
import { centsToDollarsText, parseDollars } from './money';

export const LATE_FEE_KINDS = ['flat', 'percent'] as const;
export type LateFeeKind = (typeof LATE_FEE_KINDS)[number];

/** The bounds a rule's numbers keep (cents are integer US cents; percents have two decimals). */
export const LATE_FEE_LIMITS = {
  graceDays: { min: 0, max: 27 },
  /** $5,000, the highest flat fee and cap. */
  amountCents: 500_000,
  /** Half of the month's rent, the highest percent and percent cap. */
  percent: 50,
} as const;

/** A late-fee rule. `percent` counts for `kind: 'percent'`, `amountCents` for `'flat'`. */
export type LateFeeRule = {
  graceDays: number;
  kind: LateFeeKind;
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
} as const;

const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;
const cents = z.number(M.whole).int(M.whole).min(0, M.amount).max(LATE_FEE_LIMITS.amountCents, M.amount);
const percent = z.number(M.percent).min(0, M.percent).max(LATE_FEE_LIMITS.percent, M.percent).refine(twoDecimals, M.twoDecimals);

/** The late-fee kind a setting or form may hold. */
export const lateFeeKindSchema = z.enum(LATE_FEE_KINDS, M.kind);
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

/** A whole rule (a building's own, stored as JSON). Messages are translation keys. */
export const lateFeeRuleSchema = z
  .object({
    graceDays: graceDaysSchema,
    kind: lateFeeKindSchema,
    amountCents: cents,
    percent,
    capCents: cents,
    capPercent: percent,
  })
  .strict();

/**
 * The fee `rule` posts on a month's rent of `rentCents`: the flat amount or the percent (rounded
 * to the cent), then the caps that are set. The database computes the same in `postLateFees`;
 * this copy shows the fee on pages and checks the SQL in tests.
 */
export function lateFeeFor(rule: LateFeeRule, rentCents: number): number {
  const base = rule.kind === 'percent' ? Math.round((rentCents * rule.percent) / 100) : rule.amountCents;
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
  amountCents: 'lateFeeAmount',
  percent: 'lateFeePercent',
  capCents: 'lateFeeCap',
  capPercent: 'lateFeeCapPercent',
} as const satisfies Record<keyof LateFeeRule, string>;

export type LateFeeFormField = (typeof LATE_FEE_FORM_FIELDS)[keyof LateFeeRule];

/** The rule's fields as a form shows them (dollars with cents, plain numbers); a default rule when null. */
export function lateFeeFormValues(rule: LateFeeRule | null): Record<LateFeeFormField, string> {
  const shown = rule ?? { graceDays: 5, kind: 'flat', amountCents: 5_000, percent: 5, capCents: 0, capPercent: 0 };
  return {
    lateFeeGraceDays: String(shown.graceDays),
    lateFeeKind: shown.kind,
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

/** `rule` with its keys in one order (the database's `jsonb` keeps its own), for comparing. */
export function canonicalLateFeeRule(rule: LateFeeRule): LateFeeRule {
  const { graceDays, kind, amountCents, percent, capCents, capPercent } = rule;
  return { graceDays, kind, amountCents, percent, capCents, capPercent };
}
