CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_type_cd" text NOT NULL,
	"user_permission" jsonb DEFAULT '{"version":1,"tutorial":true}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending_email' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"admin_approved_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"last_login_at" timestamp with time zone,
	"last_login_ip" text,
	"mobile_number" text,
	"mobile_verified_at" timestamp with time zone,
	"company_name" text,
	"tax_number" text,
	"tax_verified_at" timestamp with time zone,
	"tax_email" text,
	"phone_number" text,
	"fax_number" text,
	"address1" text,
	"address2" text,
	"zip_code" text,
	"birth" date,
	"gender" boolean,
	"terms_agreed_at" timestamp with time zone,
	"privacy_agreed_at" timestamp with time zone,
	"sso_agreed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "users_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('pending_email', 'active', 'pending_admin', 'locked')),
	CONSTRAINT "users_failed_login_count_check" CHECK ("users"."failed_login_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_configs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_configs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"hard_tissue_color" text,
	"soft_tissue_color" text,
	"hard_tissue_size" real,
	"soft_tissue_size" real,
	"outline_ny" boolean DEFAULT false NOT NULL,
	"default_ppm" real,
	"cephalo_image_ny" boolean DEFAULT true NOT NULL,
	"landmark_ny" boolean DEFAULT true NOT NULL,
	"landmark_list" jsonb,
	"guideline_ny" boolean DEFAULT true NOT NULL,
	"default_analysis_method_ny" boolean DEFAULT false NOT NULL,
	"auto_zoom_ny" boolean DEFAULT false NOT NULL,
	"auto_measurement_ny" boolean DEFAULT false NOT NULL,
	"plane_ny" boolean DEFAULT true NOT NULL,
	"plane_list" jsonb,
	"drawing_config" jsonb,
	"cep_mode" text,
	"user_analysis_manage" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "user_configs_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"birth_info" date NOT NULL,
	"gender" boolean NOT NULL,
	"mobile_nb" text,
	"race_cd" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "patients_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "charts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"chart_id" text NOT NULL,
	"patient_ref" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "charts_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "charts_chart_id_unique" UNIQUE("chart_id")
);
--> statement-breakpoint
CREATE TABLE "chart_data" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chart_data_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chart_ref" integer NOT NULL,
	"image_type_cd" text NOT NULL,
	"shoot_date" date,
	"path" text NOT NULL,
	"thumbnail_path" text,
	"original_name" text,
	"content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "chart_data_image_type_cd_check" CHECK ("chart_data"."image_type_cd" in ('00700', '00710'))
);
--> statement-breakpoint
CREATE TABLE "analysis_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analysis_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chart_ref" integer NOT NULL,
	"infer_result" jsonb,
	"modified_result" jsonb,
	"profilogram_result" jsonb,
	"ruler_info" jsonb,
	"superimposition_data" jsonb,
	"vto_sto_config" jsonb,
	"drawing_result" jsonb,
	"img_size" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"replaced_by" uuid,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	CONSTRAINT "sessions_refresh_token_hash_unique" UNIQUE("refresh_token_hash")
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer,
	"purpose" text NOT NULL,
	"target" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_codes_purpose_check" CHECK ("verification_codes"."purpose" in ('email_activation', 'mobile_signup', 'mobile_update', 'ip_approval', 'password_reset', 'email_change'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer,
	"action" text NOT NULL,
	"entity_type" text,
	"entity_id" text,
	"ip" text,
	"user_agent" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approved_ips" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approved_ips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"ip" text NOT NULL,
	"approved_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approved_ips_user_ip_key" UNIQUE("user_id","ip")
);
--> statement-breakpoint
ALTER TABLE "user_configs" ADD CONSTRAINT "user_configs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charts" ADD CONSTRAINT "charts_patient_ref_patients_id_fk" FOREIGN KEY ("patient_ref") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_data" ADD CONSTRAINT "chart_data_chart_ref_charts_id_fk" FOREIGN KEY ("chart_ref") REFERENCES "public"."charts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_records" ADD CONSTRAINT "analysis_records_chart_ref_charts_id_fk" FOREIGN KEY ("chart_ref") REFERENCES "public"."charts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approved_ips" ADD CONSTRAINT "approved_ips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email")) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "user_configs_user_live_key" ON "user_configs" USING btree ("user_id") WHERE "user_configs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "user_configs_user_idx" ON "user_configs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "patients_owner_live_idx" ON "patients" USING btree ("user_id","deleted_at");--> statement-breakpoint
CREATE INDEX "patients_owner_name_idx" ON "patients" USING btree ("user_id","first_name");--> statement-breakpoint
CREATE INDEX "patients_owner_patient_id_idx" ON "patients" USING btree ("user_id","patient_id");--> statement-breakpoint
CREATE INDEX "patients_owner_birth_idx" ON "patients" USING btree ("user_id","birth_info");--> statement-breakpoint
CREATE INDEX "charts_patient_live_idx" ON "charts" USING btree ("patient_ref","deleted_at");--> statement-breakpoint
CREATE INDEX "chart_data_chart_live_idx" ON "chart_data" USING btree ("chart_ref","deleted_at");--> statement-breakpoint
CREATE INDEX "chart_data_chart_type_idx" ON "chart_data" USING btree ("chart_ref","image_type_cd");--> statement-breakpoint
CREATE UNIQUE INDEX "analysis_records_chart_live_key" ON "analysis_records" USING btree ("chart_ref") WHERE "analysis_records"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "analysis_records_chart_idx" ON "analysis_records" USING btree ("chart_ref");--> statement-breakpoint
CREATE INDEX "sessions_user_live_idx" ON "sessions" USING btree ("user_id","revoked_at");--> statement-breakpoint
CREATE INDEX "sessions_family_idx" ON "sessions" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "verification_codes_lookup_idx" ON "verification_codes" USING btree ("target","purpose","created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_user_idx" ON "verification_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_user_time_idx" ON "audit_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");