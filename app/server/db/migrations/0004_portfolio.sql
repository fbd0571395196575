CREATE TYPE "public"."document_kind" AS ENUM('photo', 'coi', 'w9', 'lease_pdf', 'receipt', 'invoice', 'attachment');--> statement-breakpoint
CREATE TYPE "public"."listing_alert_frequency" AS ENUM('immediate', 'daily');--> statement-breakpoint
CREATE TABLE "building" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"street_address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"year_built" integer,
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_it" text,
	"image_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"manager_id" text,
	"units_total" integer DEFAULT 0 NOT NULL,
	"units_available" integer DEFAULT 0 NOT NULL,
	"units_leased" integer DEFAULT 0 NOT NULL,
	"units_maintenance" integer DEFAULT 0 NOT NULL,
	"units_listed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "building_year_built_range" CHECK ("building"."year_built" IS NULL OR "building"."year_built" BETWEEN 1700 AND 2100)
);
--> statement-breakpoint
CREATE TABLE "document" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" text NOT NULL,
	"kind" "document_kind" NOT NULL,
	"storage_key" text NOT NULL,
	"url" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"width" integer,
	"height" integer,
	"original_name" text,
	"expires_on" date,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "job_schedule" (
	"name" text PRIMARY KEY NOT NULL,
	"cron" text NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_alert_delivery" (
	"alert_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_alert_delivery_alert_id_property_id_pk" PRIMARY KEY("alert_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "unit_import" (
	"id" text PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"created_by" text,
	"file_name" text,
	"csv" text NOT NULL,
	"row_count" integer NOT NULL,
	"committed_at" timestamp with time zone,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_alert" ADD COLUMN "frequency" "listing_alert_frequency" DEFAULT 'immediate' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "property" ADD COLUMN "building_id" integer;--> statement-breakpoint
ALTER TABLE "property" ADD COLUMN "unit_number" text;--> statement-breakpoint
ALTER TABLE "property" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "building" ADD CONSTRAINT "building_manager_id_user_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_alert_delivery" ADD CONSTRAINT "listing_alert_delivery_alert_id_listing_alert_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."listing_alert"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_alert_delivery" ADD CONSTRAINT "listing_alert_delivery_property_id_property_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."property"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_import" ADD CONSTRAINT "unit_import_building_id_building_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."building"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_import" ADD CONSTRAINT "unit_import_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "building_name_idx" ON "building" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "building_state_name_idx" ON "building" USING btree ("state","name","id");--> statement-breakpoint
CREATE INDEX "building_manager_idx" ON "building" USING btree ("manager_id","name","id");--> statement-breakpoint
CREATE INDEX "document_owner_idx" ON "document" USING btree ("owner_type","owner_id","kind");--> statement-breakpoint
CREATE INDEX "listing_alert_delivery_pending_idx" ON "listing_alert_delivery" USING btree ("alert_id") WHERE "listing_alert_delivery"."sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "unit_import_created_idx" ON "unit_import" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "property" ADD CONSTRAINT "property_building_id_building_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."building"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Data move (decision 015): every existing unit joins a building made of its street
-- address (the address up to its first comma), city, state and ZIP; what follows the comma, less
-- an "Apt"/"Unit"/"Suite"/"#" prefix, becomes the unit number (the unit's id when there is none,
-- "-<id>" appended when two units of a building would share one).
INSERT INTO "building" ("name", "street_address", "city", "state", "zip_code", "latitude", "longitude", "manager_id", "created_at", "updated_at")
SELECT DISTINCT ON ("street", "city", "state", "zip_code") "street", "street", "city", "state", "zip_code", "latitude", "longitude", "manager_id", "created_at", "created_at"
FROM (SELECT trim(split_part("address", ',', 1)) AS "street", "city", "state", "zip_code", "latitude", "longitude", "manager_id", "created_at", "id" FROM "property") AS "p"
ORDER BY "street", "city", "state", "zip_code", "id";--> statement-breakpoint
UPDATE "property" AS "p" SET "building_id" = "b"."id"
FROM "building" AS "b"
WHERE "b"."street_address" = trim(split_part("p"."address", ',', 1)) AND "b"."city" = "p"."city" AND "b"."state" = "p"."state" AND "b"."zip_code" = "p"."zip_code";--> statement-breakpoint
UPDATE "property" AS "p" SET "unit_number" = "u"."unit"
FROM (
  SELECT "id", CASE WHEN row_number() OVER (PARTITION BY "building_id", "base" ORDER BY "id") = 1 THEN "base" ELSE "base" || '-' || "id" END AS "unit"
  FROM (
    SELECT "id", "building_id",
      coalesce(nullif(regexp_replace(trim(substr("address", length(split_part("address", ',', 1)) + 2)), '^(apt|unit|suite|#)\s*', '', 'i'), ''), "id"::text) AS "base"
    FROM "property"
  ) AS "s"
) AS "u"
WHERE "u"."id" = "p"."id";--> statement-breakpoint
ALTER TABLE "property" ALTER COLUMN "building_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "property" ALTER COLUMN "unit_number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "property_building_unit_idx" ON "property" USING btree ("building_id","unit_number");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_dedupe_key_unique" UNIQUE("dedupe_key");;--> statement-breakpoint
-- A unit's manager is its building's: copied on insert and whenever the unit changes building or
-- someone writes manager_id directly, and pushed to every unit when the building's manager changes.
CREATE FUNCTION "property_manager_from_building"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "manager_id" INTO NEW."manager_id" FROM "building" WHERE "id" = NEW."building_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "property_manager_from_building" BEFORE INSERT OR UPDATE OF "building_id", "manager_id" ON "property"
FOR EACH ROW EXECUTE FUNCTION "property_manager_from_building"();--> statement-breakpoint
CREATE FUNCTION "building_manager_to_units"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "property" SET "manager_id" = NEW."manager_id" WHERE "building_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "building_manager_to_units" AFTER UPDATE OF "manager_id" ON "building"
FOR EACH ROW WHEN (OLD."manager_id" IS DISTINCT FROM NEW."manager_id") EXECUTE FUNCTION "building_manager_to_units"();--> statement-breakpoint
-- The building's unit counters, kept by one statement-level trigger per event with transition
-- tables: a bulk insert of 5,000 units updates each building once, not 5,000 times.
CREATE FUNCTION "property_unit_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    UPDATE "building" AS "b" SET
      "units_total" = "b"."units_total" + "d"."total",
      "units_available" = "b"."units_available" + "d"."available",
      "units_leased" = "b"."units_leased" + "d"."leased",
      "units_maintenance" = "b"."units_maintenance" + "d"."maintenance",
      "units_listed" = "b"."units_listed" + "d"."listed"
    FROM (
      SELECT "building_id",
        sum("sign") AS "total",
        coalesce(sum("sign") FILTER (WHERE "status" = 'available'), 0) AS "available",
        coalesce(sum("sign") FILTER (WHERE "status" = 'leased'), 0) AS "leased",
        coalesce(sum("sign") FILTER (WHERE "status" = 'maintenance'), 0) AS "maintenance",
        coalesce(sum("sign") FILTER (WHERE "listed"), 0) AS "listed"
      FROM (SELECT "building_id", "status", "listed", 1 AS "sign" FROM "new_rows") AS "c" GROUP BY "building_id"
    ) AS "d"
    WHERE "b"."id" = "d"."building_id" AND ("d"."total" <> 0 OR "d"."available" <> 0 OR "d"."leased" <> 0 OR "d"."maintenance" <> 0 OR "d"."listed" <> 0);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE "building" AS "b" SET
      "units_total" = "b"."units_total" + "d"."total",
      "units_available" = "b"."units_available" + "d"."available",
      "units_leased" = "b"."units_leased" + "d"."leased",
      "units_maintenance" = "b"."units_maintenance" + "d"."maintenance",
      "units_listed" = "b"."units_listed" + "d"."listed"
    FROM (
      SELECT "building_id",
        sum("sign") AS "total",
        coalesce(sum("sign") FILTER (WHERE "status" = 'available'), 0) AS "available",
        coalesce(sum("sign") FILTER (WHERE "status" = 'leased'), 0) AS "leased",
        coalesce(sum("sign") FILTER (WHERE "status" = 'maintenance'), 0) AS "maintenance",
        coalesce(sum("sign") FILTER (WHERE "listed"), 0) AS "listed"
      FROM (SELECT "building_id", "status", "listed", 1 AS "sign" FROM "new_rows" UNION ALL SELECT "building_id", "status", "listed", -1 FROM "old_rows") AS "c" GROUP BY "building_id"
    ) AS "d"
    WHERE "b"."id" = "d"."building_id" AND ("d"."total" <> 0 OR "d"."available" <> 0 OR "d"."leased" <> 0 OR "d"."maintenance" <> 0 OR "d"."listed" <> 0);
  ELSE
    UPDATE "building" AS "b" SET
      "units_total" = "b"."units_total" + "d"."total",
      "units_available" = "b"."units_available" + "d"."available",
      "units_leased" = "b"."units_leased" + "d"."leased",
      "units_maintenance" = "b"."units_maintenance" + "d"."maintenance",
      "units_listed" = "b"."units_listed" + "d"."listed"
    FROM (
      SELECT "building_id",
        sum("sign") AS "total",
        coalesce(sum("sign") FILTER (WHERE "status" = 'available'), 0) AS "available",
        coalesce(sum("sign") FILTER (WHERE "status" = 'leased'), 0) AS "leased",
        coalesce(sum("sign") FILTER (WHERE "status" = 'maintenance'), 0) AS "maintenance",
        coalesce(sum("sign") FILTER (WHERE "listed"), 0) AS "listed"
      FROM (SELECT "building_id", "status", "listed", -1 AS "sign" FROM "old_rows") AS "c" GROUP BY "building_id"
    ) AS "d"
    WHERE "b"."id" = "d"."building_id" AND ("d"."total" <> 0 OR "d"."available" <> 0 OR "d"."leased" <> 0 OR "d"."maintenance" <> 0 OR "d"."listed" <> 0);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "property_unit_counts_insert" AFTER INSERT ON "property" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "property_unit_counts"();--> statement-breakpoint
CREATE TRIGGER "property_unit_counts_update" AFTER UPDATE ON "property" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "property_unit_counts"();--> statement-breakpoint
CREATE TRIGGER "property_unit_counts_delete" AFTER DELETE ON "property" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "property_unit_counts"();--> statement-breakpoint
UPDATE "building" AS "b" SET
  "units_total" = "c"."total", "units_available" = "c"."available", "units_leased" = "c"."leased",
  "units_maintenance" = "c"."maintenance", "units_listed" = "c"."listed"
FROM (
  SELECT "building_id", count(*) AS "total",
    count(*) FILTER (WHERE "status" = 'available') AS "available",
    count(*) FILTER (WHERE "status" = 'leased') AS "leased",
    count(*) FILTER (WHERE "status" = 'maintenance') AS "maintenance",
    count(*) FILTER (WHERE "listed") AS "listed"
  FROM "property" GROUP BY "building_id"
) AS "c"
WHERE "b"."id" = "c"."building_id";