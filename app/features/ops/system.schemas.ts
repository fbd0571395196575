/**
 * The forms of /admin/system (decision 019): one form per section, told apart by
 * `intent`. This module turns a posted form into the settings it names — dollars with cents
 * into integer cents, day numbers, `HH:MM` office hours, sample rates — and reports format
 * mistakes per field as translation keys. Ranges and the rest are checked again by the settings
 * service (`updateSettings`), whose issues `formFieldOf` maps back to these field names.
 * Client-safe.
 */
import type { LateFeeFrequency, LateFeeKind } from '~/lib/late-fees';
import { centsToDollarsText, parseDollars } from '~/lib/money';
import { OFFICE_DAY_GROUPS, type DayHours, type OfficeDayGroup, type OfficeHours } from '~/lib/office-hours';

export const SYSTEM_SECTIONS = ['fees', 'rent', 'maintenance', 'contact', 'monitoring'] as const;
export type SystemSection = (typeof SYSTEM_SECTIONS)[number];
export type SystemIntent = SystemSection | 'test-mail';

/** The editable values as the page shows them (what `readSettings` answers, minus nothing secret). */
export type SystemSettingsView = {
  applicationFeeCents: number;
  depositMonths: number;
  rentDueDay: number;
  rentGraceDays: number;
  lateFeeCents: number;
  lateFeeKind: LateFeeKind;
  lateFeeFrequency: LateFeeFrequency;
  lateFeePercent: number;
  lateFeeCapCents: number;
  lateFeeCapPercent: number;
  returnedPaymentFeeCents: number;
  companyName: string;
  contactPhone: string;
  contactEmail: string;
  contactAddress: string;
  officeHours: OfficeHours;
  monitoringDsn: string;
  tracesSampleRate: number;
  replaysSessionSampleRate: number;
  replaysOnErrorSampleRate: number;
  slaEmergencyHours: number;
  slaUrgentHours: number;
  slaRoutineHours: number;
};

const E = {
  money: 'ops.errors.money',
  number: 'ops.errors.number',
  whole: 'ops.errors.wholeNumber',
  time: 'ops.errors.time',
  required: 'common.form.required',
} as const;

/** Text fields are echoed back at most this long. */
const ECHO_MAX = 400;

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, ECHO_MAX) : '';
}

/** Dollars as typed → integer cents (`app/lib/money.ts`), re-exported for the settings form. */
export { parseDollars };

/** A decimal number as typed ("0.1", "0,25", "1") → number; null when it is not one. */
export function parseDecimal(raw: string): number | null {
  const value = raw.trim().replace(',', '.');
  return /^\d{1,6}(\.\d{1,6})?$/.test(value) ? Number(value) : null;
}

/** A whole number as typed → number; null when it is not one. */
export function parseWhole(raw: string): number | null {
  const value = raw.trim();
  return /^-?\d{1,6}$/.test(value) ? Number(value) : null;
}

/** What a section's form yields: the settings to save, format errors (keys) and the values typed. */
export type SectionForm = {
  input: Record<string, unknown>;
  errors: Record<string, string>;
  values: Record<string, string>;
};

/** The form field of an office-hours time: `weekdaysOpens`, `sundayCloses`… */
export function hoursField(group: OfficeDayGroup, edge: 'opens' | 'closes' | 'closed'): string {
  return `${group}${edge[0]!.toUpperCase()}${edge.slice(1)}`;
}

function readOfficeHours(form: FormData, out: SectionForm): OfficeHours {
  const hours = {} as Record<OfficeDayGroup, DayHours>;
  for (const group of OFFICE_DAY_GROUPS) {
    const closedField = hoursField(group, 'closed');
    const closed = form.get(closedField) === 'on';
    out.values[closedField] = closed ? 'on' : '';
    const opens = text(form, hoursField(group, 'opens')).trim();
    const closes = text(form, hoursField(group, 'closes')).trim();
    out.values[hoursField(group, 'opens')] = opens;
    out.values[hoursField(group, 'closes')] = closes;
    if (closed) {
      hours[group] = null;
      continue;
    }
    // A browser's time input sends "09:00" (or "09:00:00" with seconds): keep hours and minutes.
    const normalise = (value: string) => (/^\d:\d\d/.test(value) ? `0${value}` : value).slice(0, 5);
    if (!opens) out.errors[hoursField(group, 'opens')] = E.required;
    if (!closes) out.errors[hoursField(group, 'closes')] = E.required;
    hours[group] = { opens: normalise(opens), closes: normalise(closes) };
  }
  return hours;
}

/**
 * Reads one section's fields from a posted form. `input` holds typed values for
 * `updateSettings`; fields that could not be read are left out of it and named in `errors`.
 */
