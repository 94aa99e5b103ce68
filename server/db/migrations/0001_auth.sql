CREATE TABLE "auth_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"salt" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"spent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auth_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"email" text,
	"account_id" uuid,
	"email_verified_at" timestamp with time zone,
	"agreed_policies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"code_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auth_flows_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "auth_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"last_hit_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "known_browsers" (
	"token_hash" text NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_browsers_token_hash_account_id_pk" PRIMARY KEY("token_hash","account_id")
);
--> statement-breakpoint
CREATE TABLE "login_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"result" boolean NOT NULL,
	"failure_reason" text,
	"user_identifier_name" text,
	"login_method" text NOT NULL,
	"device_info" text,
	"browser_info" text,
	"country" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "policy_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"policy_id" text NOT NULL,
	"revision" integer NOT NULL,
	"key" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "password_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "password_strength" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "login_prohibited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "family_name" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "given_name" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "family_name_kana" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "given_name_kana" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "name_kana" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "nickname" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "sex" smallint;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "birthday" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "prefecture" smallint;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "address2" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "custom_associated_info" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_codes" ADD CONSTRAINT "auth_codes_flow_id_auth_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."auth_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_flows" ADD CONSTRAINT "auth_flows_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "known_browsers" ADD CONSTRAINT "known_browsers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_history" ADD CONSTRAINT "login_history_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_consents" ADD CONSTRAINT "policy_consents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_codes_flow_id_idx" ON "auth_codes" USING btree ("flow_id");--> statement-breakpoint
CREATE INDEX "known_browsers_account_id_idx" ON "known_browsers" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "login_history_account_id_created_at_idx" ON "login_history" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_account_id_idx" ON "password_reset_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "policy_consents_account_id_idx" ON "policy_consents" USING btree ("account_id","policy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_user_id_lower_unique" ON "accounts" USING btree (lower("user_id"));--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_email_unique" UNIQUE("email");