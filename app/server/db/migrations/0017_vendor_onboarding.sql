-- Vendor onboarding (decision 030): the language a vendor applied in, so the e-mails
-- sent before the vendor has an account (invitation, rejection) and after (reminders) are in it.
-- Existing rows read as English. A vendor search by company name or e-mail (/admin/vendors) is
-- small enough (one row per company) to need no index of its own.
ALTER TABLE "vendor" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;
