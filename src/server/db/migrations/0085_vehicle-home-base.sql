-- A vehicle's home base, where it starts its day: a county (its centroid) or exact coordinates (both or neither);
-- the planner uses the vehicles based within a radius of the venue. Neither set: its province's counties'
-- centroids stand for it.
ALTER TABLE "vehicles" ADD COLUMN "base_county_id" integer REFERENCES "counties"("id");--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "base_lat" double precision;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "base_lon" double precision;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_base_coordinates_check" CHECK (("base_lat" IS NULL) = ("base_lon" IS NULL) AND ("base_lat" IS NULL OR ("base_lat" BETWEEN -90 AND 90 AND "base_lon" BETWEEN -180 AND 180)));
