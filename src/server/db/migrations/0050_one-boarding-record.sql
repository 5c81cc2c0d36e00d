-- A passenger's boarding of a leg is one record, whoever saw it: the door's scanner and the driver's phone both
-- write `check_ins`, which now says who saw it (`boarded_by`). The driver's ticks kept so far in `run_boardings`
-- move there (a door's scan of the same passenger and leg stands, being already there), and `run_boardings` keeps
-- only the driver's no-show marks, none of a passenger aboard.
ALTER TABLE "check_ins" ADD COLUMN "boarded_by" text DEFAULT 'door' NOT NULL;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_boarded_by_check" CHECK ("boarded_by" IN ('driver', 'door'));--> statement-breakpoint
INSERT INTO "check_ins" ("order_id", "ticket_id", "passenger_id", "leg", "staff_id", "nonce", "created_at", "boarded_by")
SELECT t."order_id", p."ticket_id", b."passenger_id", b."leg", b."driver_id", b."nonce", b."at", 'driver'
FROM "run_boardings" b
JOIN "passengers" p ON p."id" = b."passenger_id"
JOIN "tickets" t ON t."id" = p."ticket_id"
WHERE b."state" = 'boarded'
ON CONFLICT ("passenger_id", "leg") DO NOTHING;--> statement-breakpoint
DELETE FROM "run_boardings" b
WHERE b."state" = 'boarded'
   OR EXISTS (SELECT 1 FROM "check_ins" c WHERE c."passenger_id" = b."passenger_id" AND c."leg" = b."leg");--> statement-breakpoint
ALTER TABLE "run_boardings" DROP CONSTRAINT "run_boardings_state_check";--> statement-breakpoint
ALTER TABLE "run_boardings" ADD CONSTRAINT "run_boardings_state_check" CHECK ("state" IN ('no_show'));
