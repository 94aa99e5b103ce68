CREATE TABLE "withdrawal_survey_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"survey_name" text NOT NULL,
	"answers" jsonb NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_flows" ADD COLUMN "survey_answers" jsonb;