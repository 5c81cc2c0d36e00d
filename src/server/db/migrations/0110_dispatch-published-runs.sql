-- Drivers' phones show a plan as it was last published: the runs (vehicle, driver, times, stops and who is picked
-- up where) are kept on the plan when it is published, so a re-plan or a move not yet published changes nothing
-- a driver sees.
ALTER TABLE "dispatch_plans" ADD COLUMN "published_runs" jsonb;
