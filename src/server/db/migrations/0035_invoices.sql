-- Invoices and credit notes. Each country numbers its documents from one counter row, bumped by the transaction
-- that pays the order (or writes the refund): the row lock makes concurrent payers wait their turn, and a
-- transaction that rolls back rolls its number back with it, so the sequence has no gaps. The triggers below issue
-- them whoever writes the change (a gateway's confirmation, staff confirming a transfer, a share, a quote).
CREATE TABLE "invoice_counters" (
	"country_code" varchar(2) PRIMARY KEY NOT NULL REFERENCES "countries"("code"),
	"last_invoice" integer DEFAULT 0 NOT NULL,
	"last_credit_note" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL CONSTRAINT "invoices_kind_check" CHECK ("kind" IN ('invoice', 'credit_note')),
	"country_code" varchar(2) NOT NULL REFERENCES "countries"("code"),
	"number" integer NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	-- A credit note's refund and the invoice it corrects.
	"refund_id" integer REFERENCES "refunds"("id") ON DELETE CASCADE,
	"invoice_id" integer REFERENCES "invoices"("id") ON DELETE CASCADE,
	"currency" varchar(3) NOT NULL,
	-- Tax-inclusive total of the document, minor units. The tax rate (basis points) and the tax in the total are
	-- fixed from the shop's settings when the document is first rendered (the database does not know the settings).
	"total" integer NOT NULL,
	"tax" integer,
	"tax_rate" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" ("country_code", "kind", "number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_invoice_idx" ON "invoices" ("order_id") WHERE "kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_refund_idx" ON "invoices" ("refund_id") WHERE "refund_id" IS NOT NULL;--> statement-breakpoint
-- An order's invoice, once: when it becomes paid (an order split off by a refund is written paid and is no sale).
CREATE OR REPLACE FUNCTION invoice_paid_order() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  country varchar(2);
  next_number integer;
BEGIN
  IF NEW.state <> 'paid' OR NEW.split_from_id IS NOT NULL THEN RETURN NEW; END IF;
  IF TG_OP = 'UPDATE' AND OLD.state = 'paid' THEN RETURN NEW; END IF;
  IF EXISTS (SELECT 1 FROM invoices WHERE order_id = NEW.id AND kind = 'invoice') THEN RETURN NEW; END IF;
  SELECT e.country_code INTO country FROM events e WHERE e.id = NEW.event_id;
  INSERT INTO invoice_counters AS c (country_code, last_invoice) VALUES (country, 1)
  ON CONFLICT (country_code) DO UPDATE SET last_invoice = c.last_invoice + 1
  RETURNING c.last_invoice INTO next_number;
  INSERT INTO invoices (kind, country_code, number, order_id, currency, total)
  VALUES ('invoice', country, next_number, NEW.id, NEW.currency, NEW.total);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_invoice" AFTER INSERT OR UPDATE OF "state" ON "orders" FOR EACH ROW EXECUTE FUNCTION invoice_paid_order();--> statement-breakpoint
-- A refund's credit note, pointing at the order's invoice (none without one: nothing was invoiced).
CREATE OR REPLACE FUNCTION credit_note_refund() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  invoice invoices%ROWTYPE;
  next_number integer;
BEGIN
  SELECT * INTO invoice FROM invoices WHERE order_id = NEW.order_id AND kind = 'invoice';
  IF NOT FOUND THEN RETURN NEW; END IF;
  UPDATE invoice_counters SET last_credit_note = last_credit_note + 1 WHERE country_code = invoice.country_code
  RETURNING last_credit_note INTO next_number;
  INSERT INTO invoices (kind, country_code, number, order_id, refund_id, invoice_id, currency, total)
  VALUES ('credit_note', invoice.country_code, next_number, NEW.order_id, NEW.id, invoice.id, NEW.currency, NEW.amount);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "refunds_credit_note" AFTER INSERT ON "refunds" FOR EACH ROW EXECUTE FUNCTION credit_note_refund();--> statement-breakpoint
-- Orders paid before invoices existed get theirs now, numbered per country in the order they were paid.
INSERT INTO invoice_counters (country_code) SELECT code FROM countries ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO invoices (kind, country_code, number, order_id, currency, total, issued_at)
SELECT 'invoice', e.country_code, row_number() OVER (PARTITION BY e.country_code ORDER BY coalesce(o.paid_at, o.created_at), o.id),
  o.id, o.currency, o.total, coalesce(o.paid_at, o.created_at)
FROM orders o JOIN events e ON e.id = o.event_id
WHERE o.state = 'paid' AND o.split_from_id IS NULL;--> statement-breakpoint
UPDATE invoice_counters c SET last_invoice = (SELECT coalesce(max(number), 0) FROM invoices i WHERE i.country_code = c.country_code AND i.kind = 'invoice');
