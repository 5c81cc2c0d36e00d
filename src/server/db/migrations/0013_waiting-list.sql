CREATE TABLE "waiting_list" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"event_date_id" integer NOT NULL,
	"product_variant_id" integer NOT NULL,
	"seats" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_list_seats_check" CHECK ("seats" BETWEEN 1 AND 10),
	CONSTRAINT "waiting_list_state_check" CHECK ("state" IN ('waiting', 'offered', 'booked', 'expired', 'left'))
);
--> statement-breakpoint
ALTER TABLE "waiting_list" ADD CONSTRAINT "waiting_list_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list" ADD CONSTRAINT "waiting_list_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list" ADD CONSTRAINT "waiting_list_event_date_id_event_dates_id_fk" FOREIGN KEY ("event_date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list" ADD CONSTRAINT "waiting_list_product_variant_id_product_variants_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list" ADD CONSTRAINT "waiting_list_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- One place in line per person, date and subcategory while it is waiting or holding an offer.
CREATE UNIQUE INDEX "waiting_list_active_idx" ON "waiting_list" USING btree ("user_id", "event_date_id", "product_variant_id") WHERE "state" IN ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waiting_list_line_idx" ON "waiting_list" USING btree ("product_variant_id", "event_date_id", "id");--> statement-breakpoint
CREATE INDEX "waiting_list_event_idx" ON "waiting_list" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "waiting_list_offer_idx" ON "waiting_list" USING btree ("offer_expires_at") WHERE "offer_expires_at" is not null;--> statement-breakpoint
-- Seats offered to the next in line are held in the seat count, as an unpaid order's are: nobody else can buy
-- them while the offer runs, and every writer (the offer, its expiry, the purchase that uses it, a deleted
-- account) keeps the count right in its own transaction. An offer that would pass the stock refuses the statement.
CREATE FUNCTION waiting_list_seats_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb := '[]'::jsonb;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.state = 'offered' THEN
    changes := changes || jsonb_build_array(jsonb_build_object('v', OLD.product_variant_id, 'd', OLD.event_date_id, 'n', -OLD.seats));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.state = 'offered' THEN
    changes := changes || jsonb_build_array(jsonb_build_object('v', NEW.product_variant_id, 'd', NEW.event_date_id, 'n', NEW.seats));
  END IF;
  IF jsonb_array_length(changes) = 2 AND (changes->0->>'v') = (changes->1->>'v') AND (changes->0->>'d') = (changes->1->>'d')
     AND (changes->0->>'n')::int + (changes->1->>'n')::int = 0 THEN
    RETURN NULL;
  END IF;
  IF jsonb_array_length(changes) > 0 THEN PERFORM seat_counts_apply(changes); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER waiting_list_seats AFTER INSERT OR UPDATE OR DELETE ON waiting_list
  FOR EACH ROW EXECUTE FUNCTION waiting_list_seats_changed();
