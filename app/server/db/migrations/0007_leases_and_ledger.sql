CREATE TYPE "public"."charge_kind" AS ENUM('rent', 'late_fee', 'deposit', 'application_fee', 'utility', 'other', 'credit');--> statement-breakpoint
CREATE TYPE "public"."charge_status" AS ENUM('open', 'paid', 'void');--> statement-breakpoint
CREATE TYPE "public"."lease_tenant_role" AS ENUM('primary', 'co_tenant');--> statement-breakpoint
CREATE TYPE "public"."payment_method_kind" AS ENUM('card', 'autopay', 'check', 'cash', 'bank_transfer');--> statement-breakpoint
ALTER TYPE "public"."application_status" ADD VALUE 'payment_failed';--> statement-breakpoint
ALTER TYPE "public"."application_status" ADD VALUE 'expired';--> statement-breakpoint
CREATE TABLE "autopay" (
	"id" serial PRIMARY KEY NOT NULL,
	"lease_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"payment_method_token" text NOT NULL,
	"customer_ref" text,
	"card_brand" text,
	"card_last4" text,
	"day_of_month" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_period" text,
	"retry_at" date,
	"last_failure" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autopay_day_range" CHECK ("autopay"."day_of_month" BETWEEN 1 AND 28)
);
--> statement-breakpoint
CREATE TABLE "charge" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lease_id" integer NOT NULL,
	"kind" charge_kind NOT NULL,
	"amount_cents" integer NOT NULL,
	"allocated_cents" integer DEFAULT 0 NOT NULL,
	"due_date" date NOT NULL,
	"period" text NOT NULL,
	"description" text,
	"status" charge_status DEFAULT 'open' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charge_amount_positive" CHECK ("charge"."amount_cents" > 0),
	CONSTRAINT "charge_allocated_within" CHECK ("charge"."allocated_cents" >= 0 AND "charge"."allocated_cents" <= "charge"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "lease_tenant" (
	"id" serial PRIMARY KEY NOT NULL,
	"lease_id" integer NOT NULL,
	"role" "lease_tenant_role" NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"user_id" text,
	"signed_at" timestamp with time zone,
	"signature_name" text,
	"signature_ip" text,
	"signature_user_agent" text,
	"document_sha256" text,
	"document_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_allocation" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"charge_id" bigint NOT NULL,
	"payment_id" integer,
	"credit_id" bigint,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_allocation_one_source" CHECK (("ledger_allocation"."payment_id" IS NULL) <> ("ledger_allocation"."credit_id" IS NULL)),
	CONSTRAINT "ledger_allocation_positive" CHECK ("ledger_allocation"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "refund" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider_ref" text,
	"reason" text,
	"idempotency_key" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refund_amount_positive" CHECK ("refund"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "lease" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "lease" ALTER COLUMN "status" SET DEFAULT 'draft'::text;--> statement-breakpoint
-- Leases created by approval before this migration were `pending`: they are drafts now.
UPDATE "lease" SET "status" = 'draft' WHERE "status" = 'pending';--> statement-breakpoint
DROP TYPE "public"."lease_status";--> statement-breakpoint
CREATE TYPE "public"."lease_status" AS ENUM('draft', 'sent', 'signed', 'active', 'ended', 'terminated');--> statement-breakpoint
ALTER TABLE "lease" ALTER COLUMN "status" SET DEFAULT 'draft'::"public"."lease_status";--> statement-breakpoint
ALTER TABLE "lease" ALTER COLUMN "status" SET DATA TYPE "public"."lease_status" USING "status"::"public"."lease_status";--> statement-breakpoint
DROP INDEX "lease_property_idx";--> statement-breakpoint
DROP INDEX "payment_lease_idx";--> statement-breakpoint
ALTER TABLE "lease" ADD COLUMN "renewal_of_id" integer;--> statement-breakpoint
ALTER TABLE "lease" ADD COLUMN "due_at_signing_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lease" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "lease" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lease" ADD COLUMN "sign_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lease" ADD COLUMN "countersigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lease" ADD COLUMN "countersigned_by" text;--> statement-breakpoint
ALTER TABLE "lease" ADD COLUMN "move_out_date" date;--> statement-breakpoint
ALTER TABLE "lease" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lease" ADD COLUMN "deposit_deductions" jsonb;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "building_id" integer;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "method" "payment_method_kind" DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payment" SET "building_id" = pr."building_id", "settled_at" = CASE WHEN "payment"."status" = 'succeeded' THEN "payment"."updated_at" END
  FROM "application" a JOIN "property" pr ON pr."id" = a."property_id" WHERE a."id" = "payment"."application_id";--> statement-breakpoint
UPDATE "lease" SET "due_at_signing_cents" = a."due_at_signing_cents", "locale" = a."locale" FROM "application" a WHERE a."id" = "lease"."application_id";--> statement-breakpoint
ALTER TABLE "autopay" ADD CONSTRAINT "autopay_lease_id_lease_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."lease"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay" ADD CONSTRAINT "autopay_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge" ADD CONSTRAINT "charge_lease_id_lease_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."lease"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge" ADD CONSTRAINT "charge_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_tenant" ADD CONSTRAINT "lease_tenant_lease_id_lease_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."lease"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_tenant" ADD CONSTRAINT "lease_tenant_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_tenant" ADD CONSTRAINT "lease_tenant_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_allocation" ADD CONSTRAINT "ledger_allocation_charge_id_charge_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charge"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_allocation" ADD CONSTRAINT "ledger_allocation_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_allocation" ADD CONSTRAINT "ledger_allocation_credit_id_charge_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."charge"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_active_lease_uq" ON "autopay" USING btree ("lease_id") WHERE "autopay"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "charge_scheduled_uq" ON "charge" USING btree ("lease_id","kind","period") WHERE "charge"."kind" IN ('rent', 'late_fee', 'deposit', 'application_fee');--> statement-breakpoint
CREATE INDEX "charge_lease_due_idx" ON "charge" USING btree ("lease_id","due_date","id");--> statement-breakpoint
CREATE INDEX "charge_open_rent_idx" ON "charge" USING btree ("due_date") WHERE "charge"."status" = 'open' AND "charge"."kind" = 'rent';--> statement-breakpoint
CREATE UNIQUE INDEX "lease_tenant_email_uq" ON "lease_tenant" USING btree ("lease_id","email");--> statement-breakpoint
CREATE INDEX "lease_tenant_user_idx" ON "lease_tenant" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lease_tenant_email_idx" ON "lease_tenant" USING btree ("email");--> statement-breakpoint
CREATE INDEX "ledger_allocation_charge_idx" ON "ledger_allocation" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "ledger_allocation_payment_idx" ON "ledger_allocation" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_allocation_credit_idx" ON "ledger_allocation" USING btree ("credit_id");--> statement-breakpoint
CREATE INDEX "refund_payment_idx" ON "refund" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refund_created_idx" ON "refund" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "lease" ADD CONSTRAINT "lease_countersigned_by_user_id_fk" FOREIGN KEY ("countersigned_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_building_id_building_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."building"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lease_status_end_idx" ON "lease" USING btree ("status","end_date");--> statement-breakpoint
CREATE INDEX "payment_provider_ref_idx" ON "payment" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "payment_created_idx" ON "payment" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_status_created_idx" ON "payment" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_building_created_idx" ON "payment" USING btree ("building_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_method_created_idx" ON "payment" USING btree ("method","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_kind_created_idx" ON "payment" USING btree ("kind","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lease_property_idx" ON "lease" USING btree ("property_id","start_date");--> statement-breakpoint
CREATE INDEX "payment_lease_idx" ON "payment" USING btree ("lease_id","created_at");--> statement-breakpoint
ALTER TABLE "lease" ADD CONSTRAINT "lease_dates_ordered" CHECK ("lease"."end_date" >= "lease"."start_date");--> statement-breakpoint
ALTER TABLE "lease" ADD CONSTRAINT "lease_money_nonnegative" CHECK ("lease"."monthly_rent_cents" > 0 AND "lease"."deposit_cents" >= 0 AND "lease"."due_at_signing_cents" >= 0);--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_refund_within_amount" CHECK ("payment"."refunded_cents" >= 0 AND "payment"."refunded_cents" <= "payment"."amount_cents");