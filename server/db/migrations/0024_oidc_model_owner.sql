ALTER TABLE "oidc_models" ADD COLUMN "account_id" text;--> statement-breakpoint
ALTER TABLE "oidc_models" ADD COLUMN "client_id" text;--> statement-breakpoint
CREATE INDEX "oidc_models_account_idx" ON "oidc_models" USING btree ("model","account_id","client_id");