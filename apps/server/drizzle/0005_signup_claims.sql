CREATE TABLE "license_uploads" (
	"object_key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spent_proofs" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "license_uploads_expiry_idx" ON "license_uploads" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "spent_proofs_expiry_idx" ON "spent_proofs" USING btree ("expires_at");