/**
 * Vendor applications (spec §2 /vendor-signup, DESIGN §4 `vendor`): a company applies, staff
 * review the application in /admin/vendors, and an approved vendor gets an account for the
 * vendor portal. Nothing here grants access.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { formatIsoDate } from '~/lib/format';
import { getT } from '~/i18n/translate.server';
import type { Language } from '~/lib/constants';
import type { Db } from '~/server/db/client.server';
import { vendor } from '~/server/db/schema';
import { translateIssues } from '~/server/http/form.server';
import type { FieldErrors } from '~/lib/form-fields';
import { earliestTodayIso, vendorSignupSchema, type VendorSignupField } from './vendors.schemas';
import { REAPPLY_AFTER_DAYS } from './vendor-admin.types';

/** When an applicant rejected at `decidedAt` may apply again. */
function reapplyDate(decidedAt: Date): Date {
  return new Date(decidedAt.getTime() + REAPPLY_AFTER_DAYS * 86_400_000);
}

export type VendorApplicationResult =
  { ok: true; vendorId: number } | { ok: false; status: 400 | 422; errors: FieldErrors<VendorSignupField> };

type SubmitVendorApplicationOptions = {
  db: Db;
  /** The form's fields (see `readVendorSignupForm`); validated here. */
  input: unknown;
  /** The applicant's language, for error messages. */
  locale: Language;
  /** "Today" as YYYY-MM-DD for the insurance check; defaults to the earliest date on Earth now. */
  today?: string;
  /** The moment of the application (when a rejected applicant may apply again). */
  now?: Date;
};

/**
 * Stores a vendor application as a `vendor` row with status `pending` (trades, countries and US
 * states as arrays, insurance expiry as an ISO date, the website normalised to an http(s) URL,
 * `locale` as the vendor's language for the e-mails that follow).
 *
 * Returns `status: 400` with field errors in `locale` for invalid input (insurance expiring in
 * the past included), and `status: 422` with a friendly message when the e-mail address (any
 * letter case) already has an application or a vendor record: pending, approved or suspended.
 *
 * A rejected applicant may apply again REAPPLY_AFTER_DAYS (30) after the decision — a company's
 * situation changes (a new licence, insurance), yet staff are not asked to review the same
 * application every day: the same row goes back to `pending` with the new answers (one record
 * per e-mail address, the rejection kept in the audit log). Sooner, the 422 names the date.
 * Serialised per address with an advisory lock, so a double submission cannot create two rows.
 * Database failures throw.
 */
export async function submitVendorApplication({
  db,
  input,
  locale,
  today = earliestTodayIso(),
  now = new Date(),
}: SubmitVendorApplicationOptions): Promise<VendorApplicationResult> {
  const parsed = vendorSignupSchema(today).safeParse(input);
  if (!parsed.success) {
    return { ok: false, status: 400, errors: translateIssues<VendorSignupField>(parsed.error, locale) };
  }
  const application = parsed.data;
  const address = application.email.toLowerCase();
  return db.transaction(async (tx): Promise<VendorApplicationResult> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`vendor:${address}`}))`);
    const [existing] = await tx
      .select({ id: vendor.id, status: vendor.status, reviewedAt: vendor.reviewedAt, updatedAt: vendor.updatedAt })
      .from(vendor)
      .where(sql`lower(${vendor.email}) = ${address}`)
      .orderBy(desc(vendor.createdAt))
      .limit(1);
    const values = {
      companyName: application.companyName,
      contactName: application.contactName,
      email: application.email,
      phone: application.phone,
      website: application.website || null,
      trades: application.trades,
      serviceCountries: application.serviceCountries,
      serviceStates: application.serviceStates,
      insuranceExpiry: application.insuranceExpiry || null,
      notes: application.notes || null,
      locale,
      status: 'pending' as const,
    };
    if (existing) {
      const reapplyFrom = existing.status === 'rejected' ? reapplyDate(existing.reviewedAt ?? existing.updatedAt) : null;
      if (reapplyFrom && reapplyFrom.getTime() <= now.getTime()) {
        await tx
          .update(vendor)
          .set({
            ...values,
            rejectionReason: null,
            reviewedAt: null,
            reviewedBy: null,
            insuranceVerifiedAt: null,
            insuranceVerifiedBy: null,
            createdAt: now,
            updatedAt: now,
          })
          .where(eq(vendor.id, existing.id));
        return { ok: true, vendorId: existing.id };
      }
      const t = getT(locale);
      return {
        ok: false,
        status: 422,
        errors: {
          form: t(
            `forms.vendor.duplicate.${existing.status}`,
            reapplyFrom ? { date: formatIsoDate(reapplyFrom.toISOString(), locale) } : {},
          ),
          email: t('forms.vendor.errors.emailTaken'),
        },
      };
    }
    const [row] = await tx.insert(vendor).values(values).returning({ id: vendor.id });
    if (!row) throw new Error('vendor insert returned no row');
    return { ok: true, vendorId: row.id };
  });
}
