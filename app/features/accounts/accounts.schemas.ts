/**
 * zod inputs of the account forms (spec §2 /auth and /auth/forgot, §5), shared by the forms and
 * their actions. Messages are translation keys; the spec's texts are the English values.
 * Client-safe.
 */
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '~/lib/constants';
import { FIELD_MESSAGES, TEXT_LIMITS, emailField, formText, optionalLine, phoneField, requiredLine } from '~/lib/form-fields';

export { MAX_PASSWORD_LENGTH };
/** Roles a visitor may register as (DESIGN §5): staff roles are granted by an admin. */
export const SIGN_UP_ROLES = ['tenant', 'vendor'] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];

/** spec §5 / §8: the forgot-password screen's messages. */
export const RESET_MESSAGES = {
  emailRequired: 'auth.forgot.errors.emailRequired',
  fillAll: 'auth.forgot.errors.fillAll',
  tooShort: 'auth.forgot.errors.tooShort',
  mismatch: 'auth.forgot.errors.mismatch',
  /** Decision 023: the policy's upper bound, on every new-password field. */
  tooLong: 'auth.password.errors.tooLong',
} as const;

const password = z.string().min(1, FIELD_MESSAGES.required).max(MAX_PASSWORD_LENGTH, FIELD_MESSAGES.tooLong);

export const signInSchema = z.object({
  email: emailField,
  password,
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z
  .object({
    email: emailField,
    password: z
      .string()
      .min(1, FIELD_MESSAGES.required)
      .min(MIN_PASSWORD_LENGTH, RESET_MESSAGES.tooShort)
      .max(MAX_PASSWORD_LENGTH, RESET_MESSAGES.tooLong),
    fullName: requiredLine(TEXT_LIMITS.name),
    role: z.enum(SIGN_UP_ROLES, 'auth.register.errors.role'),
    companyName: optionalLine(TEXT_LIMITS.name),
    phone: phoneField({ required: false }),
    address: optionalLine(300),
  })
  .refine((value) => value.role !== 'vendor' || value.companyName !== '', {
    path: ['companyName'],
    message: 'auth.register.errors.companyRequired',
  });
export type SignUpInput = z.infer<typeof signUpSchema>;

/** spec §5 request mode: the e-mail must not be empty after trimming. */
export const forgotSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, RESET_MESSAGES.emailRequired)
    .max(TEXT_LIMITS.email, FIELD_MESSAGES.tooLong)
    .pipe(z.email(FIELD_MESSAGES.invalidEmail)),
});

/** A new password typed twice (reset and change forms); the length is checked by `checkNewPassword`. */
const NEW_PASSWORD_FIELDS = {
  password: z.string().max(MAX_PASSWORD_LENGTH, RESET_MESSAGES.tooLong),
  confirmPassword: z.string().max(MAX_PASSWORD_LENGTH, RESET_MESSAGES.tooLong),
};

/** Decision 023: both fields given, at least `MIN_PASSWORD_LENGTH` characters, the same twice (the first failure only). */
function checkNewPassword(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx): void {
  if (!value.password || !value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['form'], message: RESET_MESSAGES.fillAll });
  } else if (value.password.length < MIN_PASSWORD_LENGTH) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: RESET_MESSAGES.tooShort });
  } else if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: RESET_MESSAGES.mismatch });
  }
}

/** spec §5 reset mode: both fields, at least 8 characters (decision 023), the same twice. */
export const resetSchema = z
  .object({
    token: z.string().trim().min(1, 'auth.reset.errors.invalidToken').max(512, 'auth.reset.errors.invalidToken'),
    ...NEW_PASSWORD_FIELDS,
  })
  .superRefine(checkNewPassword);

/** Decision 023: the change-password form's messages. */
export const CHANGE_MESSAGES = {
  currentRequired: 'auth.change.errors.currentRequired',
  wrongPassword: 'auth.change.errors.wrongPassword',
} as const;

/**
 * /account/password (decision 023): the current password, and a new one given twice, at least 8
 * characters (the server's policy checks the rest).
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, CHANGE_MESSAGES.currentRequired).max(MAX_PASSWORD_LENGTH, FIELD_MESSAGES.tooLong),
    ...NEW_PASSWORD_FIELDS,
  })
  .superRefine(checkNewPassword);

/**
 * The reset form's client-side rule (spec §5): Update Password stays disabled while busy, when
 * the passwords differ, or when the password is shorter than 8 characters (decision 023).
 */
export function canSubmitReset({ password, confirmPassword, busy }: { password: string; confirmPassword: string; busy: boolean }) {
  return !busy && password.length >= MIN_PASSWORD_LENGTH && password === confirmPassword;
}

/** The submitted values of a form as strings, for validation and echoing (passwords excluded by callers). */
export function readForm<Field extends string>(form: FormData, fields: readonly Field[]): Record<Field, string> {
  return Object.fromEntries(
    fields.map((field) => [
      field,
      field.toLowerCase().includes('password') ? String(form.get(field) ?? '').slice(0, MAX_PASSWORD_LENGTH + 1) : formText(form, field),
    ]),
  ) as Record<Field, string>;
}
