ALTER TABLE "driver_actions" DROP CONSTRAINT "driver_actions_action_check";--> statement-breakpoint
ALTER TABLE "driver_actions" ADD CONSTRAINT "driver_actions_action_check" CHECK ("action" IN ('check_in', 'no_show', 'next_stop', 'arrived'));--> statement-breakpoint
ALTER TABLE "run_boardings" ADD COLUMN "no_show_told_at" timestamp with time zone;
