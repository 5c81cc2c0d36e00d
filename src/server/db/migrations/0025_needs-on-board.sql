ALTER TABLE "passengers" ADD COLUMN "needs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "passengers" ADD CONSTRAINT "passengers_needs_check" CHECK (jsonb_typeof("needs") = 'array' AND "needs" <@ '["wheelchair", "child_seat", "large_luggage"]'::jsonb);--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "carries" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_carries_check" CHECK (jsonb_typeof("carries") = 'array' AND "carries" <@ '["wheelchair", "child_seat", "large_luggage"]'::jsonb);
