ALTER TABLE "event_requests" ADD COLUMN "card_image_path" text;--> statement-breakpoint
ALTER TABLE "event_requests" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "event_requests" ADD COLUMN "claim_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "seats" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "claim_token_hash" text;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "claimed_at" timestamp with time zone;