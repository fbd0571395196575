-- Disputes (chargebacks) reported by Stripe's webhook, one row per provider dispute (hand-written;
-- keep when renumbering). See `paymentDispute` in schema.ts.
CREATE TABLE "payment_dispute" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"provider_ref" text NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_dispute_provider_ref_unique" UNIQUE("provider_ref"),
	CONSTRAINT "payment_dispute_amount_positive" CHECK ("payment_dispute"."amount_cents" > 0)
);--> statement-breakpoint
ALTER TABLE "payment_dispute" ADD CONSTRAINT "payment_dispute_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_dispute_payment_idx" ON "payment_dispute" USING btree ("payment_id");
