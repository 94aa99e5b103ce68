ALTER TABLE "payment_methods" ADD COLUMN "account_label" text;--> statement-breakpoint
ALTER TABLE "sandbox_methods" ADD COLUMN "account" text;