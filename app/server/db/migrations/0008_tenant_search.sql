-- The tenants directory's search (decision 022, "Numbers"): trigram indexes on the signers'
-- names and e-mails (pg_trgm ships with PostgreSQL's contrib and PGlite; trusted, so the
-- database owner may create it), a unit-number index, and the open charges per lease.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "charge_open_lease_idx" ON "charge" USING btree ("lease_id") WHERE "charge"."status" = 'open' AND "charge"."kind" <> 'credit';--> statement-breakpoint
CREATE INDEX "lease_tenant_name_trgm_idx" ON "lease_tenant" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lease_tenant_email_trgm_idx" ON "lease_tenant" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "property_unit_number_lower_idx" ON "property" USING btree (lower("unit_number"));--> statement-breakpoint
-- Statistics for the new expression index (and the trigram columns), so the planner sees how
-- few units share a number from the first query on; PGlite runs no autovacuum.
ANALYZE "property";--> statement-breakpoint
ANALYZE "lease_tenant";
