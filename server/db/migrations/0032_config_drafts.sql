CREATE TABLE "config_drafts" (
	"kind" text NOT NULL,
	"staff_id" uuid NOT NULL,
	"content" jsonb NOT NULL,
	"base_number" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "config_drafts_kind_staff_id_pk" PRIMARY KEY("kind","staff_id")
);
--> statement-breakpoint
ALTER TABLE "config_drafts" ADD CONSTRAINT "config_drafts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;