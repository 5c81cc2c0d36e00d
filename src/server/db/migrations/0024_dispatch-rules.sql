ALTER TABLE "dispatch_runs" ADD COLUMN "overrides" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "dispatch_plans" ADD COLUMN "shift_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dispatch_plans" ADD CONSTRAINT "dispatch_plans_shift_minutes_check" CHECK ("shift_minutes" BETWEEN -1440 AND 1440);--> statement-breakpoint
ALTER TABLE "event_dates" ADD COLUMN "end_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_dates" ADD CONSTRAINT "event_dates_end_after_start_check" CHECK ("end_date" IS NULL OR "end_date" > "start_date");
