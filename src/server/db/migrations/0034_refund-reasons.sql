-- The reasons staff choose at the order desk join the refund reasons the shop writes itself (the list in
-- src/shared/domain/refunds.ts): the buyer's mail says the chosen one in their language.
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_reason_check";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_check" CHECK ("reason" IN ('requested', 'customer_cancelled', 'event_cancelled', 'seats_resold', 'event_rescheduled', 'service_issue', 'duplicate_purchase', 'price_correction', 'other'));
