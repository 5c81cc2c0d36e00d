-- A run's wave: the minutes the planner moved it from the leg's usual time so one vehicle drives two runs
-- (outbound an earlier wave reaches the venue sooner, return a later one leaves later). Edits, late bookings and
-- a shifted leg time the run again from the leg's anchor moved by these minutes, so the waves stay apart.
ALTER TABLE "dispatch_runs" ADD COLUMN "wave_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dispatch_runs" ADD CONSTRAINT "dispatch_runs_wave_minutes_check" CHECK ("wave_minutes" >= 0);
