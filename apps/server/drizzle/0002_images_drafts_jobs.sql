CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"chart_ref" integer NOT NULL,
	"image_type_cd" text NOT NULL,
	"object_key" text NOT NULL,
	"content_type" text NOT NULL,
	"shoot_date" date,
	"original_name" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"user_id" integer,
	"dedupe_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "patient_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "draft_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charts" ADD COLUMN "draft_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chart_data" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "chart_data" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "chart_data" ADD COLUMN "pending_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_chart_ref_charts_id_fk" FOREIGN KEY ("chart_ref") REFERENCES "public"."charts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_expiry_idx" ON "uploads" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "uploads_chart_idx" ON "uploads" USING btree ("chart_ref");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_active_key" ON "jobs" USING btree ("dedupe_key") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "patients_draft_expiry_idx" ON "patients" USING btree ("draft_expires_at") WHERE "patients"."draft_expires_at" is not null;--> statement-breakpoint
CREATE INDEX "charts_draft_expiry_idx" ON "charts" USING btree ("draft_expires_at") WHERE "charts"."draft_expires_at" is not null;--> statement-breakpoint
CREATE INDEX "chart_data_pending_expiry_idx" ON "chart_data" USING btree ("pending_expires_at") WHERE "chart_data"."pending_expires_at" is not null;