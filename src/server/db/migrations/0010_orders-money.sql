CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"split_order_id" integer,
	"payment_id" integer,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"state" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"gateway_answer" jsonb,
	"bank_details" text,
	"requested_by" integer,
	"paid_by" integer,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("amount" > 0),
	CONSTRAINT "refunds_state_check" CHECK ("state" IN ('pending', 'awaiting_manual', 'refunded')),
	CONSTRAINT "refunds_reason_check" CHECK ("reason" IN ('requested', 'customer_cancelled', 'event_cancelled', 'seats_resold'))
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_split_order_id_orders_id_fk" FOREIGN KEY ("split_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_idx" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_state_idx" ON "refunds" USING btree ("state");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "split_from_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_split_from_id_orders_id_fk" FOREIGN KEY ("split_from_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Staff search names as people type them: without case or accents ("penaloza" finds "Peñaloza"). Hand-made
-- because the embedded database has no unaccent extension.
CREATE FUNCTION shop_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT translate(lower(value), 'áàäâãåéèëêíìïîóòöôõúùüûñçý', 'aaaaaaeeeeiiiiooooouuuuncy')
$$;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancel_free_hours" integer DEFAULT 48;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancel_late_keep_percent" integer;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_cancel_free_hours_check" CHECK ("cancel_free_hours" IS NULL OR "cancel_free_hours" BETWEEN 0 AND 8760);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_cancel_late_keep_percent_check" CHECK ("cancel_late_keep_percent" IS NULL OR "cancel_late_keep_percent" BETWEEN 0 AND 100);
--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "kind" text DEFAULT 'percentage' NOT NULL;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "amount" integer;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "per_customer_limit" integer;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "variant_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_kind_check" CHECK ("kind" IN ('percentage', 'fixed'));--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_amount_check" CHECK ("amount" IS NULL OR "amount" >= 0);--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_per_customer_limit_check" CHECK ("per_customer_limit" IS NULL OR "per_customer_limit" >= 1);
