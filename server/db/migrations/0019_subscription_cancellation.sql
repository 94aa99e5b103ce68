ALTER TABLE "contracts" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "cancellation_survey_answers" jsonb;