-- Every public listing path index-backed (decision 024). The old sort indexes
-- were DESC NULLS LAST, which ORDER BY created_at DESC (NULLS FIRST) cannot use: the default
-- listing read all 75,000 rows and sorted them. Now one partial index of the listed units per
-- sort order and location kind, each carrying the filter columns after its sort key so that the
-- capped count and the page's ids come from the index alone; the old filter-only indexes go.
DROP INDEX "property_occupants_price_idx";--> statement-breakpoint
DROP INDEX "property_state_city_idx";--> statement-breakpoint
DROP INDEX "property_city_lower_idx";--> statement-breakpoint
DROP INDEX "property_created_idx";--> statement-breakpoint
DROP INDEX "property_price_idx";--> statement-breakpoint
DROP INDEX "property_state_price_idx";--> statement-breakpoint
DROP INDEX "property_city_price_idx";--> statement-breakpoint
DROP INDEX "property_status_created_idx";--> statement-breakpoint
DROP INDEX "property_map_idx";--> statement-breakpoint
CREATE INDEX "property_state_created_idx" ON "property" USING btree ("state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"price","max_occupants","status") WHERE "property"."listed";--> statement-breakpoint
CREATE INDEX "property_city_created_idx" ON "property" USING btree (lower("city"),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"city","state","price","max_occupants","status") WHERE "property"."listed";--> statement-breakpoint
CREATE INDEX "property_building_created_idx" ON "property" USING btree ("building_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"price","max_occupants","status") WHERE "property"."listed";--> statement-breakpoint
CREATE INDEX "property_created_idx" ON "property" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"price","max_occupants","status") WHERE "property"."listed";--> statement-breakpoint
CREATE INDEX "property_price_idx" ON "property" USING btree ("price","id","max_occupants","status") WHERE "property"."listed";--> statement-breakpoint
CREATE INDEX "property_state_price_idx" ON "property" USING btree ("state","price","id","max_occupants","status") WHERE "property"."listed";--> statement-breakpoint
CREATE INDEX "property_city_price_idx" ON "property" USING btree (lower("city"),"price","id","city","state","max_occupants","status") WHERE "property"."listed";--> statement-breakpoint
CREATE INDEX "property_map_idx" ON "property" USING btree ("building_id","price","id","max_occupants","status") WHERE "property"."listed";--> statement-breakpoint
CREATE INDEX "property_status_created_idx" ON "property" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Statistics for the new expression indexes right away; PGlite runs no autovacuum.
ANALYZE "property";
