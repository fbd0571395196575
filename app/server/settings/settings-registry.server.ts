/**
 * Every setting /admin/system edits (decision 019, DESIGN §4 `setting`): its row key in
 * the `setting` table, the zod schema its value must satisfy (messages are translation keys) and
 * its default. A missing or malformed row reads as the default, so a bad row can never break a
 * page. Keys outside this registry (`auth.secret`) are never read, shown or written here.
 */
import { z } from 'zod';
import { BOOKING_FEE_DEFAULTS, BOOKING_SETTING_KEYS } from '~/lib/constants';
import { DEFAULT_SAMPLE_RATES, MAX_DSN_LENGTH, parseSentryDsn } from '~/lib/monitoring';
import {
  lateFeeCentsSchema,
  lateFeeFrequencySchema,
  lateFeeKindSchema,
  lateFeePercentSchema,
  type LateFeeFrequency,
  type LateFeeKind,
  type LateFeeRule,
} from '~/lib/late-fees';
import { DEFAULT_OFFICE_HOURS, TIME_PATTERN, type OfficeHours } from '~/lib/office-hours';

/** Limits of the editable values (cents are integer US cents). */
export const SETTING_LIMITS = {
  /** The highest application fee ($1,000). Kept equal to the booking reader's cap. */
  applicationFeeCents: 100_000,
  /** The largest deposit, in months of rent. */
  depositMonths: 6,
  /** Rent falls due on a day every month has. */
  rentDueDay: { min: 1, max: 28 },
  rentGraceDays: { min: 0, max: 27 },
  /** The highest late fee ($5,000). */
  lateFeeCents: 500_000,
  companyName: 80,
  phone: 40,
  email: 254,
  address: 200,
  /** The SLA targets to first response per maintenance priority, in whole hours (1 hour to 30 days). */
  slaHours: { min: 1, max: 720 },
} as const;

const M = {
  whole: 'ops.errors.wholeNumber',
  feeRange: 'ops.errors.applicationFeeRange',
  depositRange: 'ops.errors.depositRange',
  dueDayRange: 'ops.errors.dueDayRange',
  graceDaysRange: 'ops.errors.graceDaysRange',
  lateFeeRange: 'ops.errors.lateFeeRange',
  returnedFeeRange: 'ops.errors.returnedFeeRange',
  required: 'common.form.required',
  tooLong: 'common.form.tooLong',
  email: 'common.form.invalidEmail',
  phone: 'forms.errors.invalidPhone',
  time: 'ops.errors.time',
  closesAfter: 'ops.errors.closesAfterOpens',
  dsn: 'ops.errors.dsn',
  rate: 'ops.errors.sampleRate',
  twoDecimals: 'ops.errors.twoDecimals',
  slaRange: 'ops.errors.slaHoursRange',
} as const;

const wholeNumber = (min: number, max: number, range: string) => z.number(M.whole).int(M.whole).min(min, range).max(max, range);
const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;
const line = (max: number) =>
  z
    .string()
    .transform((value) => value.replace(/\s+/g, ' ').trim())
    .pipe(z.string().max(max, M.tooLong));

const dayHours = z
  .object({ opens: z.string().regex(TIME_PATTERN, M.time), closes: z.string().regex(TIME_PATTERN, M.time) })
  .strict()
  .refine((hours) => hours.opens < hours.closes, { message: M.closesAfter, path: ['closes'] })
  .nullable();

const officeHours: z.ZodType<OfficeHours> = z.object({ weekdays: dayHours, saturday: dayHours, sunday: dayHours }).strict();

const rate = z.number(M.rate).min(0, M.rate).max(1, M.rate);

/** One setting: its `setting.key`, schema and default. */
type Definition<T> = { key: string; schema: z.ZodType<T>; default: T };
const define = <T>(key: string, schema: z.ZodType<T>, fallback: T): Definition<T> => ({ key, schema, default: fallback });

/**
 * The registry. Field names are what code reads (`settings.applicationFeeCents`); keys are the
 * rows. The booking keys are those migration 0002 inserted and `readFeeSettings` reads.
 */
