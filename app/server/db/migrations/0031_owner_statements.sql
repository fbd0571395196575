-- Decision 061: the monthly owner statement. One row per owner and month holds what the statement
-- says (its figures as JSON, in the owner's language at the time) and the SHA-256 of the PDF those
-- figures render to: the PDF is rendered from this row, deterministically, whenever it is
-- downloaded, so the document kept is the one e-mailed and its fingerprint can be checked.
CREATE TABLE "owner_statement" (
  "id" serial PRIMARY KEY NOT NULL,
  "owner_id" integer NOT NULL REFERENCES "owner"("id") ON DELETE CASCADE,
  "month" date NOT NULL,
  "locale" text DEFAULT 'en' NOT NULL,
  "content" jsonb NOT NULL,
  "sha256" text NOT NULL,
  "byte_size" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "emailed_at" timestamp with time zone,
  CONSTRAINT "owner_statement_first_day" CHECK (extract(day FROM "month") = 1),
  CONSTRAINT "owner_statement_locale_known" CHECK ("locale" IN ('en', 'it'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "owner_statement_owner_month_uq" ON "owner_statement" USING btree ("owner_id", "month");
