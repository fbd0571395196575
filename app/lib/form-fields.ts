/**
 * zod field builders and FormData readers shared by the public forms (contact, listing alerts,
 * vendor sign-up). Every message is a translation key; `translateIssues` (app/server/http/form.server.ts)
 * turns it into the visitor's language on the server. Client-safe.
 */
import { z } from 'zod';

// zod 4 probes `new Function` to compile fast object parsers; under our nonce-only CSP that probe
// is a policy violation in the browser. Every client-side schema imports this module first.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** Translation keys used as zod messages. */
export const FIELD_MESSAGES = {
  required: 'common.form.required',
  tooLong: 'common.form.tooLong',
  tooShort: 'common.form.tooShort',
  invalidEmail: 'common.form.invalidEmail',
  invalidPhone: 'forms.errors.invalidPhone',
  invalid: 'forms.errors.invalid',
} as const;

/** Length limits of the public forms (DESIGN: names ≤ 120, e-mail ≤ 254, message ≤ 5000). */
export const TEXT_LIMITS = {
  name: 120,
  email: 254,
  phone: 40,
  message: 5000,
  notes: 2000,
} as const;

/** What an echoed value may hold at most, so a huge post is not sent back whole. */
const ECHO_LIMIT = 20_000;

const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** One line of text: control characters dropped, runs of white space collapsed, trimmed. */
export function cleanLine(value: string): string {
  return value.replace(CONTROL_CHARS, ' ').replace(/\s+/g, ' ').trim();
}

/** Free text: control characters dropped, line endings normalised to `\n`, trimmed. */
export function cleanMultiline(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(CONTROL_CHARS, '').trim();
}

/** A required single-line text of at most `max` characters. */
export function requiredLine(max: number) {
  return z.string().overwrite(cleanLine).min(1, FIELD_MESSAGES.required).max(max, FIELD_MESSAGES.tooLong);
}

/** An optional single-line text ('' when left empty) of at most `max` characters. */
export function optionalLine(max: number) {
  return z.string().overwrite(cleanLine).max(max, FIELD_MESSAGES.tooLong).default('');
}

/** An e-mail address (trimmed, ≤ 254 characters). Stored as typed; compared case-insensitively. */
export const emailField = z
  .string()
  .overwrite(cleanLine)
  .min(1, FIELD_MESSAGES.required)
  .max(TEXT_LIMITS.email, FIELD_MESSAGES.tooLong)
  .pipe(z.email(FIELD_MESSAGES.invalidEmail));

/** True for a plausible phone number: digits, spaces, `+ ( ) . -`, at least 6 digits. */
export function isPhoneNumber(value: string): boolean {
  return /^\+?[\d\s().-]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 6;
}

/** A phone number; `required` decides whether '' is accepted. */
export function phoneField({ required }: { required: boolean }) {
  const base = z.string().overwrite(cleanLine).max(TEXT_LIMITS.phone, FIELD_MESSAGES.tooLong);
  return (required ? base.min(1, FIELD_MESSAGES.required) : base.default('')).refine(
    (value) => value === '' || isPhoneNumber(value),
    FIELD_MESSAGES.invalidPhone,
  );
}

/** A text field's value from a submitted form ('' when absent or a file), trimmed for echoing. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim().slice(0, ECHO_LIMIT) : '';
}

/** Every value of a multi-valued field (checkbox group, multiple select). */
export function formList(form: FormData, name: string): string[] {
  return form
    .getAll(name)
    .filter((value): value is string => typeof value === 'string')
    .map((value) => value.trim().slice(0, 100))
    .slice(0, 100);
}

/** Field errors keyed by field name; `form` holds a message about the whole submission. */
export type FieldErrors<Field extends string> = Partial<Record<Field | 'form', string>>;