export const SETTINGS = {
  applicationFeeCents: define(
    BOOKING_SETTING_KEYS.applicationFeeCents,
    wholeNumber(0, SETTING_LIMITS.applicationFeeCents, M.feeRange),
    BOOKING_FEE_DEFAULTS.applicationFeeCents,
  ),
  depositMonths: define(
    BOOKING_SETTING_KEYS.depositMonths,
    z.number(M.depositRange).min(0, M.depositRange).max(SETTING_LIMITS.depositMonths, M.depositRange).refine(twoDecimals, M.twoDecimals),
    BOOKING_FEE_DEFAULTS.depositMonths as number,
  ),
  rentDueDay: define('rent.due_day', wholeNumber(SETTING_LIMITS.rentDueDay.min, SETTING_LIMITS.rentDueDay.max, M.dueDayRange), 1),
  rentGraceDays: define(
    'rent.grace_days',
    wholeNumber(SETTING_LIMITS.rentGraceDays.min, SETTING_LIMITS.rentGraceDays.max, M.graceDaysRange),
    5,
  ),
  lateFeeCents: define('rent.late_fee_cents', wholeNumber(0, SETTING_LIMITS.lateFeeCents, M.lateFeeRange), 5_000),
  /** The company's late-fee rule (decision 048): flat `lateFeeCents` or a percent of the month's rent. */
  lateFeeKind: define<LateFeeKind>('rent.late_fee_kind', lateFeeKindSchema, 'flat'),
  /** Once per rent period or for each day it stays open, up to a cap (decision 051). */
  lateFeeFrequency: define<LateFeeFrequency>('rent.late_fee_frequency', lateFeeFrequencySchema, 'once'),
  lateFeePercent: define('rent.late_fee_percent', lateFeePercentSchema, 5),
  /** 0 = no cap. */
  lateFeeCapCents: define('rent.late_fee_cap_cents', lateFeeCentsSchema, 0),
  /** 0 = no cap. */
  lateFeeCapPercent: define('rent.late_fee_cap_percent', lateFeePercentSchema, 0),
  /** Decision 050: charged when a tenant's bank debit comes back (0 = none). */
  returnedPaymentFeeCents: define(
    'rent.returned_payment_fee_cents',
    wholeNumber(0, SETTING_LIMITS.lateFeeCents, M.returnedFeeRange),
    2_500,
  ),
  companyName: define('company.name', line(SETTING_LIMITS.companyName).pipe(z.string().min(1, M.required)), 'Dimora'),
  contactPhone: define(
    'contact.phone',
    line(SETTING_LIMITS.phone).pipe(
      z
        .string()
        .min(1, M.required)
        .refine((value) => /^\+?[\d\s().-]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 6, M.phone),
    ),
    '+1 (800) 555-0142',
  ),
  contactEmail: define(
    'contact.email',
    line(SETTING_LIMITS.email).pipe(z.string().min(1, M.required).pipe(z.email(M.email))),
    'hello@dimora.example',
  ),
  /** Shown on /contact when not empty. */
  contactAddress: define('contact.address', line(SETTING_LIMITS.address), ''),
  officeHours: define('contact.office_hours', officeHours, DEFAULT_OFFICE_HOURS),
  /** Empty: monitoring off (spec §9: the client starts only when a DSN is stored). */
  monitoringDsn: define(
    'monitoring.dsn',
    z
      .string()
      .trim()
      .max(MAX_DSN_LENGTH, M.dsn)
      .refine((value) => value === '' || parseSentryDsn(value) !== null, M.dsn),
    '',
  ),
  tracesSampleRate: define('monitoring.traces_sample_rate', rate, DEFAULT_SAMPLE_RATES.tracesSampleRate as number),
  replaysSessionSampleRate: define('monitoring.replays_session_sample_rate', rate, DEFAULT_SAMPLE_RATES.replaysSessionSampleRate as number),
  replaysOnErrorSampleRate: define(
    'monitoring.replays_on_error_sample_rate',
    rate,
    DEFAULT_SAMPLE_RATES.replaysOnErrorSampleRate as number,
  ),
  /** Maintenance SLA targets (decision 026): hours from a request's creation to the first staff response. */
  slaEmergencyHours: define(
    'maintenance.sla_emergency_hours',
    wholeNumber(SETTING_LIMITS.slaHours.min, SETTING_LIMITS.slaHours.max, M.slaRange),
    4,
  ),
  slaUrgentHours: define(
    'maintenance.sla_urgent_hours',
    wholeNumber(SETTING_LIMITS.slaHours.min, SETTING_LIMITS.slaHours.max, M.slaRange),
    24,
  ),
  slaRoutineHours: define(
    'maintenance.sla_routine_hours',
    wholeNumber(SETTING_LIMITS.slaHours.min, SETTING_LIMITS.slaHours.max, M.slaRange),
    72,
  ),
} as const;

export type SettingName = keyof typeof SETTINGS;
export type Settings = { [K in SettingName]: (typeof SETTINGS)[K]['default'] };

export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

/** The settings that make up the company's late-fee rule (decisions 048 and 051). */
export const LATE_FEE_RULE_SETTINGS = [
  'rentGraceDays',
  'lateFeeKind',
  'lateFeeFrequency',
  'lateFeeCents',
  'lateFeePercent',
  'lateFeeCapCents',
  'lateFeeCapPercent',
] as const satisfies readonly SettingName[];

/** The setting each field of the company's rule is stored in. */
export const LATE_FEE_RULE_SETTING_OF = {
  graceDays: 'rentGraceDays',
  kind: 'lateFeeKind',
  frequency: 'lateFeeFrequency',
  amountCents: 'lateFeeCents',
  percent: 'lateFeePercent',
  capCents: 'lateFeeCapCents',
  capPercent: 'lateFeeCapPercent',
} as const satisfies Record<keyof LateFeeRule, SettingName>;

/** The company's late-fee rule from the settings in force (decisions 048 and 051). */
export function companyLateFeeRule(settings: Pick<Settings, (typeof LATE_FEE_RULE_SETTINGS)[number]>): LateFeeRule {
  return {
    graceDays: settings.rentGraceDays,
    kind: settings.lateFeeKind,
    frequency: settings.lateFeeFrequency,
    amountCents: settings.lateFeeCents,
    percent: settings.lateFeePercent,
    capCents: settings.lateFeeCapCents,
    capPercent: settings.lateFeeCapPercent,
  };
}

/** The settings as they are before anyone edits them. */
export function defaultSettings(): Settings {
  return Object.fromEntries(SETTING_NAMES.map((name) => [name, structuredClone(SETTINGS[name].default)])) as Settings;
}

/** The schema of a partial update: each given field must satisfy its setting's schema. */
export const settingsPatchSchema = z
  .object(
    Object.fromEntries(SETTING_NAMES.map((name) => [name, SETTINGS[name].schema.optional()])) as {
      [K in SettingName]: z.ZodOptional<z.ZodType<Settings[K]>>;
    },
  )
  .strict();
