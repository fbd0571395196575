/**
 * The two cookies of the booking flow (decision 009):
 *
 * - `booking_draft` keeps the applicant's answers across steps and reloads: the property id, the
 *   non-card fields as typed, and the submission's idempotency key once the confirmation step
 *   was reached. One draft at a time; starting on another home keeps only the contact details.
 *   It never holds card data, and everything read from it is validated again like a form post.
 * - `booking_receipts` lists the applications this browser submitted as (reference, idempotency
 *   key) pairs: /payment-success shows a receipt only when the key matches the application's,
 *   so a guessed reference reveals nothing.
 *
 * Both are httpOnly, SameSite=Lax, Secure on https, base64url JSON.
 */
import { randomUUID } from 'node:crypto';
import { parseCookies } from '~/lib/cookies';
import { DETAILS_FIELDS, type DraftValues } from './booking.fields';
import { idempotencyKeySchema, keepableValues } from './booking.schemas';
import { isApplicationReference } from './application-payments.server';

export const DRAFT_COOKIE = 'booking_draft';
export const RECEIPTS_COOKIE = 'booking_receipts';
/** A draft lasts a day after the last step saved. */
const DRAFT_MAX_AGE_S = 24 * 60 * 60;
/** Receipts stay viewable from this browser for 90 days. */
const RECEIPTS_MAX_AGE_S = 90 * 24 * 60 * 60;
const RECEIPTS_KEPT = 10;
/** Browsers keep cookies up to 4096 bytes (name + value); the draft stays below with room to spare. */
const DRAFT_VALUE_MAX = 3_900;

export type BookingDraft = {
  propertyId: number;
  values: DraftValues;
  /** The idempotency key of this draft's submission, once the confirmation step was reached. */
  submissionKey: string | null;
};

type CookieOptions = { secure: boolean };

/** A fresh idempotency key for a submission (a random UUID). */
export function newSubmissionKey(): string {
  return randomUUID();
}

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function decode(value: string | undefined): unknown {
  if (!value || value.length > 8_000) return null;
  try {
    return JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

function serialize(name: string, value: string, maxAgeS: number, path: string, { secure }: CookieOptions): string {
  return `${name}=${value}; Path=${path}; Max-Age=${maxAgeS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Cookies are Secure when the site is served over https. */
export function cookieOptions(publicUrl: string): CookieOptions {
  return { secure: publicUrl.startsWith('https:') };
}

/**
 * The draft for `propertyId` from the request's cookie: an empty draft when there is none; a
 * draft of another home contributes only its contact details. Never throws.
 */
export function readDraft(request: Request, propertyId: number): BookingDraft {
  const raw = decode(parseCookies(request.headers.get('cookie'))[DRAFT_COOKIE]);
  const empty: BookingDraft = { propertyId, values: {}, submissionKey: null };
  if (!raw || typeof raw !== 'object') return empty;
  const { p, v, k } = raw as { p?: unknown; v?: unknown; k?: unknown };
  const values = v && typeof v === 'object' ? keepableValues(v as Record<string, unknown>) : {};
  if (p !== propertyId) {
    const contact = keepableValues(
      values,
      DETAILS_FIELDS.filter((field) => field !== 'specialRequests'),
    );
    return { ...empty, values: contact };
  }
  return { propertyId, values, submissionKey: idempotencyKeySchema.safeParse(k).success ? (k as string) : null };
}

/** The `Set-Cookie` value that saves a draft (Path=/booking, so only the flow receives it). */
export function draftCookie(draft: BookingDraft, options: CookieOptions): string {
  const values = keepableValues(draft.values);
  let value = encode({ p: draft.propertyId, v: values, k: draft.submissionKey });
  if (value.length > DRAFT_VALUE_MAX) {
    // Only reachable with every field at its limit in three-byte characters: the special
    // requests still travel between steps in the form's hidden fields, only a reload loses them.
    const { specialRequests: _dropped, ...rest } = values;
    value = encode({ p: draft.propertyId, v: rest, k: draft.submissionKey });
  }
  return serialize(DRAFT_COOKIE, value, DRAFT_MAX_AGE_S, '/booking', options);
}

/** The `Set-Cookie` value that deletes the draft (after a completed application). */
export function clearDraftCookie(options: CookieOptions): string {
  return serialize(DRAFT_COOKIE, '', 0, '/booking', options);
}

export type Receipt = { reference: string; key: string };

/** The (reference, idempotency key) pairs this browser holds, newest first. Never throws. */
export function readReceipts(request: Request): Receipt[] {
  const raw = decode(parseCookies(request.headers.get('cookie'))[RECEIPTS_COOKIE]);
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(
      (entry): entry is [string, string] =>
        Array.isArray(entry) && isApplicationReference(entry[0]) && idempotencyKeySchema.safeParse(entry[1]).success,
    )
    .slice(0, RECEIPTS_KEPT)
    .map(([reference, key]) => ({ reference, key }));
}

/** The `Set-Cookie` value adding `receipt` to those the browser holds (the 10 newest are kept). */
export function receiptsCookie(request: Request, receipt: Receipt, options: CookieOptions): string {
  const kept = [receipt, ...readReceipts(request).filter((entry) => entry.reference !== receipt.reference)].slice(0, RECEIPTS_KEPT);
  // Path=/ because client-side navigations load `/payment-success.data`, outside a narrower path.
  return serialize(RECEIPTS_COOKIE, encode(kept.map((entry) => [entry.reference, entry.key])), RECEIPTS_MAX_AGE_S, '/', options);
}
