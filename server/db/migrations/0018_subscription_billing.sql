ALTER TABLE "accounts" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "cycle_day" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "held_cycle_day" text;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_cycle_unique" ON "charges" USING btree ("contract_id","cycle_day") WHERE "charges"."cycle_day" IS NOT NULL AND "charges"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "charges_pending_idx" ON "charges" USING btree ("created_at") WHERE "charges"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "contracts_due_idx" ON "contracts" USING btree ("next_settlement_day") WHERE "contracts"."plan_type" = 'subscription' AND "contracts"."subscription_status" <> 'CANCELLED';