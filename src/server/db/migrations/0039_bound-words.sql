-- Every domain word bound to its column. Existing rows are brought to the shop's words first, so the constraints
-- hold on the data already stored: payment codes written in another case or with spaces are trimmed and lowered,
-- and the staff's transfer decisions take the audit log's names (transfer_confirm, transfer_reject).
UPDATE "orders" SET "payment_code" = lower(btrim("payment_code")) WHERE "payment_code" <> lower(btrim("payment_code"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_code_check" CHECK ("payment_code" IN ('webpay', 'mercadopago', 'transferencia', 'prepagado'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_type_check" CHECK ("type" IN (1, 2, 3));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_periodicity_type_check" CHECK ("periodicity_type" IN (1, 2, 3));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_payment_type_check" CHECK ("payment_type" IN (1, 2));--> statement-breakpoint
UPDATE "staff_actions" SET "action" = 'transfer_confirm' WHERE "action" = 'confirm_transfer';--> statement-breakpoint
UPDATE "staff_actions" SET "action" = 'transfer_reject' WHERE "action" = 'reject_transfer';--> statement-breakpoint
ALTER TABLE "staff_actions" ADD CONSTRAINT "staff_actions_action_check" CHECK ("action" IN ('transfer_confirm', 'transfer_reject'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("action" IN ('create', 'update', 'delete', 'passenger_update', 'resend', 'note', 'cancel', 'refund', 'refund_paid', 'transfer_confirm', 'transfer_reject', 'request_approve', 'request_reject', 'purchase', 'payment', 'payment_method', 'expire', 'split', 'dispatch_override', 'dispatch_shift'));
