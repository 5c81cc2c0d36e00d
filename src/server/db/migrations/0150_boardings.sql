-- One word per idea: a passenger aboard a leg is a boarding, whoever saw it (the door or the driver), so the one
-- boarding record `check_ins` becomes `boardings`, and a second offline scan kept beside it, `check_in_conflicts`,
-- becomes `boarding_conflicts` (its `check_in_id` is `boarding_id`). Renaming keeps every row, id, default and
-- reference; the sequences, keys, checks and indexes take the names a table created under the new name would have,
-- as the Drizzle schema spells them.
ALTER TABLE "check_ins" RENAME TO "boardings";--> statement-breakpoint
ALTER TABLE "check_in_conflicts" RENAME TO "boarding_conflicts";--> statement-breakpoint
ALTER TABLE "boarding_conflicts" RENAME COLUMN "check_in_id" TO "boarding_id";--> statement-breakpoint
ALTER SEQUENCE "check_ins_id_seq" RENAME TO "boardings_id_seq";--> statement-breakpoint
ALTER SEQUENCE "check_in_conflicts_id_seq" RENAME TO "boarding_conflicts_id_seq";--> statement-breakpoint
ALTER TABLE "boardings" RENAME CONSTRAINT "check_ins_leg_check" TO "boardings_leg_check";--> statement-breakpoint
ALTER TABLE "boardings" RENAME CONSTRAINT "check_ins_boarded_by_check" TO "boardings_boarded_by_check";--> statement-breakpoint
ALTER TABLE "boarding_conflicts" RENAME CONSTRAINT "check_in_conflicts_leg_check" TO "boarding_conflicts_leg_check";--> statement-breakpoint
ALTER TABLE "boarding_conflicts" RENAME CONSTRAINT "check_in_conflicts_check_in_id_check_ins_id_fk" TO "boarding_conflicts_boarding_id_boardings_id_fk";--> statement-breakpoint
ALTER INDEX "check_ins_passenger_leg_idx" RENAME TO "boardings_passenger_leg_idx";--> statement-breakpoint
ALTER INDEX "check_ins_order_idx" RENAME TO "boardings_order_idx";--> statement-breakpoint
ALTER INDEX "check_ins_nonce_idx" RENAME TO "boardings_nonce_idx";--> statement-breakpoint
ALTER INDEX "check_in_conflicts_scan_idx" RENAME TO "boarding_conflicts_scan_idx";--> statement-breakpoint
ALTER INDEX "check_in_conflicts_order_idx" RENAME TO "boarding_conflicts_order_idx";--> statement-breakpoint
-- The rest keep their table's former name as a prefix: the primary keys, the foreign keys (drizzle's
-- `<table>_<column>_<table>_<column>_fk`) and, on PostgreSQL 18 and PGlite, each NOT NULL constraint. Older
-- servers keep no NOT NULL constraints, and a constraint already renamed above is not seen again.
DO $$
DECLARE
  constraint_row record;
BEGIN
  FOR constraint_row IN
    SELECT rel.relname AS table_name, con.conname AS old_name,
      CASE WHEN con.contype = 'n' THEN format('%s_%s_not_null', rel.relname, att.attname)
           WHEN rel.relname = 'boardings' THEN regexp_replace(con.conname, '^check_ins_', 'boardings_')
           ELSE regexp_replace(con.conname, '^check_in_conflicts_', 'boarding_conflicts_') END AS new_name
    FROM pg_constraint con
    JOIN pg_class rel ON rel.oid = con.conrelid
    JOIN pg_namespace nsp ON nsp.oid = rel.relnamespace AND nsp.nspname = current_schema()
    JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = con.conkey[1]
    WHERE rel.relname IN ('boardings', 'boarding_conflicts') AND con.contype IN ('n', 'p', 'f')
  LOOP
    IF constraint_row.old_name <> constraint_row.new_name THEN
      EXECUTE format('ALTER TABLE %I RENAME CONSTRAINT %I TO %I', constraint_row.table_name, constraint_row.old_name, constraint_row.new_name);
    END IF;
  END LOOP;
END $$;
