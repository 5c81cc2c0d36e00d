ALTER TABLE "event_requests" ADD COLUMN "guests_expected" integer;--> statement-breakpoint
ALTER TABLE "event_requests" ADD COLUMN "pickup_province_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "event_requests" ADD COLUMN "payer" text DEFAULT 'organiser' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_requests" ADD CONSTRAINT "event_requests_payer_check" CHECK ("payer" in ('organiser', 'guests'));--> statement-breakpoint
ALTER TABLE "event_requests" ADD COLUMN "quote" jsonb;--> statement-breakpoint
ALTER TABLE "event_requests" ADD COLUMN "quote_state" text;--> statement-breakpoint
ALTER TABLE "event_requests" ADD CONSTRAINT "event_requests_quote_state_check" CHECK ("quote_state" is null or "quote_state" in ('quoted', 'paid', 'invoiced', 'guests_pay', 'waived'));--> statement-breakpoint
ALTER TABLE "event_requests" ADD COLUMN "quoted_seats" integer;--> statement-breakpoint
-- Requests approved before quotes existed were carried free of charge and their invitations already sent.
UPDATE "event_requests" SET "quote_state" = 'waived', "quoted_seats" = (SELECT coalesce(sum("seats"), 0) FROM "guests" WHERE "guests"."request_id" = "event_requests"."id") WHERE "state" = 'approved';--> statement-breakpoint
CREATE TABLE "request_payments" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"kind" text NOT NULL,
	"seats" integer NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "request_payments_kind_check" CHECK ("kind" in ('quote', 'seats'))
);
--> statement-breakpoint
ALTER TABLE "request_payments" ADD CONSTRAINT "request_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_payments" ADD CONSTRAINT "request_payments_request_id_event_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."event_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_payments_request_idx" ON "request_payments" USING btree ("request_id");--> statement-breakpoint
CREATE TABLE "payment_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_order_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"deadline" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_shares" ADD CONSTRAINT "payment_shares_buyer_order_id_orders_id_fk" FOREIGN KEY ("buyer_order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_shares" ADD CONSTRAINT "payment_shares_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_shares_order_idx" ON "payment_shares" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_shares_token_idx" ON "payment_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "payment_shares_buyer_idx" ON "payment_shares" USING btree ("buyer_order_id");
