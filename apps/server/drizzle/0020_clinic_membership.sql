-- Membership per clinic (Step 16, docs/billing.md "Clinics"): a clinic's subscription
-- (clinic_subscriptions, the same columns as a user's subscriptions) and its invoices (invoices.clinic_id,
-- with the seats charged; user_id null for them, one invoice per clinic per period). Written by hand like
-- 0010-0019; the statements are the ones drizzle-kit generates for db/schema/subscriptions.ts and invoices.ts.
CREATE TABLE "clinic_subscriptions" (
	"clinic_id" integer PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"price_won" integer NOT NULL,
	"state" text NOT NULL,
	"trial_ends_at" timestamp with time zone NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"billing_day" integer NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_subscriptions_state_check" CHECK ("clinic_subscriptions"."state" in ('trial', 'active', 'cancelled', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "clinic_subscriptions" ADD CONSTRAINT "clinic_subscriptions_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "user_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "clinic_id" integer;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seats" integer;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_clinic_period_key" ON "invoices" USING btree ("clinic_id","period_start") WHERE "invoices"."clinic_id" is not null;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payer_check" CHECK (("invoices"."user_id" is null) <> ("invoices"."clinic_id" is null));
