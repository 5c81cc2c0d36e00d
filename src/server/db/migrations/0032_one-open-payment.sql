-- One open payment attempt per order: a second start while one is open is answered with the same attempt (or
-- refused), never with a second gateway transaction. Attempts already doubled keep their newest open row; the older
-- ones are closed as expired (their gateway transactions expire with the hold), and a capture that still arrives for
-- one is matched by its provider reference or, for an order already paid, recorded as a duplicate and given back.
UPDATE "payments" SET "state" = 'expired'
WHERE "state" = 'created'
  AND EXISTS (SELECT 1 FROM "payments" AS "newer" WHERE "newer"."order_id" = "payments"."order_id" AND "newer"."state" = 'created' AND "newer"."id" > "payments"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_idx" ON "payments" USING btree ("order_id") WHERE "state" = 'created';--> statement-breakpoint
-- A capture for an order already paid by another payment is `duplicate` until the gateway gives it back
-- (`duplicate_refunded`); neither is the shop's money, so the sales figures leave both out.
ALTER TABLE "payments" DROP CONSTRAINT "payments_state_check";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_state_check"
  CHECK ("state" IN ('created', 'approved', 'rejected', 'cancelled', 'expired', 'amount_mismatch', 'refund_due', 'refunded', 'duplicate', 'duplicate_refunded'));
