/**
 * The /contact form (spec §2 "Contact, with FAQ"): name, e-mail, optional phone, topic, message
 * and an optional property id when the visitor came from a listing. Client-safe.
 */
import { z } from 'zod';
import { FIELD_MESSAGES, TEXT_LIMITS, cleanMultiline, emailField, formText, phoneField, requiredLine } from '~/lib/form-fields';
import { parseId } from '~/lib/ids';

export const CONTACT_TOPICS = ['leasing', 'maintenance', 'vendor', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** A message shorter than this cannot say what the visitor needs. */
export const CONTACT_MESSAGE_MIN = 10;

/** Parses a `{digits}` property id; anything else (or beyond int range) is "no property". */
export function parsePropertyParam(raw: string | null | undefined): number | undefined {
  return parseId(raw) ?? undefined;
}

export function isContactTopic(value: unknown): value is ContactTopic {
  return typeof value === 'string' && (CONTACT_TOPICS as readonly string[]).includes(value);
}

export const contactInquirySchema = z.object({
  name: requiredLine(TEXT_LIMITS.name),
  email: emailField,
  phone: phoneField({ required: false }),
  topic: z.enum(CONTACT_TOPICS, { error: 'forms.contact.errors.topic' }),
  message: z
    .string()
    .overwrite(cleanMultiline)
    .min(1, FIELD_MESSAGES.required)
    .min(CONTACT_MESSAGE_MIN, FIELD_MESSAGES.tooShort)
    .max(TEXT_LIMITS.message, FIELD_MESSAGES.tooLong),
  // A stale or tampered id is not the visitor's fault: it is dropped, never an error.
  property: z
    .string()
    .optional()
    .transform((value) => parsePropertyParam(value)),
});

export type ContactInquiryInput = z.input<typeof contactInquirySchema>;
export type ContactField = keyof ContactInquiryInput;

/** What the visitor typed, as strings, to parse and to put back into the form on an error. */
export type ContactFormValues = Record<ContactField, string>;

export function readContactForm(form: FormData): ContactFormValues {
  return {
    name: formText(form, 'name'),
    email: formText(form, 'email'),
    phone: formText(form, 'phone'),
    topic: formText(form, 'topic'),
    message: formText(form, 'message'),
    property: formText(form, 'property'),
  };
}
