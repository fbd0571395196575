-- Decision 061: owners, their buildings' management agreements and the monthly settlement.
--
-- An owner is a person or a company holding one or more buildings (a building has one owner of
-- record, `building.owner_id`); an owner signs in with role `owner` once invited (the invitation
-- token is stored as its SHA-256, like a vendor's). A management agreement per building sets the
-- management fee (a percent of the income collected in the month, in basis points, and/or a flat
-- monthly fee, in cents), the reserve kept in trust, and the day of the month the previous month is
-- settled. A settlement row per building and month is written in the transaction that posts the
-- month's fee and distribution: its primary key is what makes "never twice for a month" a rule.
ALTER TYPE "public"."user_role" ADD VALUE IF NOT EXISTS 'owner' BEFORE 'property_manager';
--> statement-breakpoint
CREATE TABLE "owner" (
  "id" serial PRIMARY KEY NOT NULL,
  "kind" text DEFAULT 'person' NOT NULL,
  "name" text NOT NULL,
  "email" text NOT NULL,
  "phone" text,
  "locale" text DEFAULT 'en' NOT NULL,
  "user_id" text REFERENCES "user"("id") ON DELETE SET NULL,
  "invite_token_hash" text,
  "invite_expires_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "owner_kind_known" CHECK ("kind" IN ('person', 'company')),
  CONSTRAINT "owner_name_present" CHECK (length(btrim("name")) > 0),
  CONSTRAINT "owner_locale_known" CHECK ("locale" IN ('en', 'it'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "owner_email_uq" ON "owner" USING btree (lower("email"));
--> statement-breakpoint
CREATE UNIQUE INDEX "owner_user_uq" ON "owner" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "owner_invite_uq" ON "owner" USING btree ("invite_token_hash");
--> statement-breakpoint
CREATE INDEX "owner_name_idx" ON "owner" USING btree ("name", "id");
--> statement-breakpoint
ALTER TABLE "building" ADD COLUMN "owner_id" integer REFERENCES "owner"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "building_owner_idx" ON "building" USING btree ("owner_id", "name", "id");
--> statement-breakpoint
CREATE TABLE "management_agreement" (
  "building_id" integer PRIMARY KEY NOT NULL REFERENCES "building"("id") ON DELETE CASCADE,
  "fee_percent_bp" integer DEFAULT 0 NOT NULL,
  "flat_fee_cents" integer DEFAULT 0 NOT NULL,
  "reserve_cents" integer DEFAULT 0 NOT NULL,
  "distribution_day" smallint DEFAULT 10 NOT NULL,
  "starts_on" date NOT NULL,
  "updated_by" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "management_agreement_fee_percent_range" CHECK ("fee_percent_bp" BETWEEN 0 AND 10000),
  CONSTRAINT "management_agreement_flat_fee_range" CHECK ("flat_fee_cents" >= 0),
  CONSTRAINT "management_agreement_reserve_range" CHECK ("reserve_cents" >= 0),
  CONSTRAINT "management_agreement_day_range" CHECK ("distribution_day" BETWEEN 1 AND 28)
);
--> statement-breakpoint
CREATE TABLE "owner_settlement" (
  "building_id" integer NOT NULL REFERENCES "building"("id") ON DELETE CASCADE,
  "month" date NOT NULL,
  "owner_id" integer REFERENCES "owner"("id") ON DELETE SET NULL,
  "collected_cents" bigint NOT NULL,
  "fee_cents" bigint NOT NULL,
  "reserve_cents" bigint NOT NULL,
  "available_cents" bigint NOT NULL,
  "distribution_cents" bigint NOT NULL,
  "fee_entry_id" bigint,
  "distribution_entry_id" bigint,
  "settled_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "owner_settlement_pk" PRIMARY KEY ("building_id", "month"),
  CONSTRAINT "owner_settlement_first_day" CHECK (extract(day FROM "month") = 1),
  CONSTRAINT "owner_settlement_amounts" CHECK ("fee_cents" >= 0 AND "distribution_cents" >= 0 AND "collected_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX "owner_settlement_owner_idx" ON "owner_settlement" USING btree ("owner_id", "month");
