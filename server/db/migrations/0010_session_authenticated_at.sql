ALTER TABLE "sessions" ADD COLUMN "authenticated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Sessions from before: proved at their login, not at this migration.
UPDATE "sessions" SET "authenticated_at" = "created_at";
