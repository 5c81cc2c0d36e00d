-- The seat counter takes its changes as three lists (subcategory, date, seats) instead of a JSON document, and a
-- sale's trigger hands them over in the statement that groups its tickets: a sale ran four statements in the
-- counter (build the document, call the counter, lock, count) and now runs three (call, lock, count), with no JSON
-- built and read back. The pools' update is its own statement, run only when a subcategory sold is in a pool: a
-- data-modifying part of a statement opens its table and every index of it on each run, even when it writes no row.
DROP FUNCTION IF EXISTS seat_counts_apply(jsonb);--> statement-breakpoint
CREATE FUNCTION seat_counts_apply(variants integer[], dates integer[], seats integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  over integer;
  pooled boolean;
BEGIN
  -- A shared lock on each subcategory sold, in id order, which a back-office stock or pool change (the exclusive
  -- lock of the same key, src/server/db/seat-stock-lock.ts) waits for and makes this wait for; the count below is a
  -- new statement, so it reads the stock and pools that change committed. An advisory lock, not a row lock: it lives
  -- in memory only, where FOR KEY SHARE on one hot row from many buyers at once wrote a new multixact per sale.
  -- 1919906676 is "rost" in ASCII, a key the shop alone uses.
  PERFORM pg_advisory_xact_lock_shared(1919906676, variant)
  FROM (SELECT DISTINCT c.variant FROM unnest(variants, seats) AS c(variant, n) WHERE c.n > 0) AS sold
  ORDER BY variant;
  -- The seat counter: one conditional write over the subcategory counts (each subcategory and date once per call).
  WITH delta AS (
    SELECT d.variant, d.date, d.n FROM unnest(variants, dates, seats) AS d(variant, date, n)
  ), taken AS (
    INSERT INTO seat_counts AS s (product_variant_id, event_date_id, taken)
    SELECT variant, date, n FROM delta ORDER BY variant, date
    ON CONFLICT (product_variant_id, event_date_id) DO UPDATE SET taken = s.taken + excluded.taken
    RETURNING s.product_variant_id, s.event_date_id, s.taken, s.stock
  )
  SELECT count(*) FILTER (WHERE delta.n > 0 AND taken.taken > coalesce(taken.stock, v.stock)),
         coalesce(bool_or(EXISTS (SELECT 1 FROM seat_pool_variants m WHERE m.product_variant_id = delta.variant AND m.event_date_id = delta.date)), false)
  INTO over, pooled
  FROM taken
  JOIN delta ON delta.variant = taken.product_variant_id AND delta.date = taken.event_date_id
  JOIN product_variants v ON v.id = taken.product_variant_id;
  IF over > 0 THEN
    PERFORM shop_refuse('stock_exhausted');
  END IF;
  IF pooled THEN
    WITH pool_delta AS (
      -- Seats, not tickets: a pair's ticket takes two of the vans' seats.
      SELECT m.pool_id, sum(d.n * v.capacity)::int AS seats
      FROM unnest(variants, dates, seats) AS d(variant, date, n)
      JOIN seat_pool_variants m ON m.product_variant_id = d.variant AND m.event_date_id = d.date
      JOIN product_variants v ON v.id = d.variant
      GROUP BY m.pool_id
    ), pooled AS (
      UPDATE seat_pools AS p SET taken = p.taken + pool_delta.seats
      FROM pool_delta WHERE p.id = pool_delta.pool_id AND pool_delta.seats <> 0
      RETURNING p.taken, p.seats, pool_delta.seats AS added
    )
    SELECT count(*) INTO over FROM pooled WHERE pooled.added > 0 AND pooled.taken > pooled.seats;
    IF over > 0 THEN
      PERFORM shop_refuse('stock_exhausted');
    END IF;
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION seat_counts_tickets_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seat_counts_apply(array_agg(variant), array_agg(date), array_agg(n)) FROM (
    SELECT t.product_variant_id AS variant, o.event_date_id AS date, count(*)::int AS n
    FROM added t JOIN orders o ON o.id = t.order_id
    WHERE o.event_date_id IS NOT NULL AND o.state IN ('paid', 'awaiting_payment', 'awaiting_transfer_payment')
    GROUP BY 1, 2
  ) AS grouped
  HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION seat_counts_tickets_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seat_counts_apply(array_agg(variant), array_agg(date), array_agg(-n)) FROM (
    SELECT t.product_variant_id AS variant, o.event_date_id AS date, count(*)::int AS n
    FROM removed t JOIN orders o ON o.id = t.order_id
    WHERE o.event_date_id IS NOT NULL AND o.state IN ('paid', 'awaiting_payment', 'awaiting_transfer_payment')
    GROUP BY 1, 2
  ) AS grouped
  HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION seat_counts_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seat_counts_apply(array_agg(variant), array_agg(date), array_agg(n)) FROM (
    SELECT variant, date, sum(n)::int AS n FROM (
      SELECT t.product_variant_id AS variant, b.event_date_id AS date, -count(*) AS n
      FROM before_rows b JOIN tickets t ON t.order_id = b.id
      WHERE b.event_date_id IS NOT NULL AND b.state IN ('paid', 'awaiting_payment', 'awaiting_transfer_payment')
      GROUP BY 1, 2
      UNION ALL
      SELECT t.product_variant_id, a.event_date_id, count(*)
      FROM after_rows a JOIN tickets t ON t.order_id = a.id
      WHERE a.event_date_id IS NOT NULL AND a.state IN ('paid', 'awaiting_payment', 'awaiting_transfer_payment')
      GROUP BY 1, 2
    ) AS moves
    GROUP BY 1, 2
    HAVING sum(n) <> 0
  ) AS grouped
  HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION seat_counts_order_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.event_date_id IS NOT NULL AND OLD.state IN ('paid', 'awaiting_payment', 'awaiting_transfer_payment') THEN
    PERFORM seat_counts_apply(array_agg(variant), array_agg(OLD.event_date_id), array_agg(-n)) FROM (
      SELECT product_variant_id AS variant, count(*)::int AS n FROM tickets WHERE order_id = OLD.id GROUP BY 1
    ) AS grouped
    HAVING count(*) > 0;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
-- An offer's seats count while it runs. An offer changed in place (its seats, subcategory or date) is one entry per
-- subcategory and date: the counter's write may touch each count row once.
CREATE OR REPLACE FUNCTION waiting_list_seats_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  variants integer[] := '{}';
  dates integer[] := '{}';
  seats integer[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.state = 'offered' THEN
    variants := variants || OLD.product_variant_id;
    dates := dates || OLD.event_date_id;
    seats := seats || -OLD.seats;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.state = 'offered' THEN
    IF cardinality(variants) = 1 AND variants[1] = NEW.product_variant_id AND dates[1] = NEW.event_date_id THEN
      seats[1] := seats[1] + NEW.seats;
    ELSE
      variants := variants || NEW.product_variant_id;
      dates := dates || NEW.event_date_id;
      seats := seats || NEW.seats;
    END IF;
  END IF;
  IF cardinality(variants) = 1 AND seats[1] = 0 THEN
    RETURN NULL;
  END IF;
  IF cardinality(variants) > 0 THEN PERFORM seat_counts_apply(variants, dates, seats); END IF;
  RETURN NULL;
END $$;
