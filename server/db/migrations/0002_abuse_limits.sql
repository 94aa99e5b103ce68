CREATE TABLE "auth_rates" (
	"key" text PRIMARY KEY NOT NULL,
	"empty_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ALTER COLUMN "account_id" DROP NOT NULL;