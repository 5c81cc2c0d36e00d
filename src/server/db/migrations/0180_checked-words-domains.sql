-- The words of the columns every sale writes are checked by domains instead of table constraints. PostgreSQL reads
-- a table's CHECK constraints back from their stored text and simplifies and compiles them on every execution of a
-- statement that writes the table; a domain's checks are read once per connection and kept. A sale writes an order,
-- its payment, its passengers and a history entry: six of these checks cost a fifth of the order's statement in
-- PostgreSQL, as a domain they cost a fortieth. The same words are refused under the same constraint names, and the
-- lists stay bound to src/shared/domain/ (its vocabulary test reads them here). The invoice trigger names the order's
-- state among its columns, so it is made again around the column's change.
DROP TRIGGER "orders_invoice" ON "orders";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_state_check";--> statement-breakpoint
CREATE DOMAIN "order_state" AS text CONSTRAINT "orders_state_check" CHECK (VALUE IN ('awaiting_payment', 'awaiting_transfer_payment', 'paid', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "state" TYPE "order_state";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_code_check";--> statement-breakpoint
CREATE DOMAIN "payment_code" AS text CONSTRAINT "orders_payment_code_check" CHECK (VALUE IN ('webpay', 'mercadopago', 'transferencia', 'prepagado'));--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "payment_code" TYPE "payment_code";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_state_check";--> statement-breakpoint
CREATE DOMAIN "payment_state" AS text CONSTRAINT "payments_state_check" CHECK (VALUE IN ('created', 'approved', 'rejected', 'cancelled', 'expired', 'amount_mismatch', 'refund_due', 'refunded', 'duplicate', 'duplicate_refunded'));--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "state" TYPE "payment_state";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
CREATE DOMAIN "audit_action" AS text CONSTRAINT "audit_log_action_check" CHECK (VALUE IN ('create', 'update', 'delete', 'passenger_update', 'resend', 'note', 'cancel', 'refund', 'refund_paid', 'transfer_confirm', 'transfer_reject', 'request_approve', 'request_reject', 'purchase', 'payment', 'payment_method', 'expire', 'split', 'dispatch_override', 'dispatch_shift', 'dispatch_plan', 'dispatch_publish', 'dispatch_assign', 'dispatch_lock', 'dispatch_move', 'dispatch_reorder', 'dispatch_insert', 'payment_state', 'request_submit', 'request_cancel'));--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "action" TYPE "audit_action";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_check";--> statement-breakpoint
CREATE DOMAIN "order_actor" AS text CONSTRAINT "audit_log_actor_check" CHECK (VALUE IN ('customer', 'staff', 'gateway', 'sweeper'));--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "actor" TYPE "order_actor";--> statement-breakpoint
ALTER TABLE "passengers" DROP CONSTRAINT "passengers_needs_check";--> statement-breakpoint
CREATE DOMAIN "passenger_needs" AS jsonb CONSTRAINT "passengers_needs_check" CHECK (jsonb_typeof(VALUE) = 'array' AND VALUE <@ '["wheelchair", "child_seat", "large_luggage"]'::jsonb);--> statement-breakpoint
ALTER TABLE "passengers" ALTER COLUMN "needs" TYPE "passenger_needs";--> statement-breakpoint
CREATE TRIGGER "orders_invoice" AFTER INSERT OR UPDATE OF "state" ON "orders" FOR EACH ROW EXECUTE FUNCTION invoice_paid_order();
