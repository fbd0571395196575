-- Decision 061: the owner portal's message thread with the management. One thread per owner: the
-- owner's messages and the staff's answers, oldest first, each with its author. Deleting an owner
-- deletes the thread; an author account deleted keeps the message (author unknown).
CREATE TABLE "owner_message" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "owner_id" integer NOT NULL REFERENCES "owner"("id") ON DELETE CASCADE,
  "author_user_id" text REFERENCES "user"("id") ON DELETE SET NULL,
  "author_kind" text NOT NULL,
  "body" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "owner_message_author_kind_known" CHECK ("author_kind" IN ('owner', 'staff')),
  CONSTRAINT "owner_message_body_present" CHECK (length(btrim("body")) > 0 AND length("body") <= 2000)
);
--> statement-breakpoint
CREATE INDEX "owner_message_owner_idx" ON "owner_message" USING btree ("owner_id", "created_at", "id");
