CREATE TABLE "notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_kind_check" CHECK ("notices"."kind" in ('notice', 'event')),
	CONSTRAINT "notices_window_check" CHECK ("notices"."ends_at" > "notices"."starts_at")
);
--> statement-breakpoint
CREATE INDEX "notices_window_idx" ON "notices" USING btree ("starts_at","ends_at");