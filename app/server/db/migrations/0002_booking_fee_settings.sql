-- Fee rules of the booking flow (DESIGN §4): application fee $50 and a security deposit of one
-- month's rent, kept as editable settings (/admin/system). Existing values are never overwritten.
INSERT INTO "setting" ("key", "value") VALUES ('booking.application_fee_cents', '5000'::jsonb) ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
INSERT INTO "setting" ("key", "value") VALUES ('booking.deposit_months', '1'::jsonb) ON CONFLICT ("key") DO NOTHING;
