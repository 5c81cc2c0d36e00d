-- Running waiting-list offers by their end: the sweep ends those that ran out, and a purchase refused for want of
-- seats asks whether any did (the earliest end of a running offer). Ended offers keep their offer_expires_at as
-- history, so only running ones are indexed.
DROP INDEX IF EXISTS "waiting_list_offer_idx";--> statement-breakpoint
CREATE INDEX "waiting_list_offer_idx" ON "waiting_list" USING btree ("offer_expires_at") WHERE "state" = 'offered';
