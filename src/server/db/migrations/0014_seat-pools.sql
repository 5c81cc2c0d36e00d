-- A date's own stock of a subcategory, kept on the date's seat-count row; null: the subcategory's stock, as before.
ALTER TABLE "seat_counts" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "seat_counts" ADD CONSTRAINT "seat_counts_stock_check" CHECK ("stock" IS NULL OR "stock" >= 0);--> statement-breakpoint
-- A seat pool: the seats one event date drives in one province (its vans), shared by the subcategories that draw
-- on it. `taken` counts seats (tickets x passengers per ticket) and is kept by seat_counts_apply below.
CREATE TABLE "seat_pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_date_id" integer NOT NULL,
	"province_id" integer NOT NULL,
	"name" text NOT NULL,
	"seats" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "seat_pools_seats_check" CHECK ("seats" >= 0)
);
--> statement-breakpoint
ALTER TABLE "seat_pools" ADD CONSTRAINT "seat_pools_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_pools" ADD CONSTRAINT "seat_pools_province_id_provinces_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."provinces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_pools_event_date_idx" ON "seat_pools" USING btree ("event_date_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seat_pools_id_date_idx" ON "seat_pools" USING btree ("id", "event_date_id");--> statement-breakpoint
-- A subcategory draws on at most one pool per date (the key); the pool's date is repeated so the database holds it.
CREATE TABLE "seat_pool_variants" (
	"pool_id" integer NOT NULL,
	"product_variant_id" integer NOT NULL,
	"event_date_id" integer NOT NULL,
	CONSTRAINT "seat_pool_variants_product_variant_id_event_date_id_pk" PRIMARY KEY("product_variant_id","event_date_id")
);
--> statement-breakpoint
ALTER TABLE "seat_pool_variants" ADD CONSTRAINT "seat_pool_variants_pool_fk" FOREIGN KEY ("pool_id","event_date_id") REFERENCES "public"."seat_pools"("id","event_date_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_pool_variants" ADD CONSTRAINT "seat_pool_variants_product_variant_id_product_variants_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_pool_variants_pool_idx" ON "seat_pool_variants" USING btree ("pool_id");--> statement-breakpoint
-- Adds `delta` tickets per (variant, date) and their seats to the pools those draw on, in ONE statement; an increase
-- past the date's stock of the variant (its own, else the variant's) or past a pool's seats refuses the whole
-- statement. Every writer of tickets and orders reaches it through the triggers of migration 0005, so holds,
-- cancellations, expiries and refunds give their seats back to the same pool they took them from.
-- Lock order, the same for every purchase: the subcategory rows (key share, ordered), then the seat-count rows in key
-- order, then the pools (the pool update reads the finished seat-count upsert through an aggregate).
CREATE OR REPLACE FUNCTION seat_counts_apply(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  over integer;
BEGIN
  -- The lightest lock on the subcategories sold, which a back-office stock or pool change (FOR UPDATE) waits for and
  -- makes this wait for; the count below is a new statement, so it reads the stock and pools that change committed.
  PERFORM 1 FROM product_variants
  WHERE id IN (SELECT (c->>'v')::int FROM jsonb_array_elements(changes) AS c WHERE (c->>'n')::int > 0)
  ORDER BY id FOR KEY SHARE;
  -- The seat counter: one conditional write over the subcategory counts and their pools.
  WITH delta AS (
    SELECT (c->>'v')::int AS variant, (c->>'d')::int AS date, (c->>'n')::int AS n
    FROM jsonb_array_elements(changes) AS c
  ), taken AS (
    INSERT INTO seat_counts AS s (product_variant_id, event_date_id, taken)
    SELECT variant, date, n FROM delta ORDER BY variant, date
    ON CONFLICT (product_variant_id, event_date_id) DO UPDATE SET taken = s.taken + excluded.taken
    RETURNING s.product_variant_id, s.event_date_id, s.taken, s.stock
  ), pool_delta AS (
    -- Seats, not tickets: a pair's ticket takes two of the vans' seats.
    SELECT m.pool_id, sum(delta.n * v.capacity)::int AS seats
    FROM taken
    JOIN delta ON delta.variant = taken.product_variant_id AND delta.date = taken.event_date_id
    JOIN seat_pool_variants m ON m.product_variant_id = delta.variant AND m.event_date_id = delta.date
    JOIN product_variants v ON v.id = delta.variant
    GROUP BY m.pool_id
  ), pooled AS (
    UPDATE seat_pools AS p SET taken = p.taken + pool_delta.seats
    FROM pool_delta WHERE p.id = pool_delta.pool_id AND pool_delta.seats <> 0
    RETURNING p.taken, p.seats, pool_delta.seats AS added
  )
  SELECT (SELECT count(*)
          FROM taken
          JOIN delta ON delta.variant = taken.product_variant_id AND delta.date = taken.event_date_id
          JOIN product_variants v ON v.id = taken.product_variant_id
          WHERE delta.n > 0 AND taken.taken > coalesce(taken.stock, v.stock))
       + (SELECT count(*) FROM pooled WHERE pooled.added > 0 AND pooled.taken > pooled.seats)
  INTO over;
  IF over > 0 THEN
    PERFORM shop_refuse('stock_exhausted');
  END IF;
END $$;
