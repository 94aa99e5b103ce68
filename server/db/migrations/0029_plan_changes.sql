ALTER TABLE "charges" ADD COLUMN "plan_id" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "period_amount" integer;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "pending_plan_id" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "pending_change_day" text;--> statement-breakpoint
-- Every charge so far paid the plan its contract or order names: no contract has changed plan yet.
UPDATE "charges" SET "plan_id" = COALESCE(
  (SELECT "plan_id" FROM "contracts" WHERE "contracts"."id" = "charges"."contract_id"),
  (SELECT "plan_id" FROM "orders" WHERE "orders"."id" = "charges"."order_id"),
  ''
);--> statement-breakpoint
ALTER TABLE "charges" ALTER COLUMN "plan_id" SET NOT NULL;--> statement-breakpoint
-- What each running subscription's current period cost: its latest charge that went through.
UPDATE "contracts" SET "period_amount" = (
  SELECT "amount" FROM "charges"
  WHERE "charges"."contract_id" = "contracts"."id" AND "charges"."status" = 'succeeded'
  ORDER BY "charges"."created_at" DESC LIMIT 1
) WHERE "plan_type" = 'subscription';
