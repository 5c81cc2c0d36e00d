CREATE TABLE "seat_counts" (
	"product_variant_id" integer NOT NULL,
	"event_date_id" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "seat_counts_product_variant_id_event_date_id_pk" PRIMARY KEY("product_variant_id","event_date_id")
);
--> statement-breakpoint
ALTER TABLE "seat_counts" ADD CONSTRAINT "seat_counts_product_variant_id_product_variants_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_counts" ADD CONSTRAINT "seat_counts_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_requests_event_idx" ON "event_requests" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "orders_hold_idx" ON "orders" USING btree ("hold_expires_at") WHERE "orders"."hold_expires_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
-- Seat counts are kept by the database itself, so every writer (the purchase, releases, the payment that
-- revives a lapsed order, the seed, staff tools, tests) keeps them right in its own transaction.
-- A refusal the shop translates: SQLSTATE RD001 with the ShopError code as its message.
CREATE FUNCTION shop_refuse(code text) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'RD001', MESSAGE = code;
END $$;
--> statement-breakpoint
-- Adds `delta` seats per (variant, date); an increase past the variant's stock refuses the whole statement.
-- Rows are taken in key order, so two purchases of the same subcategories never wait on each other in a circle.
CREATE FUNCTION seat_counts_apply(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  over integer;
BEGIN
  -- The lightest lock on the subcategories sold, which a back-office stock change (FOR UPDATE) waits for and
  -- makes this wait for; the count below is a new statement, so it reads the stock that change committed.
  PERFORM 1 FROM product_variants
  WHERE id IN (SELECT (c->>'v')::int FROM jsonb_array_elements(changes) AS c WHERE (c->>'n')::int > 0)
  ORDER BY id FOR KEY SHARE;
  WITH delta AS (
    SELECT (c->>'v')::int AS variant, (c->>'d')::int AS date, (c->>'n')::int AS n
    FROM jsonb_array_elements(changes) AS c
  ), taken AS (
    INSERT INTO seat_counts AS s (product_variant_id, event_date_id, taken)
    SELECT variant, date, n FROM delta ORDER BY variant, date
    ON CONFLICT (product_variant_id, event_date_id) DO UPDATE SET taken = s.taken + excluded.taken
    RETURNING s.product_variant_id, s.event_date_id, s.taken
  )
  SELECT count(*) INTO over
  FROM taken
  JOIN delta ON delta.variant = taken.product_variant_id AND delta.date = taken.event_date_id
  JOIN product_variants v ON v.id = taken.product_variant_id
  WHERE delta.n > 0 AND taken.taken > v.stock;
  IF over > 0 THEN
    PERFORM shop_refuse('stock_exhausted');
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION seat_counts_tickets_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  SELECT jsonb_agg(jsonb_build_object('v', variant, 'd', date, 'n', n)) INTO changes FROM (
    SELECT t.product_variant_id AS variant, o.event_date_id AS date, count(*) AS n
    FROM added t JOIN orders o ON o.id = t.order_id
    WHERE o.event_date_id IS NOT NULL AND o.state IN ('paid', 'awaiting_payment', 'awaiting_transfer_payment')
    GROUP BY 1, 2
  ) AS grouped;
  IF changes IS NOT NULL THEN PERFORM seat_counts_apply(changes); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER seat_counts_tickets_insert AFTER INSERT ON tickets
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION seat_counts_tickets_added();
--> statement-breakpoint
-- Tickets deleted while their order stays (an order's own deletion is counted by the trigger below, before
-- its tickets go with it).
CREATE FUNCTION seat_counts_tickets_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  SELECT jsonb_agg(jsonb_build_object('v', variant, 'd', date, 'n', -n)) INTO changes FROM (
    SELECT t.product_variant_id AS variant, o.event_date_id AS date, count(*) AS n
    FROM removed t JOIN orders o ON o.id = t.order_id
    WHERE o.event_date_id IS NOT NULL AND o.state IN ('paid', 'awaiting_payment', 'awaiting_transfer_payment')
    GROUP BY 1, 2
  ) AS grouped;
  IF changes IS NOT NULL THEN PERFORM seat_counts_apply(changes); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER seat_counts_tickets_delete AFTER DELETE ON tickets
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION seat_counts_tickets_removed();
--> statement-breakpoint
-- An order entering or leaving the seat-holding states (or moving to another date) moves its tickets' seats.
CREATE FUNCTION seat_counts_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  SELECT jsonb_agg(jsonb_build_object('v', variant, 'd', date, 'n', n)) INTO changes FROM (
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
  ) AS grouped;
  IF changes IS NOT NULL THEN PERFORM seat_counts_apply(changes); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER seat_counts_orders_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION seat_counts_orders_changed();
--> statement-breakpoint
CREATE FUNCTION seat_counts_order_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF OLD.event_date_id IS NOT NULL AND OLD.state IN ('paid', 'awaiting_payment', 'awaiting_transfer_payment') THEN
    SELECT jsonb_agg(jsonb_build_object('v', variant, 'd', OLD.event_date_id, 'n', -n)) INTO changes FROM (
      SELECT product_variant_id AS variant, count(*) AS n FROM tickets WHERE order_id = OLD.id GROUP BY 1
    ) AS grouped;
    IF changes IS NOT NULL THEN PERFORM seat_counts_apply(changes); END IF;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER seat_counts_orders_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION seat_counts_order_deleted();
--> statement-breakpoint
INSERT INTO seat_counts (product_variant_id, event_date_id, taken)
SELECT t.product_variant_id, o.event_date_id, count(*)::int
FROM tickets t JOIN orders o ON o.id = t.order_id
WHERE o.event_date_id IS NOT NULL AND o.state IN ('paid', 'awaiting_payment', 'awaiting_transfer_payment')
GROUP BY 1, 2;
