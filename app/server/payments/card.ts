/**
 * Card-number helpers: reading a card typed on the sandbox's hosted checkout page and checking it
 * as a processor would (digits, Luhn, brand, expiry MM/YY, CVC), and spotting card numbers typed
 * into the booking form's free text. Pure and free of server dependencies (no `.server` suffix),
 * so a client-safe schema may import it.
 *
 * Card numbers and CVCs pass through these functions in memory only; nothing here stores, logs
 * or returns them beyond the last four digits (DESIGN §5: "never stored: brand, last 4").
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

/** Shortest and longest card numbers (ISO/IEC 7812 primary account numbers). */
export const CARD_NUMBER_MIN_DIGITS = 12;
export const CARD_NUMBER_MAX_DIGITS = 19;

/**
 * The digits of a typed card number, with the spaces and dashes people type removed. Returns
 * null when anything else is in it (letters, dots) or the length is out of range.
 */
export function cardDigits(input: string): string | null {
  const trimmed = input.trim();
  if (!/^[\d\s-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/[\s-]/g, '');
  return digits.length >= CARD_NUMBER_MIN_DIGITS && digits.length <= CARD_NUMBER_MAX_DIGITS ? digits : null;
}

/** True when a string of digits passes the Luhn (mod 10) check. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let digit = digits.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The card network of a number, from its leading digits (IIN ranges). */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|64[4-9]|65)/.test(digits)) return 'discover';
  if (/^(36|30[0-5]|38|39)/.test(digits)) return 'diners';
  if (/^35(2[89]|[3-8]\d)/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** The last four digits: the only part of a card number Dimora keeps. */
export function cardLast4(digits: string): string {
  return digits.slice(-4);
}

/** An expiry as typed ("MM/YY", spaces allowed around the slash) → month 1–12 and 4-digit year. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(input);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** True when a card is still valid in the month of `now` (cards expire after their last day, UTC). */
export function expiryIsCurrent(expiry: { month: number; year: number }, now: Date): boolean {
  return expiry.year * 12 + expiry.month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/** A CVC: 3 digits (4 on American Express; either is accepted). */
export function isCvc(input: string): boolean {
  return /^\d{3,4}$/.test(input.trim());
}

// A run of digit groups separated by single spaces or dashes ("4242 4242 4242 4242").
const DIGIT_RUN = /\d+(?:[ -]\d+)*/g;

/**
 * The card numbers inside one run of digit groups: any consecutive groups holding 13–19 digits
 * that pass the Luhn check, as [start, end) offsets in the run. Checking whole groups (not every
 * window of digits) keeps long references and phone numbers from matching by chance.
 */
function cardSpans(run: string): Array<[number, number]> {
  const groups = [...run.matchAll(/\d+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length, digits: m[0] }));
  const spans: Array<[number, number]> = [];
  for (let i = 0; i < groups.length; i += 1) {
    let digits = '';
    for (let j = i; j < groups.length; j += 1) {
      digits += groups[j]!.digits;
      if (digits.length > CARD_NUMBER_MAX_DIGITS) break;
      if (digits.length >= 13 && passesLuhn(digits)) spans.push([groups[i]!.start, groups[j]!.end]);
    }
  }
  return spans;
}

/** True when free text holds something that is a card number (a Luhn-valid run of 13–19 digits). */
export function containsCardNumber(text: string): boolean {
  for (const match of text.matchAll(DIGIT_RUN)) {
    if (cardSpans(match[0]).length > 0) return true;
  }
  return false;
}

/** Free text with every card number in it replaced by `replacement`. */
export function redactCardNumbers(text: string, replacement = '[…]'): string {
  return text.replace(DIGIT_RUN, (run) => {
    const spans = cardSpans(run);
    if (spans.length === 0) return run;
    const hidden = new Array<boolean>(run.length).fill(false);
    for (const [start, end] of spans) for (let k = start; k < end; k += 1) hidden[k] = true;
    let out = '';
    for (let k = 0; k < run.length; k += 1) {
      if (!hidden[k]) out += run[k];
      else if (k === 0 || !hidden[k - 1]) out += replacement;
    }
    return out;
  });
}