export function readSectionForm(section: SystemSection, form: FormData): SectionForm {
  const out: SectionForm = { input: {}, errors: {}, values: {} };
  const field = (name: string) => {
    const value = text(form, name);
    out.values[name] = value;
    return value;
  };
  const parsed = (name: string, setting: string, parse: (raw: string) => number | null, message: string) => {
    const raw = field(name);
    const value = parse(raw);
    if (raw.trim() === '') out.errors[name] = E.required;
    else if (value === null) out.errors[name] = message;
    else out.input[setting] = value;
  };
  switch (section) {
    case 'fees':
      parsed('applicationFee', 'applicationFeeCents', parseDollars, E.money);
      parsed('depositMonths', 'depositMonths', parseDecimal, E.number);
      break;
    case 'rent':
      parsed('rentDueDay', 'rentDueDay', parseWhole, E.whole);
      parsed('rentGraceDays', 'rentGraceDays', parseWhole, E.whole);
      parsed('lateFee', 'lateFeeCents', parseDollars, E.money);
      // The company's late-fee rule (decision 048); the settings service checks kind and ranges.
      // The page always sends these; a post that leaves one out (a script written before the
      // rule had them) leaves that setting as it is.
      if (form.has('lateFeeKind')) out.input.lateFeeKind = field('lateFeeKind');
      // Decision 051: once or daily; the service checks that a daily rule has a cap.
      if (form.has('lateFeeFrequency')) out.input.lateFeeFrequency = field('lateFeeFrequency');
      if (form.has('lateFeePercent')) parsed('lateFeePercent', 'lateFeePercent', parseDecimal, E.number);
      if (form.has('lateFeeCap')) parsed('lateFeeCap', 'lateFeeCapCents', parseDollars, E.money);
      if (form.has('lateFeeCapPercent')) parsed('lateFeeCapPercent', 'lateFeeCapPercent', parseDecimal, E.number);
      // Decision 050; like the rule's fields, left as it is by a post without it.
      if (form.has('returnedPaymentFee')) parsed('returnedPaymentFee', 'returnedPaymentFeeCents', parseDollars, E.money);
      break;
    case 'maintenance':
      for (const name of ['slaEmergencyHours', 'slaUrgentHours', 'slaRoutineHours']) parsed(name, name, parseWhole, E.whole);
      break;
    case 'contact':
      for (const name of ['companyName', 'contactPhone', 'contactEmail', 'contactAddress']) out.input[name] = field(name);
      out.input.officeHours = readOfficeHours(form, out);
      break;
    case 'monitoring':
      out.input.monitoringDsn = field('monitoringDsn').trim();
      parsed('tracesSampleRate', 'tracesSampleRate', parseDecimal, 'ops.errors.sampleRate');
      parsed('replaysSessionSampleRate', 'replaysSessionSampleRate', parseDecimal, 'ops.errors.sampleRate');
      parsed('replaysOnErrorSampleRate', 'replaysOnErrorSampleRate', parseDecimal, 'ops.errors.sampleRate');
      break;
  }
  return out;
}

/** The form field a settings issue belongs to (`officeHours.weekdays.closes` → `weekdaysCloses`). */
export function formFieldOf(path: readonly PropertyKey[]): string {
  const [head, group, edge] = path.map(String);
  if (head === 'applicationFeeCents') return 'applicationFee';
  if (head === 'lateFeeCents') return 'lateFee';
  if (head === 'lateFeeCapCents') return 'lateFeeCap';
  if (head === 'returnedPaymentFeeCents') return 'returnedPaymentFee';
  if (head === 'officeHours' && group && (OFFICE_DAY_GROUPS as readonly string[]).includes(group)) {
    return hoursField(group as OfficeDayGroup, edge === 'opens' ? 'opens' : 'closes');
  }
  return head ?? 'form';
}

/** A section's form values as the page fills them in from the settings in force. */
export function sectionValues(section: SystemSection, settings: SystemSettingsView): Record<string, string> {
  switch (section) {
    case 'fees':
      return { applicationFee: centsToDollarsText(settings.applicationFeeCents), depositMonths: String(settings.depositMonths) };
    case 'rent':
      return {
        rentDueDay: String(settings.rentDueDay),
        rentGraceDays: String(settings.rentGraceDays),
        lateFee: centsToDollarsText(settings.lateFeeCents),
        lateFeeKind: settings.lateFeeKind,
        lateFeeFrequency: settings.lateFeeFrequency,
        lateFeePercent: String(settings.lateFeePercent),
        lateFeeCap: centsToDollarsText(settings.lateFeeCapCents),
        lateFeeCapPercent: String(settings.lateFeeCapPercent),
        returnedPaymentFee: centsToDollarsText(settings.returnedPaymentFeeCents),
      };
    case 'maintenance':
      return {
        slaEmergencyHours: String(settings.slaEmergencyHours),
        slaUrgentHours: String(settings.slaUrgentHours),
        slaRoutineHours: String(settings.slaRoutineHours),
      };
    case 'contact': {
      const values: Record<string, string> = {
        companyName: settings.companyName,
        contactPhone: settings.contactPhone,
        contactEmail: settings.contactEmail,
        contactAddress: settings.contactAddress,
      };
      for (const group of OFFICE_DAY_GROUPS) {
        const hours = settings.officeHours[group];
        values[hoursField(group, 'closed')] = hours ? '' : 'on';
        values[hoursField(group, 'opens')] = hours?.opens ?? '';
        values[hoursField(group, 'closes')] = hours?.closes ?? '';
      }
      return values;
    }
    case 'monitoring':
      return {
        monitoringDsn: settings.monitoringDsn,
        tracesSampleRate: String(settings.tracesSampleRate),
        replaysSessionSampleRate: String(settings.replaysSessionSampleRate),
        replaysOnErrorSampleRate: String(settings.replaysOnErrorSampleRate),
      };
  }
}
