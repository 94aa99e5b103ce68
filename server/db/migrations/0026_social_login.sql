CREATE TABLE "external_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"linked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_flows" ADD COLUMN "social_authorization" jsonb;--> statement-breakpoint
ALTER TABLE "auth_flows" ADD COLUMN "external_identity" jsonb;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "external_type" text;--> statement-breakpoint
ALTER TABLE "external_identities" ADD CONSTRAINT "external_identities_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_identities_type_subject_idx" ON "external_identities" USING btree ("type","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "external_identities_account_type_idx" ON "external_identities" USING btree ("account_id","type");