/**
 * Reading a posted form (decision 004, decision 037): the body as FormData (400 when it is not
 * one), its text fields, zod issues → one translated message per field, and whether the browser
 * posted the form itself (JavaScript off) or a script did. The page protocol
 * (`form-action.server.ts`) is built on these; a route may use them alone for a one-field form.
 */
import { data } from 'react-router';
import type { z } from 'zod';
import { getT } from '~/i18n/translate.server';
import type { Language } from '~/lib/constants';
import { FIELD_MESSAGES, type FieldErrors } from '~/lib/form-fields';

// A translation key: a locale file's name, then a dotted path (zod's own messages contain spaces).
const TRANSLATION_KEY = /^[a-zA-Z][\w-]*\.[\w.]+$/;

/**
 * Turns a zod error into one message per field, in `locale`. The first issue of a field wins.
 * Schemas carry translation keys as messages; `{{max}}` / `{{min}}` come from the issue.
 * A missing field (`invalid_type`) reads as "required"; any other message that is not a key
 * becomes the generic "invalid value".
 */
export function translateIssues<Field extends string>(error: z.ZodError, locale: Language): FieldErrors<Field> {
  const t = getT(locale);
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : 'form';
    if (errors[field]) continue;
    const key =
      issue.code === 'invalid_type'
        ? FIELD_MESSAGES.required
        : TRANSLATION_KEY.test(issue.message)
          ? issue.message
          : FIELD_MESSAGES.invalid;
    const max = 'maximum' in issue ? Number(issue.maximum) : undefined;
    const min = 'minimum' in issue ? Number(issue.minimum) : undefined;
    errors[field] = t(key, { max, min });
  }
  return errors as FieldErrors<Field>;
}

/** `translateIssues` without the fields that have no message: what an `ActionFailure` carries. */
export function fieldErrors(error: z.ZodError, locale: Language): Record<string, string> {
  return Object.fromEntries(
    Object.entries(translateIssues(error, locale)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * The text fields of a form, one value a name (the last, as `Object.fromEntries` keeps it); files
 * are left out. Read repeated names (check-box groups) with `form.getAll`.
 */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
  return fields;
}

/**
 * True when the browser posted the form itself (JavaScript off): then a success answers with a
 * 303 redirect, so a reload does not post again. An enhanced (fetch) post gets data and shows a
 * toast. Browsers send `Sec-Fetch-Mode: navigate` only for document navigations.
 */
export function isDocumentPost(request: Request): boolean {
  return request.headers.get('sec-fetch-mode') === 'navigate';
}

/**
 * The submitted form of a POST. A body that is not form data (wrong Content-Type, broken
 * multipart) is the client's mistake: it answers 400, never a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ ok: false, errors: { form: 'Bad request: expected form data.' } }, { status: 400 });
  }
}
