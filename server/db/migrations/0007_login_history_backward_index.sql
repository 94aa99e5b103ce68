DROP INDEX "login_history_account_created_id_idx";--> statement-breakpoint
CREATE INDEX "login_history_account_time_id_idx" ON "login_history" USING btree ("account_id","created_at","id");