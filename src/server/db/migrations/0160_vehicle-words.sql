-- One word per idea: what carries passengers is a vehicle, so the tables naming it say so: `van_positions` (where a
-- run's vehicle was) becomes `vehicle_positions`, `van_arrivals` (the "arriving" text told per stop) becomes
-- `vehicle_arrivals`, and `van_notices` (told per passenger and leg) becomes `vehicle_notices`. Renaming keeps every
-- row, id, default and reference; the sequences, keys, checks and indexes take the names a table created under the
-- new name would have, as the Drizzle schema spells them. Pending and delivered outbox jobs of the automatic
-- "arriving" text take the kind their handler is now registered under (the former kind is still delivered, for a
-- row an older process writes during a deploy).
ALTER TABLE "van_positions" RENAME TO "vehicle_positions";--> statement-breakpoint
ALTER TABLE "van_arrivals" RENAME TO "vehicle_arrivals";--> statement-breakpoint
ALTER TABLE "van_notices" RENAME TO "vehicle_notices";--> statement-breakpoint
ALTER SEQUENCE "van_positions_id_seq" RENAME TO "vehicle_positions_id_seq";--> statement-breakpoint
ALTER SEQUENCE "van_arrivals_id_seq" RENAME TO "vehicle_arrivals_id_seq";--> statement-breakpoint
ALTER SEQUENCE "van_notices_id_seq" RENAME TO "vehicle_notices_id_seq";--> statement-breakpoint
ALTER TABLE "vehicle_positions" RENAME CONSTRAINT "van_positions_lat_check" TO "vehicle_positions_lat_check";--> statement-breakpoint
ALTER TABLE "vehicle_positions" RENAME CONSTRAINT "van_positions_lon_check" TO "vehicle_positions_lon_check";--> statement-breakpoint
ALTER TABLE "vehicle_arrivals" RENAME CONSTRAINT "van_arrivals_leg_check" TO "vehicle_arrivals_leg_check";--> statement-breakpoint
ALTER TABLE "vehicle_arrivals" RENAME CONSTRAINT "van_arrivals_source_check" TO "vehicle_arrivals_source_check";--> statement-breakpoint
ALTER TABLE "vehicle_notices" RENAME CONSTRAINT "van_notices_leg_check" TO "vehicle_notices_leg_check";--> statement-breakpoint
ALTER INDEX "van_positions_run_at_idx" RENAME TO "vehicle_positions_run_at_idx";--> statement-breakpoint
ALTER INDEX "van_arrivals_run_leg_stop_idx" RENAME TO "vehicle_arrivals_run_leg_stop_idx";--> statement-breakpoint
ALTER INDEX "van_notices_passenger_leg_idx" RENAME TO "vehicle_notices_passenger_leg_idx";--> statement-breakpoint
-- The rest keep their table's former name as a prefix: the primary keys (and their indexes with them), the foreign
-- keys (drizzle's `<table>_<column>_<table>_<column>_fk`) and, on PostgreSQL 18 and PGlite, each NOT NULL
-- constraint (`<table>_<column>_not_null`). Older servers keep no NOT NULL constraints.
DO $$
DECLARE
  constraint_row record;
BEGIN
  FOR constraint_row IN
    SELECT rel.relname AS table_name, con.conname AS old_name,
      regexp_replace(con.conname, '^van_', 'vehicle_') AS new_name
    FROM pg_constraint con
    JOIN pg_class rel ON rel.oid = con.conrelid
    JOIN pg_namespace nsp ON nsp.oid = rel.relnamespace AND nsp.nspname = current_schema()
    WHERE rel.relname IN ('vehicle_positions', 'vehicle_arrivals', 'vehicle_notices') AND con.conname LIKE 'van\_%'
  LOOP
    EXECUTE format('ALTER TABLE %I RENAME CONSTRAINT %I TO %I', constraint_row.table_name, constraint_row.old_name, constraint_row.new_name);
  END LOOP;
END $$;--> statement-breakpoint
UPDATE "outbox" SET "kind" = 'live.vehicle-arriving' WHERE "kind" = 'live.van-arriving';
