-- Hosted checkouts (decision 049): one row per Stripe Checkout Session (or sandbox stand-in
-- session) opened for a pending payment, an application's attempt, or to save a card for autopay (hand-written; keep when renumbering). See
-- `checkoutSession` in schema.ts.
CREATE TYPE "public"."checkout_status" AS ENUM('open', 'complete', 'expired');--> statement-breakpoint
CREATE TABLE "checkout_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"payment_id" integer,
	"provider" text NOT NULL,
	"provider_key" text NOT NULL,
	"session_ref" text,
	"url" text,
	"payer_id" text,
	"lease_id" integer,
	"amount_cents" integer NOT NULL,
	"day_of_month" integer,
	"status" "checkout_status" DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_session_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "checkout_session_provider_key_unique" UNIQUE("provider_key"),
	CONSTRAINT "checkout_session_purpose_known" CHECK ("checkout_session"."purpose" IN ('payment', 'application', 'autopay_setup')),
	CONSTRAINT "checkout_session_payment_has_amount" CHECK (("checkout_session"."purpose" <> 'autopay_setup') = ("checkout_session"."payment_id" IS NOT NULL AND "checkout_session"."amount_cents" > 0)),
	CONSTRAINT "checkout_session_setup_has_day" CHECK ("checkout_session"."purpose" <> 'autopay_setup' OR "checkout_session"."day_of_month" BETWEEN 1 AND 28)
);--> statement-breakpoint
ALTER TABLE "checkout_session" ADD CONSTRAINT "checkout_session_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_session" ADD CONSTRAINT "checkout_session_payer_id_user_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_session" ADD CONSTRAINT "checkout_session_lease_id_lease_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."lease"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_session_ref_idx" ON "checkout_session" USING btree ("provider","session_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_session_one_open_idx" ON "checkout_session" USING btree ("lease_id","payer_id","purpose") WHERE "checkout_session"."status" = 'open';--> statement-breakpoint
CREATE INDEX "checkout_session_open_expiry_idx" ON "checkout_session" USING btree ("expires_at") WHERE "checkout_session"."status" = 'open';
