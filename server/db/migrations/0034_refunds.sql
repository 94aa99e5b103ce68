CREATE SEQUENCE "public"."return_invoice_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"charge_id" uuid,
	"account_id" uuid,
	"amount" integer NOT NULL,
	"tax_amount" integer NOT NULL,
	"tax_rate" smallint NOT NULL,
	"status" text NOT NULL,
	"provider_ref" text,
	"failure_code" text,
	"staff_id" uuid,
	"reason" text NOT NULL,
	"return_invoice_number" text,
	"issuer_name" text NOT NULL,
	"issuer_name_en" text,
	"issuer_address" text,
	"issuer_address_en" text,
	"registration_number" text,
	"plan_name" text NOT NULL,
	"plan_name_en" text,
	"charged_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"ref" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"charge_ref" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_charge_ref_sandbox_charges_ref_fk" FOREIGN KEY ("charge_ref") REFERENCES "public"."sandbox_charges"("ref") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_charge_idx" ON "refunds" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "refunds_account_idx" ON "refunds" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "refunds_settled_idx" ON "refunds" USING btree ("settled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_key_unique" ON "sandbox_refunds" USING btree ("merchant_id","idempotency_key");