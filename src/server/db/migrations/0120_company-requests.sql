-- One word per idea: a quote is only a private event's. The about-us form where a company asks the shop for a
-- price is a company request, so `quote_requests` becomes `company_requests`. Renaming keeps every row, id, default
-- and reference; the sequence and keys take the new names with their table, as the Drizzle schema spells them.
ALTER TABLE "quote_requests" RENAME TO "company_requests";--> statement-breakpoint
ALTER SEQUENCE "quote_requests_id_seq" RENAME TO "company_requests_id_seq";--> statement-breakpoint
ALTER TABLE "company_requests" RENAME CONSTRAINT "quote_requests_pkey" TO "company_requests_pkey";--> statement-breakpoint
ALTER TABLE "company_requests" RENAME CONSTRAINT "quote_requests_country_code_countries_code_fk" TO "company_requests_country_code_countries_code_fk";--> statement-breakpoint
-- PostgreSQL 18 (and the embedded PGlite) also names each NOT NULL constraint after its table and column: those
-- take the names a table created under the new name would have. Older servers keep none, and skip it.
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
    WHERE con.contype = 'n' AND rel.relname = 'company_requests'
  LOOP
    IF constraint_row.old_name <> constraint_row.new_name THEN
      EXECUTE format('ALTER TABLE %I RENAME CONSTRAINT %I TO %I', constraint_row.table_name, constraint_row.old_name, constraint_row.new_name);
    END IF;
  END LOOP;
END $$;
