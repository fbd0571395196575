/**
 * Late-fee rules in the browser's and the server's shared code (decisions 048 and 051): the fee
 * a rule gives for the days late, the form's check that a daily rule has a cap, and the rule in
 * words in both languages.
 */
import { describe, expect, it } from 'vitest';
import { resourcesFor } from '~/i18n/resources.server';
import { lateFeeRuleText } from './late-fee-summary';
import { canonicalLateFeeRule, lateFeeFor, readLateFeeRule, type LateFeeRule } from './late-fees';
import { createTranslator } from './translator';

/** The demo's Texan rule: $15 a day after two days of grace, at most 10% of the month's rent. */
const texan: LateFeeRule = { graceDays: 2, kind: 'flat', frequency: 'daily', amountCents: 1_500, percent: 0, capCents: 0, capPercent: 10 };

describe('lateFeeFor', () => {
  it('charges a daily rule’s amount per day late up to its cap, and a once rule the same whatever the days', () => {
    expect([1, 2, 9, 10, 11, 30].map((days) => lateFeeFor(texan, 150_000, days))).toEqual([1_500, 3_000, 13_500, 15_000, 15_000, 15_000]);
    const once = { ...texan, frequency: 'once' as const };
    expect([1, 9, 30].map((days) => lateFeeFor(once, 150_000, days))).toEqual([1_500, 1_500, 1_500]);
    // A percent a day is rounded to the cent before it is multiplied.
    expect(lateFeeFor({ ...texan, kind: 'percent', percent: 1, capPercent: 0, capCents: 50_000 }, 123_457, 3)).toBe(3 * 1_235);
  });

  it('reads a rule stored before daily fees as once', () => {
    const { frequency: _dropped, ...stored } = texan;
    expect(canonicalLateFeeRule(stored)).toEqual({ ...texan, frequency: 'once' });
  });
});

describe('readLateFeeRule', () => {
  const form = {
    lateFeeGraceDays: '2',
    lateFeeKind: 'flat',
    lateFeeFrequency: 'daily',
    lateFeeAmount: '15',
    lateFeePercent: '0',
    lateFeeCap: '0',
    lateFeeCapPercent: '10',
  };

  it('reads a daily rule with a cap', () => {
    expect(readLateFeeRule(form)).toEqual({ ok: true, rule: texan });
  });

  it('refuses a daily rule without any cap, on the cap field', () => {
    expect(readLateFeeRule({ ...form, lateFeeCapPercent: '0' })).toEqual({
      ok: false,
      errors: { lateFeeCap: 'common.lateFee.errors.dailyCap' },
    });
    expect(readLateFeeRule({ ...form, lateFeeFrequency: 'weekly' })).toEqual({
      ok: false,
      errors: { lateFeeFrequency: 'common.lateFee.errors.frequency' },
    });
  });

  it('takes a form without the frequency (written before daily fees) as once', () => {
    const { lateFeeFrequency: _dropped, ...older } = form;
    expect(readLateFeeRule({ ...older, lateFeeCapPercent: '0' })).toEqual({
      ok: true,
      rule: { ...texan, frequency: 'once', capPercent: 0 },
    });
  });
});

describe('lateFeeRuleText', () => {
  it('says a daily fee per day, with its grace and its cap, in English and Italian', () => {
    const en = createTranslator('en', resourcesFor('en')).t;
    const it = createTranslator('it', resourcesFor('it')).t;
    expect(lateFeeRuleText(en, texan, 'en')).toBe('$15.00 a day after 2 days of grace, at most 10% of the month’s rent');
    expect(lateFeeRuleText(it, texan, 'it')).toMatch(
      /^15,00\sUSD al giorno dopo 2 giorni di tolleranza, al massimo 10% del canone del mese$/,
    );
    expect(lateFeeRuleText(en, { ...texan, frequency: 'once' }, 'en')).toBe(
      '$15.00 after 2 days of grace, at most 10% of the month’s rent',
    );
  });
});
