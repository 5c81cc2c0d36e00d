-- A check-in is one passenger boarding one leg. Until now it was one per order and leg: an order's check-in
-- let every passenger of the order in, so each existing one becomes a check-in of each of its passengers.
ALTER TABLE "check_ins" ADD COLUMN "passenger_id" integer;
--> statement-breakpoint
DROP INDEX "check_ins_order_leg_idx";
--> statement-breakpoint
INSERT INTO "check_ins" ("order_id", "ticket_id", "passenger_id", "leg", "staff_id", "nonce", "created_at")
SELECT c."order_id", t."id", p."id", c."leg", c."staff_id", c."nonce", c."created_at"
FROM "check_ins" c
JOIN "tickets" t ON t."order_id" = c."order_id"
JOIN "passengers" p ON p."ticket_id" = t."id"
WHERE c."passenger_id" IS NULL;
--> statement-breakpoint
DELETE FROM "check_ins" WHERE "passenger_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "check_ins" ALTER COLUMN "passenger_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_passenger_id_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."passengers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_passenger_leg_idx" ON "check_ins" USING btree ("passenger_id", "leg");
--> statement-breakpoint
CREATE INDEX "check_ins_order_idx" ON "check_ins" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "check_ins_nonce_idx" ON "check_ins" USING btree ("nonce");
--> statement-breakpoint
-- A second boarding of a passenger and leg recorded by another door while both were offline: kept beside the
-- check-in that stands (the earliest scan), for staff to look into.
CREATE TABLE "check_in_conflicts" (
	"id" serial PRIMARY KEY NOT NULL,
	"check_in_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"passenger_id" integer NOT NULL,
	"leg" text NOT NULL,
	"staff_id" integer,
	"nonce" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_conflicts_leg_check" CHECK ("leg" IN ('outbound', 'return'))
);
--> statement-breakpoint
ALTER TABLE "check_in_conflicts" ADD CONSTRAINT "check_in_conflicts_check_in_id_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."check_ins"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "check_in_conflicts" ADD CONSTRAINT "check_in_conflicts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "check_in_conflicts" ADD CONSTRAINT "check_in_conflicts_passenger_id_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."passengers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "check_in_conflicts" ADD CONSTRAINT "check_in_conflicts_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_conflicts_scan_idx" ON "check_in_conflicts" USING btree ("nonce", "passenger_id", "leg");
--> statement-breakpoint
CREATE INDEX "check_in_conflicts_order_idx" ON "check_in_conflicts" USING btree ("order_id");
