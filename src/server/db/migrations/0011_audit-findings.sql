CREATE TABLE "mail_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_opt_outs_email_lower" CHECK ("email" = lower("email"))
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "request_id" text;
