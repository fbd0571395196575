/**
 * Card brands as people read them ("American Express", not the processor's `amex`), for receipts,
 * e-mails and the staff pages. Client-safe.
 */

/** The display name of each brand code the payment providers report. */
export const CARD_BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** The display name of brand code `brand`; an unknown code as it is; `fallback` when there is none. */
export function cardBrandName(brand: string | null | undefined, fallback: string): string {
  return CARD_BRAND_NAMES[brand ?? ''] ?? (brand || fallback);
}
