-- How the day went: each passenger's rating of their trip (invited once after the return's drop-off, rated once,
-- 1 to 5 with an optional comment) and each event date's end as the shop saw it (when the operations mail went, and
-- the day's summary as computed then, which the list of days reads).
CREATE TABLE "ride_ratings" (
	"passenger_id" integer PRIMARY KEY NOT NULL,
	"event_date_id" integer NOT NULL,
	"run_id" integer,
	"driver_id" integer,
	"invited_at" timestamp with time zone NOT NULL,
	"score" smallint,
	"comment" text,
	"rated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ride_ratings" ADD CONSTRAINT "ride_ratings_passenger_id_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_ratings" ADD CONSTRAINT "ride_ratings_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_ratings" ADD CONSTRAINT "ride_ratings_run_id_dispatch_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."dispatch_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_ratings" ADD CONSTRAINT "ride_ratings_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_ratings" ADD CONSTRAINT "ride_ratings_score_check" CHECK ("score" IS NULL OR "score" BETWEEN 1 AND 5);--> statement-breakpoint
ALTER TABLE "ride_ratings" ADD CONSTRAINT "ride_ratings_comment_check" CHECK ("comment" IS NULL OR length("comment") <= 1000);--> statement-breakpoint
ALTER TABLE "ride_ratings" ADD CONSTRAINT "ride_ratings_rated_check" CHECK (("score" IS NULL) = ("rated_at" IS NULL));--> statement-breakpoint
CREATE INDEX "ride_ratings_event_date_idx" ON "ride_ratings" USING btree ("event_date_id");--> statement-breakpoint
CREATE TABLE "day_ends" (
	"event_date_id" integer PRIMARY KEY NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"mailed_to" text,
	"summary" jsonb
);
--> statement-breakpoint
ALTER TABLE "day_ends" ADD CONSTRAINT "day_ends_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;
