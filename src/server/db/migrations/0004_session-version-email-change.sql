ALTER TABLE "user_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;