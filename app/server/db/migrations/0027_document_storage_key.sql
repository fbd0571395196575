-- /files/<key> (decision 056) finds the photo's document row by the storage key of its largest
-- variant on every request: an index, so the lookup reads one entry however many documents
-- there are (tests/integration/private-file-plans.test.ts proves it with EXPLAIN).
CREATE INDEX IF NOT EXISTS "document_storage_key_idx" ON "document" USING btree ("storage_key");
