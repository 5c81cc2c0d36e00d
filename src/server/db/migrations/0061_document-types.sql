-- The kind of document a buyer names themselves with on invoices (CC, NIT, RUT, DNI, NIE, RUC, RFC, a passport…),
-- asked beside its number and printed as given: the event's country never decides it. Null: not said (older
-- accounts), printed under the plain word "Document".
ALTER TABLE "users" ADD COLUMN "document_type" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_document_type_check" CHECK ("document_type" IN ('CC', 'CE', 'NIT', 'PAS', 'RUT', 'DNI', 'NIE', 'NIF', 'RUC', 'CURP', 'RFC'));
