CREATE SEQUENCE "public"."invoice_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
DROP INDEX "issued_invoices_charge_idx";--> statement-breakpoint
ALTER TABLE "issued_invoices" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "issued_invoices" ADD COLUMN "copy_number" integer;--> statement-breakpoint
ALTER TABLE "issued_invoices" ADD COLUMN "issuer_address" text;--> statement-breakpoint
ALTER TABLE "issued_invoices" ADD COLUMN "issuer_address_en" text;--> statement-breakpoint
-- Copies issued before numbers: each payment's first copy is its first issue, and gives the payment
-- its number; later copies of it are its re-issues, in the order they were issued.
WITH firsts AS (
  SELECT DISTINCT ON (coalesce("charge_id", "id")) coalesce("charge_id", "id") AS payment, "issued_at"
  FROM "issued_invoices" ORDER BY coalesce("charge_id", "id"), "issued_at", "id"
), numbered AS (
  SELECT payment,
    to_char("issued_at" AT TIME ZONE 'Asia/Tokyo', 'YYYY') || '-' || lpad(nextval('invoice_numbers')::text, 6, '0') AS number
  FROM firsts
), copies AS (
  SELECT "id", coalesce("charge_id", "id") AS payment,
    row_number() OVER (PARTITION BY coalesce("charge_id", "id") ORDER BY "issued_at", "id") - 1 AS n
  FROM "issued_invoices"
)
UPDATE "issued_invoices" SET "invoice_number" = numbered.number, "copy_number" = copies.n
FROM copies JOIN numbered ON numbered.payment = copies.payment
WHERE copies."id" = "issued_invoices"."id";--> statement-breakpoint
ALTER TABLE "issued_invoices" ALTER COLUMN "invoice_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "issued_invoices" ALTER COLUMN "copy_number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_invoices_charge_copy_idx" ON "issued_invoices" USING btree ("charge_id","copy_number");
