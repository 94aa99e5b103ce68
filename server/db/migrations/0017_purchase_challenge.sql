ALTER TABLE "orders" ADD COLUMN "plan_type" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote" jsonb;--> statement-breakpoint
ALTER TABLE "payment_actions" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_actions" ADD CONSTRAINT "payment_actions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;