ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" IN ('customer', 'staff', 'admin', 'driver'));--> statement-breakpoint
ALTER TABLE "counties" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "counties" ADD COLUMN "lon" double precision;--> statement-breakpoint
ALTER TABLE "counties" ADD CONSTRAINT "counties_lat_lon_check" CHECK (("lat" IS NULL) = ("lon" IS NULL) AND ("lat" IS NULL OR ("lat" BETWEEN -90 AND 90 AND "lon" BETWEEN -180 AND 180)));--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"plate" text NOT NULL,
	"label" text NOT NULL,
	"seats" integer NOT NULL,
	"kind" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"province_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_kind_check" CHECK ("kind" IN ('van', 'minibus', 'bus', 'car')),
	CONSTRAINT "vehicles_seats_check" CHECK ("seats" BETWEEN 1 AND 80)
);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_province_id_provinces_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."provinces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_plate_idx" ON "vehicles" USING btree ("plate");--> statement-breakpoint
CREATE INDEX "vehicles_province_idx" ON "vehicles" USING btree ("province_id");--> statement-breakpoint
CREATE TABLE "geocode_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispatch_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_date_id" integer NOT NULL,
	"leg" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"published_version" integer,
	"published_at" timestamp with time zone,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispatch_plans_leg_check" CHECK ("leg" IN ('outbound', 'return'))
);
--> statement-breakpoint
ALTER TABLE "dispatch_plans" ADD CONSTRAINT "dispatch_plans_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dispatch_plans_date_leg_idx" ON "dispatch_plans" USING btree ("event_date_id","leg");--> statement-breakpoint
CREATE TABLE "dispatch_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"position" integer NOT NULL,
	"vehicle_id" integer,
	"driver_id" integer,
	"locked" boolean DEFAULT false NOT NULL,
	"seats_needed" integer NOT NULL,
	"capacity" integer NOT NULL,
	"departs_at" timestamp with time zone NOT NULL,
	"arrives_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dispatch_runs" ADD CONSTRAINT "dispatch_runs_plan_id_dispatch_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."dispatch_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_runs" ADD CONSTRAINT "dispatch_runs_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_runs" ADD CONSTRAINT "dispatch_runs_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispatch_runs_plan_idx" ON "dispatch_runs" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "dispatch_runs_driver_idx" ON "dispatch_runs" USING btree ("driver_id");--> statement-breakpoint
CREATE TABLE "dispatch_stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"position" integer NOT NULL,
	"address" text NOT NULL,
	"county_id" integer,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"approximate" boolean NOT NULL,
	"time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dispatch_stops" ADD CONSTRAINT "dispatch_stops_run_id_dispatch_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."dispatch_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_stops" ADD CONSTRAINT "dispatch_stops_county_id_counties_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."counties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispatch_stops_run_idx" ON "dispatch_stops" USING btree ("run_id");--> statement-breakpoint
CREATE TABLE "dispatch_stop_passengers" (
	"plan_id" integer NOT NULL,
	"stop_id" integer NOT NULL,
	"passenger_id" integer NOT NULL,
	"group_id" text NOT NULL,
	CONSTRAINT "dispatch_stop_passengers_plan_id_passenger_id_pk" PRIMARY KEY("plan_id","passenger_id")
);
--> statement-breakpoint
ALTER TABLE "dispatch_stop_passengers" ADD CONSTRAINT "dispatch_stop_passengers_plan_id_dispatch_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."dispatch_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_stop_passengers" ADD CONSTRAINT "dispatch_stop_passengers_stop_id_dispatch_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."dispatch_stops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_stop_passengers" ADD CONSTRAINT "dispatch_stop_passengers_passenger_id_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispatch_stop_passengers_stop_idx" ON "dispatch_stop_passengers" USING btree ("stop_id");--> statement-breakpoint
CREATE TABLE "published_pickups" (
	"passenger_id" integer NOT NULL,
	"leg" text NOT NULL,
	"event_date_id" integer NOT NULL,
	"plan_version" integer NOT NULL,
	"run_id" integer,
	"vehicle_id" integer,
	"time" timestamp with time zone NOT NULL,
	"departs_at" timestamp with time zone NOT NULL,
	"address" text NOT NULL,
	"county_id" integer,
	"told_time" timestamp with time zone,
	"told_vehicle_id" integer,
	"told_at" timestamp with time zone,
	CONSTRAINT "published_pickups_passenger_id_leg_pk" PRIMARY KEY("passenger_id","leg"),
	CONSTRAINT "published_pickups_leg_check" CHECK ("leg" IN ('outbound', 'return'))
);
--> statement-breakpoint
ALTER TABLE "published_pickups" ADD CONSTRAINT "published_pickups_passenger_id_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_pickups" ADD CONSTRAINT "published_pickups_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "published_pickups_date_idx" ON "published_pickups" USING btree ("event_date_id","leg");--> statement-breakpoint
CREATE TABLE "driver_actions" (
	"nonce" text PRIMARY KEY NOT NULL,
	"driver_id" integer NOT NULL,
	"run_id" integer,
	"action" text NOT NULL,
	"passenger_id" integer,
	"stop_position" integer,
	"happened_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_actions_action_check" CHECK ("action" IN ('check_in', 'no_show', 'next_stop'))
);
--> statement-breakpoint
ALTER TABLE "driver_actions" ADD CONSTRAINT "driver_actions_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_actions" ADD CONSTRAINT "driver_actions_run_id_dispatch_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."dispatch_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "run_boardings" (
	"passenger_id" integer NOT NULL,
	"leg" text NOT NULL,
	"state" text NOT NULL,
	"driver_id" integer,
	"at" timestamp with time zone NOT NULL,
	"nonce" text NOT NULL,
	CONSTRAINT "run_boardings_passenger_id_leg_pk" PRIMARY KEY("passenger_id","leg"),
	CONSTRAINT "run_boardings_leg_check" CHECK ("leg" IN ('outbound', 'return')),
	CONSTRAINT "run_boardings_state_check" CHECK ("state" IN ('boarded', 'no_show'))
);
--> statement-breakpoint
ALTER TABLE "run_boardings" ADD CONSTRAINT "run_boardings_passenger_id_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_boardings" ADD CONSTRAINT "run_boardings_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
