-- Decision 031 (raw SQL, hand-written; keep when renumbering): every committed write to the
-- tables the public pages are made of (units and buildings: prices, status, listing, photos,
-- texts) tells every instance's realtime hub, which empties its cache of anonymous HTML. One
-- NOTIFY on dimora_realtime per statement, payload 'content:<table>' (no realtime_event row: it
-- is a signal, not an event for browsers); PostgreSQL delivers it on commit and folds identical
-- ones of a transaction into one. Settings changes already have their own channel.
CREATE FUNCTION "content_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dimora_realtime', 'content:' || TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "property_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "property"
FOR EACH STATEMENT EXECUTE FUNCTION "content_changed_notify"();--> statement-breakpoint
CREATE TRIGGER "building_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "building"
FOR EACH STATEMENT EXECUTE FUNCTION "content_changed_notify"();
