-- Retention of the audit trail (features/audit/audit-retention.ts, AUDIT_RETENTION_DAYS, at least 365):
-- the append-only trigger still refuses every UPDATE and TRUNCATE, and now lets a DELETE through only
-- for a row recorded more than 365 days ago (by the database's clock). The floor is fixed here rather
-- than read from a setting, so no configuration (nor the server's own credentials without dropping
-- the trigger) can delete an event younger than a year; the daily purge deletes what is older than
-- the configured retention. The index serves the purge (oldest first) and the administrators' view
-- of every account's events (newest first). Written by hand like 0010-0016.
CREATE OR REPLACE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		IF OLD."at" < now() - interval '365 days' THEN
			RETURN OLD;
		END IF;
	END IF;
	RAISE EXCEPTION 'audit_events is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at","id");
