-- The seat counter's lock on the subcategories it counts becomes a shared advisory lock (same keys, same order, same
-- waits) instead of a FOR KEY SHARE row lock on product_variants: under an on-sale rush every purchase key-share-locked
-- the same row, and each new set of lockers made PostgreSQL write a multixact and dirty the row's page. The back
-- office takes the exclusive lock of the same key before it recounts and changes a stock or a pool.
CREATE OR REPLACE FUNCTION seat_counts_apply(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  over integer;
BEGIN
  -- A shared lock on each subcategory sold, in id order, which a back-office stock or pool change (the exclusive
  -- lock of the same key, src/server/db/seat-stock-lock.ts) waits for and makes this wait for; the count below is a
  -- new statement, so it reads the stock and pools that change committed. An advisory lock, not a row lock: it lives
  -- in memory only, where FOR KEY SHARE on one hot row from many buyers at once wrote a new multixact per sale.
  -- 1919906676 is "rost" in ASCII, a key the shop alone uses.
  PERFORM pg_advisory_xact_lock_shared(1919906676, variant)
  FROM (SELECT DISTINCT (c->>'v')::int AS variant FROM jsonb_array_elements(changes) AS c WHERE (c->>'n')::int > 0) AS sold
  ORDER BY variant;
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
