-- Clinics (Step 16, docs/clinics.md): clinics, their members with a role, invitations by e-mail; the
-- space each person works in (users.active_clinic_id, null = personal); which clinic a patient belongs
-- to (patients.clinic_id, null = personal patient of user_id) with the patient list's indexes per
-- clinic (the same as 0013's per owner) and its total per clinic (clinic_patient_counts, kept by the
-- 0014 triggers, which from now on count only personal patients into patient_counts). Written by hand
-- like 0010-0016; the table, column and index statements are the ones drizzle-kit generates for
-- db/schema/clinics.ts, users.ts, patients.ts and patient-counts.ts.
CREATE TABLE "clinics" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clinics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"tax_number" text,
	"tax_email" text,
	"phone_number" text,
	"address1" text,
	"address2" text,
	"zip_code" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinics_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "clinic_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clinic_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clinic_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "clinic_members_role_check" CHECK ("clinic_members"."role" in ('owner', 'doctor', 'assistant'))
);
--> statement-breakpoint
CREATE TABLE "clinic_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clinic_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "clinic_invitations_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "clinic_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "clinic_invitations_role_check" CHECK ("clinic_invitations"."role" in ('owner', 'doctor', 'assistant'))
);
--> statement-breakpoint
CREATE TABLE "clinic_patient_counts" (
	"clinic_id" integer PRIMARY KEY NOT NULL,
	"live" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "active_clinic_id" integer;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "clinic_id" integer;--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_members" ADD CONSTRAINT "clinic_members_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_members" ADD CONSTRAINT "clinic_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_invitations" ADD CONSTRAINT "clinic_invitations_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_invitations" ADD CONSTRAINT "clinic_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_invitations" ADD CONSTRAINT "clinic_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_active_clinic_id_clinics_id_fk" FOREIGN KEY ("active_clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_members_live_user_key" ON "clinic_members" USING btree ("user_id") WHERE "clinic_members"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "clinic_members_live_clinic_idx" ON "clinic_members" USING btree ("clinic_id") WHERE "clinic_members"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_invitations_pending_email_key" ON "clinic_invitations" USING btree ("clinic_id",lower("email")) WHERE "clinic_invitations"."accepted_at" is null and "clinic_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "patients_clinic_live_idx" ON "patients" USING btree ("clinic_id","deleted_at") WHERE "patients"."clinic_id" is not null;--> statement-breakpoint
CREATE INDEX "patients_clinic_listed_patient_id_idx" ON "patients" USING btree ("clinic_id",length("patient_id"),"patient_id","id") WHERE "patients"."clinic_id" is not null and "patients"."deleted_at" is null and "patients"."draft_expires_at" is null;--> statement-breakpoint
CREATE INDEX "patients_clinic_listed_name_idx" ON "patients" USING btree ("clinic_id",lower("first_name"),"first_name","id") WHERE "patients"."clinic_id" is not null and "patients"."deleted_at" is null and "patients"."draft_expires_at" is null;--> statement-breakpoint
CREATE INDEX "patients_clinic_listed_birth_idx" ON "patients" USING btree ("clinic_id","birth_info","id") WHERE "patients"."clinic_id" is not null and "patients"."deleted_at" is null and "patients"."draft_expires_at" is null;--> statement-breakpoint
CREATE INDEX "patients_clinic_listed_name_trgm_idx" ON "patients" USING gin ("clinic_id","first_name" gin_trgm_ops) WHERE "patients"."clinic_id" is not null and "patients"."deleted_at" is null and "patients"."draft_expires_at" is null;--> statement-breakpoint
-- The 0014 counters: a personal patient counts for its owner (patient_counts), a clinic's patient for
-- the clinic (clinic_patient_counts), never both. No patient has a clinic yet, so the figures stand.
CREATE OR REPLACE FUNCTION "ceppro_count_patients_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Statement level, so a bulk insert or delete adds one figure per owner or clinic, in key order.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO patient_counts AS pc (user_id, live)
      SELECT user_id, count(*) FROM new_rows
      WHERE deleted_at IS NULL AND draft_expires_at IS NULL AND clinic_id IS NULL GROUP BY user_id ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET live = pc.live + excluded.live;
    INSERT INTO clinic_patient_counts AS cc (clinic_id, live)
      SELECT clinic_id, count(*) FROM new_rows
      WHERE deleted_at IS NULL AND draft_expires_at IS NULL AND clinic_id IS NOT NULL GROUP BY clinic_id ORDER BY clinic_id
    ON CONFLICT (clinic_id) DO UPDATE SET live = cc.live + excluded.live;
  ELSE
    UPDATE patient_counts pc SET live = pc.live - gone.n
    FROM (SELECT user_id, count(*) AS n FROM old_rows
          WHERE deleted_at IS NULL AND draft_expires_at IS NULL AND clinic_id IS NULL GROUP BY user_id) gone
    WHERE pc.user_id = gone.user_id;
    UPDATE clinic_patient_counts cc SET live = cc.live - gone.n
    FROM (SELECT clinic_id, count(*) AS n FROM old_rows
          WHERE deleted_at IS NULL AND draft_expires_at IS NULL AND clinic_id IS NOT NULL GROUP BY clinic_id) gone
    WHERE cc.clinic_id = gone.clinic_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ceppro_count_patients_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.deleted_at IS NULL AND OLD.draft_expires_at IS NULL THEN
    IF OLD.clinic_id IS NULL THEN
      UPDATE patient_counts SET live = live - 1 WHERE user_id = OLD.user_id;
    ELSE
      UPDATE clinic_patient_counts SET live = live - 1 WHERE clinic_id = OLD.clinic_id;
    END IF;
  END IF;
  IF NEW.deleted_at IS NULL AND NEW.draft_expires_at IS NULL THEN
    IF NEW.clinic_id IS NULL THEN
      INSERT INTO patient_counts AS pc (user_id, live) VALUES (NEW.user_id, 1)
      ON CONFLICT (user_id) DO UPDATE SET live = pc.live + 1;
    ELSE
      INSERT INTO clinic_patient_counts AS cc (clinic_id, live) VALUES (NEW.clinic_id, 1)
      ON CONFLICT (clinic_id) DO UPDATE SET live = cc.live + 1;
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "patients_count_update" ON "patients";--> statement-breakpoint
-- Only a change that makes a patient live or not, or moves it to another owner or clinic, touches a figure.
CREATE TRIGGER "patients_count_update" AFTER UPDATE OF deleted_at, draft_expires_at, user_id, clinic_id ON "patients"
  FOR EACH ROW WHEN (
    (OLD.deleted_at IS NULL AND OLD.draft_expires_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL AND NEW.draft_expires_at IS NULL)
    OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.clinic_id IS DISTINCT FROM NEW.clinic_id
  ) EXECUTE FUNCTION ceppro_count_patients_update();
