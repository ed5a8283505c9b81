CREATE TABLE "login_failures" (
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_failures_email_ip_pk" PRIMARY KEY("email","ip")
);
