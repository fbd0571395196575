/**
 * The office's contact details shown on /contact (spec §9 "Contact copy"). Phone, e-mail,
 * address, company name and office hours are settings edited in /admin/system (decision 019; defaults in `app/server/settings/settings-registry.server.ts`). Client-safe.
 */
import type { OfficeHours } from '~/lib/office-hours';

/** What /contact shows about the office, from the settings. */
export type ContactInfo = {
  companyName: string;
  phone: string;
  email: string;
  /** '' when none is stored (then not shown). */
  address: string;
  officeHours: OfficeHours;
};

/** spec §9: we reply within 24 hours. */
export const REPLY_WITHIN_HOURS = 24;

/** A `tel:` link for a phone number as typed: "+1 (800) 555-0142" → "tel:+18005550142". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
