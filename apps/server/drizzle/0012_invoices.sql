CREATE SEQUENCE "public"."invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"amount_won" integer NOT NULL,
	"supply_won" integer NOT NULL,
	"vat_won" integer NOT NULL,
	"currency" text DEFAULT 'KRW' NOT NULL,
	"status" text NOT NULL,
	"reference" text,
	"buyer_name" text,
	"tax_number" text,
	"tax_email" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"emailed_at" timestamp with time zone,
	"email_attempts" integer DEFAULT 0 NOT NULL,
	"delivery_lease_until" timestamp with time zone,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('issued', 'paid', 'void')),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."supply_won" + "invoices"."vat_won" = "invoices"."amount_won")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_user_period_key" ON "invoices" USING btree ("user_id","period_start");--> statement-breakpoint
CREATE INDEX "invoices_unsent_idx" ON "invoices" USING btree ("issued_at") WHERE "invoices"."emailed_at" is null;--> statement-breakpoint
INSERT INTO "invoices" ("number", "user_id", "provider", "period_start", "period_end", "amount_won", "supply_won", "vat_won", "status", "buyer_name", "tax_number", "tax_email", "issued_at", "emailed_at")
SELECT 'CP-' || to_char("b"."issued_at" AT TIME ZONE 'UTC', 'YYYYMM') || '-' || lpad(nextval('invoice_number_seq')::text, 6, '0'),
	"b"."user_id", "b"."method", "b"."period_start", "b"."period_end", "b"."amount_won",
	round("b"."amount_won" / 1.1)::integer, "b"."amount_won" - round("b"."amount_won" / 1.1)::integer,
	'issued', "u"."company_name", "u"."tax_number", coalesce("u"."tax_email", "u"."email"), "b"."issued_at", "b"."issued_at"
FROM "billing_records" "b" JOIN "users" "u" ON "u"."id" = "b"."user_id"
ORDER BY "b"."issued_at", "b"."id";--> statement-breakpoint
DROP TABLE "billing_records";
