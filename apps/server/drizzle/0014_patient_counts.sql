-- The patient list's total without counting (docs/performance.md): each owner's number of live
-- patients (not deleted, not a draft), kept by triggers in the same transaction as the change, so
-- every write path and every process sees an exact figure. No foreign key: a user's row may outlive
-- the user (an account deletion removes patients and user in either order).
CREATE TABLE "patient_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"live" integer NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "ceppro_count_patients_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Statement level, so a bulk insert or delete adds one figure per owner, in owner order.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO patient_counts AS pc (user_id, live)
      SELECT user_id, count(*) FROM new_rows WHERE deleted_at IS NULL AND draft_expires_at IS NULL GROUP BY user_id ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET live = pc.live + excluded.live;
  ELSE
    UPDATE patient_counts pc SET live = pc.live - gone.n
    FROM (SELECT user_id, count(*) AS n FROM old_rows WHERE deleted_at IS NULL AND draft_expires_at IS NULL GROUP BY user_id) gone
    WHERE pc.user_id = gone.user_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "ceppro_count_patients_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.deleted_at IS NULL AND OLD.draft_expires_at IS NULL THEN
    UPDATE patient_counts SET live = live - 1 WHERE user_id = OLD.user_id;
  END IF;
  IF NEW.deleted_at IS NULL AND NEW.draft_expires_at IS NULL THEN
    INSERT INTO patient_counts AS pc (user_id, live) VALUES (NEW.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET live = pc.live + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "patients_count_insert" AFTER INSERT ON "patients"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ceppro_count_patients_rows();--> statement-breakpoint
CREATE TRIGGER "patients_count_delete" AFTER DELETE ON "patients"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ceppro_count_patients_rows();--> statement-breakpoint
-- Only a change that makes a patient live or not, or moves it to another owner, touches the figure.
CREATE TRIGGER "patients_count_update" AFTER UPDATE OF deleted_at, draft_expires_at, user_id ON "patients"
  FOR EACH ROW WHEN (
    (OLD.deleted_at IS NULL AND OLD.draft_expires_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL AND NEW.draft_expires_at IS NULL)
    OR OLD.user_id IS DISTINCT FROM NEW.user_id
  ) EXECUTE FUNCTION ceppro_count_patients_update();--> statement-breakpoint
INSERT INTO "patient_counts" ("user_id", "live")
  SELECT "user_id", count(*) FROM "patients" WHERE "deleted_at" IS NULL AND "draft_expires_at" IS NULL GROUP BY "user_id";
