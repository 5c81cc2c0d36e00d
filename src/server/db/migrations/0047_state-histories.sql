-- Every change of a payment row's state and of a private event's state is kept in the audit log: the payment's
-- changes under one action (its before and after name the states), a private event's owner sending it for review
-- or withdrawing it under their own.
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("action" IN ('create', 'update', 'delete', 'passenger_update', 'resend', 'note', 'cancel', 'refund', 'refund_paid', 'transfer_confirm', 'transfer_reject', 'request_approve', 'request_reject', 'purchase', 'payment', 'payment_method', 'expire', 'split', 'dispatch_override', 'dispatch_shift', 'payment_state', 'request_submit', 'request_cancel'));
