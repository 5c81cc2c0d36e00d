CREATE TABLE "staff_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "van_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"passenger_id" integer NOT NULL,
	"leg" text NOT NULL,
	"staff_id" integer,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_actions" ADD CONSTRAINT "staff_actions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_actions" ADD CONSTRAINT "staff_actions_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "van_notices" ADD CONSTRAINT "van_notices_passenger_id_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "van_notices" ADD CONSTRAINT "van_notices_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_actions_order_action_idx" ON "staff_actions" USING btree ("order_id","action");--> statement-breakpoint
CREATE UNIQUE INDEX "van_notices_passenger_leg_idx" ON "van_notices" USING btree ("passenger_id","leg");