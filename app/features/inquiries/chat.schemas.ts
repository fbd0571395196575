/**
 * Live chat inputs (decision 012; DESIGN §5 "our own live chat"): a visitor's message
 * (and, for the first one, their name and e-mail address) and a staff reply. Every message is
 * plain text, trimmed, 1–2,000 characters, stored as typed and rendered escaped by React.
 * Client-safe, but the widget on every page imports only `chat.types.ts` (no zod in its bundle).
 */
import { z } from 'zod';
import { FIELD_MESSAGES, TEXT_LIMITS, cleanMultiline, emailField, requiredLine } from '~/lib/form-fields';
import { CHAT_MESSAGE_MAX } from './chat.types';
import { INT4_MAX } from '~/lib/ids';

/** A message body: control characters dropped, line endings normalised, trimmed, 1–2,000 characters. */
export const chatBodyField = z
  .string({ error: FIELD_MESSAGES.required })
  .overwrite(cleanMultiline)
  .min(1, FIELD_MESSAGES.required)
  .max(CHAT_MESSAGE_MAX, FIELD_MESSAGES.tooLong);

/** A client id: the UUID the browser made for one message, so a resend is stored once. */
const clientIdField = z.uuid({ error: FIELD_MESSAGES.invalid }).optional();

/** A visitor's message. `threadId` names one of their own threads (default: their latest). */
export const visitorMessageSchema = z.object({
  body: chatBodyField,
  clientId: clientIdField,
  threadId: z.number().int().positive().max(INT4_MAX).optional(),
});

/** Who the visitor is; asked with the first message of an anonymous visitor only. */
export const chatStarterSchema = z.object({
  name: requiredLine(TEXT_LIMITS.name),
  email: emailField,
});

/** A staff member's reply in the inbox. */
export const staffReplySchema = z.object({
  body: chatBodyField,
  clientId: clientIdField,
});

export type VisitorMessageInput = z.input<typeof visitorMessageSchema> & { name?: unknown; email?: unknown };
export type ChatField = 'body' | 'name' | 'email' | 'clientId' | 'threadId' | 'form';
