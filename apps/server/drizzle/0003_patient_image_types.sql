ALTER TABLE "patients" ADD COLUMN "image_types" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "patients_list_patient_id_idx" ON "patients" USING btree ("user_id",length("patient_id"),"patient_id","id") WHERE "patients"."deleted_at" is null and "patients"."draft_expires_at" is null and "patients"."image_types" <> 0;--> statement-breakpoint
CREATE INDEX "patients_list_name_idx" ON "patients" USING btree ("user_id",lower("first_name"),"first_name","id") WHERE "patients"."deleted_at" is null and "patients"."draft_expires_at" is null and "patients"."image_types" <> 0;--> statement-breakpoint
CREATE INDEX "patients_list_birth_idx" ON "patients" USING btree ("user_id","birth_info","id") WHERE "patients"."deleted_at" is null and "patients"."draft_expires_at" is null and "patients"."image_types" <> 0;--> statement-breakpoint
-- patients.image_types (bit 1: a live cephalogram, bit 2: a live facial photo) is derived data, kept
-- here by triggers so every write path (the app, the sweeper, tests, a manual fix) keeps it right.
CREATE FUNCTION "ceppro_patient_image_types"(pid integer) RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT COALESCE(bit_or(CASE d.image_type_cd WHEN '00700' THEN 1 ELSE 2 END), 0)::smallint
  FROM charts c JOIN chart_data d ON d.chart_ref = c.id
  WHERE c.patient_ref = pid AND c.deleted_at IS NULL AND c.draft_expires_at IS NULL
    AND d.deleted_at IS NULL AND d.pending_expires_at IS NULL
$$;--> statement-breakpoint
CREATE FUNCTION "ceppro_refresh_patient_image_types"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pids integer[];
BEGIN
  IF TG_TABLE_NAME = 'charts' THEN
    pids := ARRAY[]::integer[];
    IF TG_OP <> 'INSERT' THEN pids := pids || OLD.patient_ref; END IF;
    IF TG_OP <> 'DELETE' THEN pids := pids || NEW.patient_ref; END IF;
  ELSE
    SELECT array_agg(DISTINCT c.patient_ref) INTO pids FROM charts c
    WHERE c.id = ANY (ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.chart_ref END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.chart_ref END
    ]);
  END IF;
  UPDATE patients p SET image_types = ceppro_patient_image_types(p.id)
  WHERE p.id = ANY (pids) AND p.image_types IS DISTINCT FROM ceppro_patient_image_types(p.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "chart_data_patient_image_types" AFTER INSERT OR DELETE OR UPDATE OF deleted_at, pending_expires_at, image_type_cd, chart_ref
  ON "chart_data" FOR EACH ROW EXECUTE FUNCTION ceppro_refresh_patient_image_types();--> statement-breakpoint
CREATE TRIGGER "charts_patient_image_types" AFTER INSERT OR DELETE OR UPDATE OF deleted_at, draft_expires_at, patient_ref
  ON "charts" FOR EACH ROW EXECUTE FUNCTION ceppro_refresh_patient_image_types();--> statement-breakpoint
UPDATE "patients" SET "image_types" = ceppro_patient_image_types(id);
