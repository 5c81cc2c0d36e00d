-- Each outbox row's mail carries its own random Message-ID, kept with the row so a retry of that mail sends the
-- same one (mail clients show it once) while a new database never repeats another's ids. Rows already there get
-- one each (a volatile default is evaluated per row).
ALTER TABLE "outbox" ADD COLUMN "mail_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
-- An address the mail server refused for good (a permanent 5xx to the verification mail): when, and the server's
-- words. The person is told at their next log-in and corrects it through the email change, which clears it.
-- A mail deliberately not sent (the order had moved on, the address was refused): its row is done and says why.
ALTER TABLE "outbox" ADD COLUMN "skipped_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_undeliverable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_undeliverable_reason" text;
