CREATE TABLE "backup_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"salt" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "multi_factor_methods" (
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"otp_secret" text,
	"otp_last_step" integer,
	"phone_number" text,
	"enabled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "multi_factor_methods_account_id_type_pk" PRIMARY KEY("account_id","type")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "preferred_multi_factor_type" text;--> statement-breakpoint
ALTER TABLE "auth_flows" ADD COLUMN "login_method" text;--> statement-breakpoint
ALTER TABLE "auth_flows" ADD COLUMN "login_identifier" text;--> statement-breakpoint
ALTER TABLE "auth_flows" ADD COLUMN "pending_secret" text;--> statement-breakpoint
ALTER TABLE "login_history" ADD COLUMN "request_multi_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "login_history" ADD COLUMN "multi_factor_type" text;--> statement-breakpoint
ALTER TABLE "backup_codes" ADD CONSTRAINT "backup_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multi_factor_methods" ADD CONSTRAINT "multi_factor_methods_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_codes_account_idx" ON "backup_codes" USING btree ("account_id");