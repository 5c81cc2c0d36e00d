-- Who paid: a payment row names its payer when that is not the order's account holder (a friend paying their
-- share through their own link). Null: the account holder paid. The payer is told of the payment and its refunds,
-- in their language, and the invoice and credit notes are made out to them.
ALTER TABLE "payments" ADD COLUMN "payer_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_email" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_locale" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_check" CHECK (("payer_email" IS NULL) = ("payer_name" IS NULL));
