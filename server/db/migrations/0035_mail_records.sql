CREATE TABLE "mail_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_records_to_idx" ON "mail_records" USING btree ("to","sent_at");--> statement-breakpoint
CREATE INDEX "mail_records_sent_idx" ON "mail_records" USING btree ("sent_at");