-- Decision 023 (raw SQL, hand-written; keep when renumbering): every ended session closes
-- its open event streams on every instance. Whatever deletes session rows (sign-out, sign-in
-- ending the other sessions, a ban, a password reset inside better-auth, expiry, a deleted user)
-- and whatever changes a user's role or bans them publishes a `session.ended` realtime event
-- (one per DELETE statement, one per changed user) to the hubs only (audience 'control', never sent to a browser), through the
-- same path as publishEvents: a realtime_event row and a NOTIFY on dimora_realtime with its id,
-- delivered when the transaction commits.
CREATE FUNCTION "session_ended_publish"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "event_id" bigint;
BEGIN
  IF TG_TABLE_NAME = 'session' THEN
    -- Statement level: one event for all the sessions one DELETE removed.
    INSERT INTO "realtime_event" ("audience", "type", "payload")
      SELECT 'control', 'session.ended', jsonb_build_object('sessionIds', jsonb_agg("id"), 'userIds', '[]'::jsonb)
      FROM "ended_sessions" HAVING count(*) > 0
      RETURNING "id" INTO "event_id";
  ELSE
    -- Row level on "user", only when the role changed or a ban began (see the trigger's WHEN).
    INSERT INTO "realtime_event" ("audience", "type", "payload")
      VALUES ('control', 'session.ended', jsonb_build_object('sessionIds', '[]'::jsonb, 'userIds', jsonb_build_array(NEW."id")))
      RETURNING "id" INTO "event_id";
  END IF;
  IF "event_id" IS NOT NULL THEN
    PERFORM pg_notify('dimora_realtime', "event_id"::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "session_ended" AFTER DELETE ON "session" REFERENCING OLD TABLE AS "ended_sessions"
FOR EACH STATEMENT EXECUTE FUNCTION "session_ended_publish"();--> statement-breakpoint
CREATE TRIGGER "user_sessions_ended" AFTER UPDATE OF "role", "banned" ON "user"
FOR EACH ROW WHEN (OLD."role" IS DISTINCT FROM NEW."role" OR (NEW."banned" AND NOT OLD."banned"))
EXECUTE FUNCTION "session_ended_publish"();
