CREATE TABLE "van_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"driver_user_id" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"accuracy_m" double precision,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "van_positions_lat_check" CHECK ("lat" BETWEEN -90 AND 90),
	CONSTRAINT "van_positions_lon_check" CHECK ("lon" BETWEEN -180 AND 180)
);
--> statement-breakpoint
ALTER TABLE "van_positions" ADD CONSTRAINT "van_positions_run_id_dispatch_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."dispatch_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "van_positions" ADD CONSTRAINT "van_positions_driver_user_id_users_id_fk" FOREIGN KEY ("driver_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "van_positions_run_at_idx" ON "van_positions" USING btree ("run_id","at");
