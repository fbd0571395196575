-- Decision 026 (12) items 4 and 5: the vendor's work-order list and the staff assignments
-- list at 50,000 work orders (p95 ≤ 50 ms, tests/bench/work-orders.ts). Hand-written.
-- A vendor's list filtered by building (and the buildings it offers) reads one range of this
-- index, newest first, instead of every work order of the vendor.
CREATE INDEX "work_order_vendor_building_idx" ON "work_order" USING btree ("vendor_id","building_id","created_at","id");--> statement-breakpoint
-- The "overdue" filter of /admin/assignments walks the open work orders only, newest first.
CREATE INDEX "work_order_open_created_idx" ON "work_order" USING btree ("created_at","id") WHERE "work_order"."status" IN ('offered', 'accepted', 'scheduled', 'in_progress');--> statement-breakpoint
-- The vendor's search on the job's title finds the matching requests and projects by trigram
-- (pg_trgm, migration 0008) instead of reading every work order of the vendor.
CREATE INDEX "maintenance_request_title_trgm_idx" ON "maintenance_request" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "project_name_trgm_idx" ON "project" USING gin ("name" gin_trgm_ops);
