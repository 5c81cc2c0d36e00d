-- "Van arriving" per stop and leg: one row per run, leg and stop (the stop's address, which a re-plan keeps while it
-- writes the stop rows again), whoever sent it first, the live day's automatic notice or the driver's button, so the
-- other one finds the row and sends nothing. Passengers stay told once each through van_notices.
CREATE TABLE "van_arrivals" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"leg" text NOT NULL,
	"stop_key" text NOT NULL,
	"source" text NOT NULL,
	"minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "van_arrivals" ADD CONSTRAINT "van_arrivals_run_id_dispatch_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."dispatch_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "van_arrivals" ADD CONSTRAINT "van_arrivals_leg_check" CHECK ("leg" IN ('outbound', 'return'));--> statement-breakpoint
ALTER TABLE "van_arrivals" ADD CONSTRAINT "van_arrivals_source_check" CHECK ("source" IN ('automatic', 'driver'));--> statement-breakpoint
CREATE UNIQUE INDEX "van_arrivals_run_leg_stop_idx" ON "van_arrivals" USING btree ("run_id","leg","stop_key");
