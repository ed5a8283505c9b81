-- Clinic adaptation of the landmark model (features/ai-adaptation): what each corrected film taught,
-- one row per owner and film, and the profile new detections apply, one row per owner. Written by
-- hand like 0010-0014 (drizzle-kit's snapshots stop at 0009); the statements are the ones drizzle-kit
-- generates for db/schema/ai-adaptation.ts.
CREATE TABLE "ai_adaptation_films" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_adaptation_films_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_user_id" integer NOT NULL,
	"chart_data_id" integer NOT NULL,
	"correction" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_adaptation_profiles" (
	"owner_user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"profile" jsonb,
	"films" integer DEFAULT 0 NOT NULL,
	"learned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_adaptation_films" ADD CONSTRAINT "ai_adaptation_films_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_adaptation_profiles" ADD CONSTRAINT "ai_adaptation_profiles_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_adaptation_films_owner_film_key" ON "ai_adaptation_films" USING btree ("owner_user_id","chart_data_id");--> statement-breakpoint
CREATE INDEX "ai_adaptation_films_owner_newest_idx" ON "ai_adaptation_films" USING btree ("owner_user_id","id");
