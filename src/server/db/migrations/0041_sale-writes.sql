-- A sale writes no index entry that nothing reads. The audit log is listed by id (newest first) and by resource,
-- never by time, so its time index only grew with every change; a payment row has no idempotency key until a
-- provider's confirmation gives it one, so the unique index keeps only the rows that have one (NULLs never
-- conflicted, so uniqueness is unchanged).
DROP INDEX IF EXISTS "audit_log_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "payments_idempotency_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_idx" ON "payments" USING btree ("idempotency_key") WHERE "idempotency_key" IS NOT NULL;
