CREATE TABLE "discarded_charts" (
	"chart_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"discarded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chart_data" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "chart_data" ADD COLUMN "size_bytes" integer;--> statement-breakpoint
ALTER TABLE "analysis_records" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "discarded_charts" ADD CONSTRAINT "discarded_charts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discarded_charts_at_idx" ON "discarded_charts" USING btree ("discarded_at");