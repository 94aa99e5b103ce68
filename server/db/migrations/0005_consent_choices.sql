CREATE TABLE "consent_choices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"consent_option_id" text NOT NULL,
	"key" text NOT NULL,
	"value" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_choices" ADD CONSTRAINT "consent_choices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_choices_account_option_changed_idx" ON "consent_choices" USING btree ("account_id","consent_option_id","changed_at");