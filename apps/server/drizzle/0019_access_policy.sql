-- The access policy wired everywhere (Step 16, docs/clinics.md). Written by hand like 0010-0018; the
-- column, index and constraint statements are the ones drizzle-kit generates for db/schema/patients.ts,
-- analysis-records.ts, ai-adaptation.ts and audit-events.ts.
-- 1. The personal patient list's indexes (0013) get `clinic_id is null` in their predicates, as the
--    access policy's personal scope (`user_id = me and clinic_id is null`) has it: a person's clinic
--    patients are not in their personal list and need not be in its indexes.
DROP INDEX "patients_listed_patient_id_idx";--> statement-breakpoint
DROP INDEX "patients_listed_name_idx";--> statement-breakpoint
DROP INDEX "patients_listed_birth_idx";--> statement-breakpoint
DROP INDEX "patients_listed_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "patients_listed_patient_id_idx" ON "patients" USING btree ("user_id",length("patient_id"),"patient_id","id") WHERE "patients"."clinic_id" is null and "patients"."deleted_at" is null and "patients"."draft_expires_at" is null;--> statement-breakpoint
CREATE INDEX "patients_listed_name_idx" ON "patients" USING btree ("user_id",lower("first_name"),"first_name","id") WHERE "patients"."clinic_id" is null and "patients"."deleted_at" is null and "patients"."draft_expires_at" is null;--> statement-breakpoint
CREATE INDEX "patients_listed_birth_idx" ON "patients" USING btree ("user_id","birth_info","id") WHERE "patients"."clinic_id" is null and "patients"."deleted_at" is null and "patients"."draft_expires_at" is null;--> statement-breakpoint
CREATE INDEX "patients_listed_name_trgm_idx" ON "patients" USING gin ("user_id","first_name" gin_trgm_ops) WHERE "patients"."clinic_id" is null and "patients"."deleted_at" is null and "patients"."draft_expires_at" is null;--> statement-breakpoint
-- 2. "Last changed by" beside a patient and a chart's analysis in the list (null: not recorded yet).
ALTER TABLE "patients" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "analysis_records" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_records" ADD CONSTRAINT "analysis_records_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- 3. A clinic's AI profile (learned conventions, landmark definitions): a profile and its films belong
--    to exactly one of an account (its personal space, as before) and a clinic. The existing rows are
--    accounts'.
ALTER TABLE "ai_adaptation_profiles" DROP CONSTRAINT "ai_adaptation_profiles_pkey";--> statement-breakpoint
ALTER TABLE "ai_adaptation_profiles" ALTER COLUMN "owner_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_adaptation_profiles" ADD COLUMN "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_adaptation_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "ai_adaptation_profiles" ADD COLUMN "owner_clinic_id" integer;--> statement-breakpoint
ALTER TABLE "ai_adaptation_profiles" ADD CONSTRAINT "ai_adaptation_profiles_owner_clinic_id_clinics_id_fk" FOREIGN KEY ("owner_clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_adaptation_profiles" ADD CONSTRAINT "ai_adaptation_profiles_one_owner" CHECK (("ai_adaptation_profiles"."owner_user_id" is null) <> ("ai_adaptation_profiles"."owner_clinic_id" is null));--> statement-breakpoint
CREATE UNIQUE INDEX "ai_adaptation_profiles_owner_user_key" ON "ai_adaptation_profiles" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_adaptation_profiles_owner_clinic_key" ON "ai_adaptation_profiles" USING btree ("owner_clinic_id");--> statement-breakpoint
ALTER TABLE "ai_adaptation_films" ALTER COLUMN "owner_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_adaptation_films" ADD COLUMN "owner_clinic_id" integer;--> statement-breakpoint
ALTER TABLE "ai_adaptation_films" ADD CONSTRAINT "ai_adaptation_films_owner_clinic_id_clinics_id_fk" FOREIGN KEY ("owner_clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_adaptation_films" ADD CONSTRAINT "ai_adaptation_films_one_owner" CHECK (("ai_adaptation_films"."owner_user_id" is null) <> ("ai_adaptation_films"."owner_clinic_id" is null));--> statement-breakpoint
CREATE UNIQUE INDEX "ai_adaptation_films_clinic_film_key" ON "ai_adaptation_films" USING btree ("owner_clinic_id","chart_data_id");--> statement-breakpoint
CREATE INDEX "ai_adaptation_films_clinic_newest_idx" ON "ai_adaptation_films" USING btree ("owner_clinic_id","id");--> statement-breakpoint
-- 4. The audit trail names the clinic whose data an event concerns, so the clinic's owner reads the
--    clinic's trail (`audit.read_clinic`). No row is rewritten (a new nullable column).
ALTER TABLE "audit_events" ADD COLUMN "owner_clinic_id" integer;--> statement-breakpoint
CREATE INDEX "audit_events_clinic_idx" ON "audit_events" USING btree ("owner_clinic_id","at","id") WHERE "audit_events"."owner_clinic_id" is not null;
