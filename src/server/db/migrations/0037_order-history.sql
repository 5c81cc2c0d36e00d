-- The order's history is the audit log's rows of resource 'orders': besides staff, the buyer, a payment gateway and
-- the hold sweeper now change an order (services/order-life/), so each row says which of them acted (the list in
-- src/shared/domain/order-states.ts). Rows written before are staff's.
ALTER TABLE "audit_log" ADD COLUMN "actor" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_check" CHECK ("actor" IN ('customer', 'staff', 'gateway', 'sweeper'));
