ALTER TABLE "accounts" ADD COLUMN "profile_pin_hash" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "profile_pin_updated_at" timestamp with time zone;