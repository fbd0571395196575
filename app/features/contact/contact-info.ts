/**
 * The office's contact details shown on /contact (spec §9 "Contact copy"). Client-safe.
 * The office hours themselves are translation keys (`forms.contact.hours.*`), written out per
 * language: Monday-Friday 9:00 AM-6:00 PM, Saturday 10:00 AM-4:00 PM.
 */

/** Public phone and e-mail of the leasing office. Replace with the company's real ones. */
export const CONTACT_CHANNELS = {
  phone: '+1 (800) 555-0142',
  phoneHref: 'tel:+18005550142',
  email: 'hello@dimora.example',
} as const;

/** spec §9: we reply within 24 hours. */
export const REPLY_WITHIN_HOURS = 24;
