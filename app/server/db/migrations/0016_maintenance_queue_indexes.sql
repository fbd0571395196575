-- Hand-written (decision 026, the staff maintenance queue): indexes that let every ordering of
-- the queue walk an index and stop after a page (tests/bench/maintenance.ts, EXPLAIN in
-- tests/integration/maintenance-plans.test.ts). Open requests are a small, moving part of the
-- table, so the default queue (open, newest/oldest first) and the SLA order read partial indexes
-- of the open ones; the predicate is written exactly as the queue writes its condition. Any
-- other status (or all of them) in the SLA order walks maintenance_sla_due_idx.
CREATE INDEX "maintenance_open_created_idx" ON "maintenance_request" USING btree ("created_at","id") WHERE "maintenance_request"."status" IN ('submitted', 'triaged', 'scheduled', 'in_progress');--> statement-breakpoint
CREATE INDEX "maintenance_open_sla_idx" ON "maintenance_request" USING btree ("sla_due_at","id") WHERE "maintenance_request"."status" IN ('submitted', 'triaged', 'scheduled', 'in_progress');--> statement-breakpoint
CREATE INDEX "maintenance_breached_idx" ON "maintenance_request" USING btree ("created_at","id") WHERE "maintenance_request"."sla_breached_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "maintenance_sla_due_idx" ON "maintenance_request" USING btree ("sla_due_at","id");
