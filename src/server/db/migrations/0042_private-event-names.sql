-- One word per idea: the tables of private events take the glossary's name. `event_requests` becomes
-- `private_events`, `request_payments` (the orders an organiser pays) `private_event_payments`, and the columns
-- naming a private event (`guests.request_id`, `request_payments.request_id`) `private_event_id`. Renaming keeps
-- every row, id, default and reference; the sequence, keys, indexes and checks take the new names with their
-- tables, as the Drizzle schema spells them. Pending outbox jobs that name a private event by `requestId` take
-- `privateEventId`, the name their handlers now read.
ALTER TABLE "event_requests" RENAME TO "private_events";--> statement-breakpoint
ALTER SEQUENCE "event_requests_id_seq" RENAME TO "private_events_id_seq";--> statement-breakpoint
ALTER TABLE "private_events" RENAME CONSTRAINT "event_requests_pkey" TO "private_events_pkey";--> statement-breakpoint
ALTER TABLE "private_events" RENAME CONSTRAINT "event_requests_owner_id_users_id_fk" TO "private_events_owner_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "private_events" RENAME CONSTRAINT "event_requests_county_id_counties_id_fk" TO "private_events_county_id_counties_id_fk";--> statement-breakpoint
ALTER TABLE "private_events" RENAME CONSTRAINT "event_requests_event_id_events_id_fk" TO "private_events_event_id_events_id_fk";--> statement-breakpoint
ALTER TABLE "private_events" RENAME CONSTRAINT "event_requests_state_check" TO "private_events_state_check";--> statement-breakpoint
ALTER TABLE "private_events" RENAME CONSTRAINT "event_requests_payer_check" TO "private_events_payer_check";--> statement-breakpoint
ALTER TABLE "private_events" RENAME CONSTRAINT "event_requests_quote_state_check" TO "private_events_quote_state_check";--> statement-breakpoint
ALTER INDEX "event_requests_owner_idx" RENAME TO "private_events_owner_idx";--> statement-breakpoint
ALTER INDEX "event_requests_event_idx" RENAME TO "private_events_event_idx";--> statement-breakpoint
ALTER TABLE "guests" RENAME COLUMN "request_id" TO "private_event_id";--> statement-breakpoint
ALTER TABLE "guests" RENAME CONSTRAINT "guests_request_id_event_requests_id_fk" TO "guests_private_event_id_private_events_id_fk";--> statement-breakpoint
ALTER INDEX "guests_request_idx" RENAME TO "guests_private_event_idx";--> statement-breakpoint
ALTER TABLE "request_payments" RENAME TO "private_event_payments";--> statement-breakpoint
ALTER TABLE "private_event_payments" RENAME COLUMN "request_id" TO "private_event_id";--> statement-breakpoint
ALTER TABLE "private_event_payments" RENAME CONSTRAINT "request_payments_pkey" TO "private_event_payments_pkey";--> statement-breakpoint
ALTER TABLE "private_event_payments" RENAME CONSTRAINT "request_payments_kind_check" TO "private_event_payments_kind_check";--> statement-breakpoint
ALTER TABLE "private_event_payments" RENAME CONSTRAINT "request_payments_order_id_orders_id_fk" TO "private_event_payments_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "private_event_payments" RENAME CONSTRAINT "request_payments_request_id_event_requests_id_fk" TO "private_event_payments_private_event_id_private_events_id_fk";--> statement-breakpoint
ALTER INDEX "request_payments_request_idx" RENAME TO "private_event_payments_private_event_idx";--> statement-breakpoint
-- PostgreSQL 18 (and the embedded PGlite) also names each NOT NULL constraint after its table and column: those
-- take the names a table created under the new names would have. Older servers keep none, and skip it.
DO $$
DECLARE
  constraint_row record;
BEGIN
  FOR constraint_row IN
    SELECT rel.relname AS table_name, con.conname AS old_name, format('%s_%s_not_null', rel.relname, att.attname) AS new_name
    FROM pg_constraint con
    JOIN pg_class rel ON rel.oid = con.conrelid
    JOIN pg_namespace nsp ON nsp.oid = rel.relnamespace AND nsp.nspname = current_schema()
    JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = con.conkey[1]
    WHERE con.contype = 'n' AND rel.relname IN ('private_events', 'private_event_payments', 'guests')
  LOOP
    IF constraint_row.old_name <> constraint_row.new_name THEN
      EXECUTE format('ALTER TABLE %I RENAME CONSTRAINT %I TO %I', constraint_row.table_name, constraint_row.old_name, constraint_row.new_name);
    END IF;
  END LOOP;
END $$;--> statement-breakpoint
UPDATE "outbox" SET "payload" = ("payload" - 'requestId') || jsonb_build_object('privateEventId', "payload" -> 'requestId')
  WHERE "kind" IN ('private-event.release', 'private-event.decision') AND "payload" ? 'requestId';
