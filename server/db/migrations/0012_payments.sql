CREATE TABLE "payment_actions" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"provider_action_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"provider_ref" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"card_expiry" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "payment_methods_provider_ref_unique" UNIQUE("provider_ref")
);
--> statement-breakpoint
CREATE TABLE "sandbox_actions" (
	"ref" text PRIMARY KEY NOT NULL,
	"method_ref" text NOT NULL,
	"kind" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"token_key_hash" text NOT NULL,
	"merchant_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"expiry" text NOT NULL,
	"behaviour" text NOT NULL,
	"customer_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"ref" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"method_ref" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_methods" (
	"ref" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"customer_ref" text NOT NULL,
	"type" text NOT NULL,
	"brand" text,
	"last4" text,
	"expiry" text,
	"behaviour" text NOT NULL,
	"status" text NOT NULL,
	"fail_next_charge" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_tds2_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"token_key_hash" text NOT NULL,
	"merchant_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_actions" ADD CONSTRAINT "payment_actions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_actions" ADD CONSTRAINT "sandbox_actions_method_ref_sandbox_methods_ref_fk" FOREIGN KEY ("method_ref") REFERENCES "public"."sandbox_methods"("ref") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD CONSTRAINT "sandbox_charges_method_ref_sandbox_methods_ref_fk" FOREIGN KEY ("method_ref") REFERENCES "public"."sandbox_methods"("ref") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_actions_account_idx" ON "payment_actions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "payment_methods_account_idx" ON "payment_methods" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_charges_key_unique" ON "sandbox_charges" USING btree ("merchant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_methods_customer_idx" ON "sandbox_methods" USING btree ("merchant_id","customer_ref");