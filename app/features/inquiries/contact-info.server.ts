/**
 * /contact's office details from the settings of /admin/system (decision 019): read
 * from the per-process copy, so an admin's change shows on the next visit, on every instance,
 * without a restart.
 */
import { getT } from '~/i18n/translate.server';
import type { Language } from '~/lib/constants';
import { intlLocale } from '~/lib/i18n';
import { formatDayHours, OFFICE_DAY_GROUPS, type OfficeHours } from '~/lib/office-hours';
import type { Db } from '~/server/db/client.server';
import { currentSettings } from '~/server/settings/settings.server';
import type { ContactInfo } from './contact-info';

/** The company name, phone, e-mail, address and office hours in force. */
export async function loadContactInfo({ db }: { db: Db }): Promise<ContactInfo> {
  const settings = await currentSettings(db);
  return {
    companyName: settings.companyName,
    phone: settings.contactPhone,
    email: settings.contactEmail,
    address: settings.contactAddress,
    officeHours: settings.officeHours,
  };
}

/**
 * The open days and hours as one phrase for the page description: "Monday-Friday 9:00 AM-6:00 PM
 * and Saturday 10:00 AM-4:00 PM" / "lunedì-venerdì 9:00-18:00 e sabato 10:00-16:00".
 */
export function describeOfficeHours(hours: OfficeHours, lang: Language): string {
  const t = getT(lang);
  const parts = OFFICE_DAY_GROUPS.flatMap((group) => {
    const time = formatDayHours(hours[group], lang);
    if (!time) return [];
    const days = t(`forms.contact.hours.${group}`);
    return [`${lang === 'it' ? days.toLocaleLowerCase('it') : days} ${time}`];
  });
  if (parts.length === 0) return t('forms.contact.hours.closed').toLocaleLowerCase(intlLocale(lang));
  return new Intl.ListFormat(intlLocale(lang), { type: 'conjunction' }).format(parts);
}
