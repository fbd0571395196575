-- Bank debits (decision 050): a debit in flight is `processing` (the payment, and the charges it
-- covers: not open, not paid); a Pay now by bank account is a `bank_debit`; a returned debit
-- posts a `returned_payment_fee`.
ALTER TYPE "public"."payment_status" ADD VALUE IF NOT EXISTS 'processing' BEFORE 'succeeded';--> statement-breakpoint
ALTER TYPE "public"."charge_status" ADD VALUE IF NOT EXISTS 'processing' BEFORE 'paid';--> statement-breakpoint
ALTER TYPE "public"."payment_method_kind" ADD VALUE IF NOT EXISTS 'bank_debit' BEFORE 'check';--> statement-breakpoint
ALTER TYPE "public"."charge_kind" ADD VALUE IF NOT EXISTS 'returned_payment_fee' BEFORE 'utility';
