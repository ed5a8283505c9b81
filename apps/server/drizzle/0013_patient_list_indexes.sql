DROP INDEX IF EXISTS "patients_list_patient_id_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "patients_list_name_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "patients_list_birth_idx";--> statement-breakpoint
CREATE INDEX "patients_listed_patient_id_idx" ON "patients" USING btree ("user_id",length("patient_id"),"patient_id","id") WHERE "patients"."deleted_at" is null and "patients"."draft_expires_at" is null;--> statement-breakpoint
CREATE INDEX "patients_listed_name_idx" ON "patients" USING btree ("user_id",lower("first_name"),"first_name","id") WHERE "patients"."deleted_at" is null and "patients"."draft_expires_at" is null;--> statement-breakpoint
CREATE INDEX "patients_listed_birth_idx" ON "patients" USING btree ("user_id","birth_info","id") WHERE "patients"."deleted_at" is null and "patients"."draft_expires_at" is null;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "patients_listed_name_trgm_idx" ON "patients" USING gin ("user_id","first_name" gin_trgm_ops) WHERE "patients"."deleted_at" is null and "patients"."draft_expires_at" is null;
