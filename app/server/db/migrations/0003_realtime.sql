CREATE TABLE "broadcast" (
	"id" serial PRIMARY KEY NOT NULL,
	"sender_id" text,
	"audience" text NOT NULL,
	"target_user_id" text,
	"target_role" text,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"type" "notification_type" DEFAULT 'info' NOT NULL,
	"action_url" text,
	"recipients" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"audience" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "broadcast" ADD CONSTRAINT "broadcast_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast" ADD CONSTRAINT "broadcast_target_user_id_user_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcast_created_idx" ON "broadcast" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "realtime_event_audience_idx" ON "realtime_event" USING btree ("audience","id");--> statement-breakpoint
CREATE INDEX "realtime_event_created_idx" ON "realtime_event" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_client_id_idx" ON "message" USING btree ("thread_id","client_id");--> statement-breakpoint
CREATE INDEX "notification_unread_idx" ON "notification" USING btree ("user_id") WHERE NOT "notification"."read";