-- Each state column accepts only the words of its vocabulary (src/shared/domain/*-states.ts, legs.ts); a
-- misspelt state written by any writer (a script, a fixture, a hand-made repair) is refused instead of
-- silently dropping out of every list and count that tests the right word.
ALTER TABLE "orders" ADD CONSTRAINT "orders_state_check"
  CHECK ("state" IN ('awaiting_payment', 'awaiting_transfer_payment', 'paid', 'cancelled', 'expired'));
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_state_check"
  CHECK ("state" IN ('created', 'approved', 'rejected', 'cancelled', 'expired', 'amount_mismatch', 'refund_due', 'refunded'));
--> statement-breakpoint
ALTER TABLE "event_requests" ADD CONSTRAINT "event_requests_state_check"
  CHECK ("state" IN ('saved', 'under_review', 'approved', 'rejected', 'cancelled'));
--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_leg_check" CHECK ("leg" IN ('outbound', 'return'));
--> statement-breakpoint
ALTER TABLE "van_notices" ADD CONSTRAINT "van_notices_leg_check" CHECK ("leg" IN ('outbound', 'return'));
