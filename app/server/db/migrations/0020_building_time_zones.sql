-- Decision 047 (hand-written; keep when renumbering): every building has an IANA time zone, and
-- the ledger's calendar dates (due dates, grace periods, late fees, lease terms, autopay days) are
-- the building's local dates. `state_time_zone` is the zone of most of a state's people, the same
-- table as `STATE_TIME_ZONES` in app/lib/time-zones.ts (a test compares them): it fills the
-- existing buildings and every new building whose insert names no zone (a BEFORE INSERT trigger
-- runs before the NOT NULL check), so an import, a seed or a form that leaves the zone out still
-- gets the right one. Staff change a building's zone on its form.
CREATE FUNCTION "state_time_zone"("state" text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE upper(btrim("state"))
    WHEN 'AL' THEN 'America/Chicago'
    WHEN 'AK' THEN 'America/Anchorage'
    WHEN 'AZ' THEN 'America/Phoenix'
    WHEN 'AR' THEN 'America/Chicago'
    WHEN 'CA' THEN 'America/Los_Angeles'
    WHEN 'CO' THEN 'America/Denver'
    WHEN 'CT' THEN 'America/New_York'
    WHEN 'DE' THEN 'America/New_York'
    WHEN 'DC' THEN 'America/New_York'
    WHEN 'FL' THEN 'America/New_York'
    WHEN 'GA' THEN 'America/New_York'
    WHEN 'HI' THEN 'Pacific/Honolulu'
    WHEN 'ID' THEN 'America/Boise'
    WHEN 'IL' THEN 'America/Chicago'
    WHEN 'IN' THEN 'America/Indiana/Indianapolis'
    WHEN 'IA' THEN 'America/Chicago'
    WHEN 'KS' THEN 'America/Chicago'
    WHEN 'KY' THEN 'America/New_York'
    WHEN 'LA' THEN 'America/Chicago'
    WHEN 'ME' THEN 'America/New_York'
    WHEN 'MD' THEN 'America/New_York'
    WHEN 'MA' THEN 'America/New_York'
    WHEN 'MI' THEN 'America/Detroit'
    WHEN 'MN' THEN 'America/Chicago'
    WHEN 'MS' THEN 'America/Chicago'
    WHEN 'MO' THEN 'America/Chicago'
    WHEN 'MT' THEN 'America/Denver'
    WHEN 'NE' THEN 'America/Chicago'
    WHEN 'NV' THEN 'America/Los_Angeles'
    WHEN 'NH' THEN 'America/New_York'
    WHEN 'NJ' THEN 'America/New_York'
    WHEN 'NM' THEN 'America/Denver'
    WHEN 'NY' THEN 'America/New_York'
    WHEN 'NC' THEN 'America/New_York'
    WHEN 'ND' THEN 'America/Chicago'
    WHEN 'OH' THEN 'America/New_York'
    WHEN 'OK' THEN 'America/Chicago'
    WHEN 'OR' THEN 'America/Los_Angeles'
    WHEN 'PA' THEN 'America/New_York'
    WHEN 'RI' THEN 'America/New_York'
    WHEN 'SC' THEN 'America/New_York'
    WHEN 'SD' THEN 'America/Chicago'
    WHEN 'TN' THEN 'America/Chicago'
    WHEN 'TX' THEN 'America/Chicago'
    WHEN 'UT' THEN 'America/Denver'
    WHEN 'VT' THEN 'America/New_York'
    WHEN 'VA' THEN 'America/New_York'
    WHEN 'WA' THEN 'America/Los_Angeles'
    WHEN 'WV' THEN 'America/New_York'
    WHEN 'WI' THEN 'America/Chicago'
    WHEN 'WY' THEN 'America/Denver'
    ELSE 'America/New_York'
  END
$$;--> statement-breakpoint
ALTER TABLE "building" ADD COLUMN "time_zone" text;--> statement-breakpoint
UPDATE "building" SET "time_zone" = "state_time_zone"("state");--> statement-breakpoint
ALTER TABLE "building" ALTER COLUMN "time_zone" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "building" ADD CONSTRAINT "building_time_zone_named" CHECK ("time_zone" ~ '^[A-Za-z_]+(/[A-Za-z0-9_+-]+)+$');--> statement-breakpoint
CREATE FUNCTION "building_time_zone_from_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."time_zone" IS NULL THEN
    NEW."time_zone" := "state_time_zone"(NEW."state");
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "building_time_zone_default" BEFORE INSERT ON "building"
FOR EACH ROW EXECUTE FUNCTION "building_time_zone_from_state"();
