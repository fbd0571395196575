-- Decision 048 (hand-written; keep when renumbering): late-fee rules. A building may have its own
-- rule (`late_fee_rule`, JSON checked by the application's `lateFeeRuleSchema`; NULL = the
-- company's, from the settings), and every late fee keeps the rule that posted it, with where the
-- rule came from (`source`: 'building' or 'company'). Only late fees carry a rule.
ALTER TABLE "building" ADD COLUMN "late_fee_rule" jsonb;--> statement-breakpoint
ALTER TABLE "building" ADD CONSTRAINT "building_late_fee_rule_object" CHECK ("late_fee_rule" IS NULL OR jsonb_typeof("late_fee_rule") = 'object');--> statement-breakpoint
ALTER TABLE "charge" ADD COLUMN "late_fee_rule" jsonb;--> statement-breakpoint
ALTER TABLE "charge" ADD CONSTRAINT "charge_late_fee_rule_kind" CHECK ("late_fee_rule" IS NULL OR "kind" = 'late_fee');
