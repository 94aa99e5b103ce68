CREATE TABLE "issued_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid,
	"charge_id" uuid,
	"issuer_name" text NOT NULL,
	"issuer_name_en" text,
	"registration_number" text,
	"addressee" text,
	"honorific" text NOT NULL,
	"plan_name" text NOT NULL,
	"plan_name_en" text,
	"payment_method" jsonb,
	"amount" integer NOT NULL,
	"tax_amount" integer NOT NULL,
	"tax_rate" smallint NOT NULL,
	"contact_email" text,
	"charged_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issued_invoices" ADD CONSTRAINT "issued_invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_invoices" ADD CONSTRAINT "issued_invoices_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issued_invoices_account_idx" ON "issued_invoices" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "issued_invoices_charge_idx" ON "issued_invoices" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "issued_invoices_issued_idx" ON "issued_invoices" USING btree ("issued_at");