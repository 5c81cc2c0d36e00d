-- Dispatch, what the dispatcher sees is now: every change of a plan is audited under its own action (computed,
-- published, assigned, locked, moved, reordered, a late booking put in), and a plan whose event date was moved or
-- whose end time changed carries the reason it must be computed again before it is published again.
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("action" IN ('create', 'update', 'delete', 'passenger_update', 'resend', 'note', 'cancel', 'refund', 'refund_paid', 'transfer_confirm', 'transfer_reject', 'request_approve', 'request_reject', 'purchase', 'payment', 'payment_method', 'expire', 'split', 'dispatch_override', 'dispatch_shift', 'dispatch_plan', 'dispatch_publish', 'dispatch_assign', 'dispatch_lock', 'dispatch_move', 'dispatch_reorder', 'dispatch_insert', 'payment_state', 'request_submit', 'request_cancel'));--> statement-breakpoint
ALTER TABLE "dispatch_plans" ADD COLUMN "replan_reason" text;--> statement-breakpoint
ALTER TABLE "dispatch_plans" ADD CONSTRAINT "dispatch_plans_replan_reason_check" CHECK ("replan_reason" IN ('date_moved', 'end_changed'));
