/**
 * Money typed into forms. Client-safe; every dollar field (fees in /admin/system, refunds,
 * charges, offline payments, Pay now, renewal rent) parses through `parseDollars`, so they all
 * accept the same things.
 */

/**
 * Dollars as typed → integer cents, computed on the digits (no float rounding): "12.50", "$1,250",
 * "75", "1,250.50", and the Italian "12,50" or "1.250,50" (a comma followed by one or two digits at
 * the end is a decimal comma; dots are then thousands). Null for anything else: letters, a sign,
 * exponents, more than two decimals, more than nine digits of dollars.
 */
export function parseDollars(text: string): number | null {
  const compact = text.replace(/[\s$]/g, '');
  const cleaned = /,\d{1,2}$/.test(compact) ? compact.replace(/\./g, '').replace(',', '.') : compact.replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * Integer cents (≥ 0) as the dollars a form field shows and `parseDollars` reads back: 125050 →
 * "1250.50" (no thousands separator, two decimals, no float rounding).
 */
export function centsToDollarsText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
