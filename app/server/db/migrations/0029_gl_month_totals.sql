-- Decision 059: the general ledger's month totals, kept in the statement that posts.
--
-- gl_month_total holds, per month, account and building (null: none), what the journal's lines
-- add up to. Every statement that adds journal lines adds one row per (month, account, building)
-- it touched (insert-only: no row is ever updated by a posting, so concurrent postings never wait
-- on each other or deadlock on a hot total); gl_compact_month_totals folds the rows of each
-- (month, account, building) into one, run by a job. The reports that cover whole months (the
-- income statement, the trial balance) read these totals instead of every line; checkBooks
-- compares them with the journal, so every test database proves they agree.
CREATE TABLE "gl_month_total" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "month" date NOT NULL,
  "account_id" integer NOT NULL REFERENCES "gl_account"("id"),
  "building_id" integer,
  "debit_cents" bigint NOT NULL,
  "credit_cents" bigint NOT NULL,
  CONSTRAINT "gl_month_total_first_day" CHECK (extract(day from "month") = 1)
);
--> statement-breakpoint
CREATE INDEX "gl_month_total_building_month_idx" ON "gl_month_total" USING btree ("building_id", "month");
--> statement-breakpoint
CREATE INDEX "gl_month_total_month_idx" ON "gl_month_total" USING btree ("month");
--> statement-breakpoint
CREATE FUNCTION "gl_month_total_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO gl_month_total (month, account_id, building_id, debit_cents, credit_cents)
  SELECT date_trunc('month', n.entry_date)::date, n.account_id, n.building_id, sum(n.debit_cents), sum(n.credit_cents)
  FROM new_lines n
  GROUP BY 1, 2, 3;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "journal_line_month_total" AFTER INSERT ON "journal_line" REFERENCING NEW TABLE AS "new_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "gl_month_total_add"();
--> statement-breakpoint
-- Folds the rows of every (month, account, building) that has several into one, in one statement:
-- rows a concurrent posting adds meanwhile are not in this statement's snapshot and stay as they
-- are; two compactions at once cannot count a row twice (the second skips the rows the first
-- deleted). Returns how many rows it folded.
CREATE FUNCTION "gl_compact_month_totals"() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  folded bigint;
BEGIN
  WITH split AS (
    SELECT month, account_id, coalesce(building_id, 0) AS building_key
    FROM gl_month_total GROUP BY 1, 2, 3 HAVING count(*) > 1
  ), gone AS (
    DELETE FROM gl_month_total t USING split s
    WHERE t.month = s.month AND t.account_id = s.account_id AND coalesce(t.building_id, 0) = s.building_key
    RETURNING t.month, t.account_id, t.building_id, t.debit_cents, t.credit_cents
  ), kept AS (
    INSERT INTO gl_month_total (month, account_id, building_id, debit_cents, credit_cents)
    SELECT month, account_id, building_id, sum(debit_cents), sum(credit_cents) FROM gone GROUP BY 1, 2, 3
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM gone) INTO folded;
  RETURN folded;
END;
$$;
--> statement-breakpoint
-- The demo seed's reset empties the totals with the journal.
CREATE OR REPLACE FUNCTION "gl_reset_books"() RETURNS void LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  TRUNCATE public.journal_line, public.journal_entry RESTART IDENTITY;
  TRUNCATE public.gl_month_total RESTART IDENTITY;
  DELETE FROM public.gl_closed_month;
END;
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION "gl_reset_books"() FROM PUBLIC;
--> statement-breakpoint
-- Backfill: the totals of the journal written before this migration.
INSERT INTO "gl_month_total" (month, account_id, building_id, debit_cents, credit_cents)
SELECT date_trunc('month', entry_date)::date, account_id, building_id, sum(debit_cents), sum(credit_cents)
FROM journal_line
GROUP BY 1, 2, 3;
