/**
 * What the audit log keeps of a plan's changes: every dispatch action (compute, publish, assign, lock, move,
 * reorder, insert, shift) writes one row on the plan (resource `dispatch_plans`, the plan's id) in the change's own
 * transaction, with the touched runs before and after; an override is written on its run (`dispatch_runs`).
 */
import type { RunState } from "./plan-store";

/** The audit log's resource for a dispatch plan. */
export const PLAN_RESOURCE = "dispatch_plans";

/** A run as the audit log keeps it: its vehicle, driver, lock, times and stops with their passengers. */
export function runRecord(run: RunState) {
  return {
    runId: run.id,
    vehicleId: run.vehicleId,
    driverId: run.driverId,
    locked: run.locked,
    departsAt: run.departsAt.toISOString(),
    arrivesAt: run.arrivesAt.toISOString(),
    stops: run.stops.map((stop) => ({ address: stop.address, time: stop.time.toISOString(), passengerIds: stop.groups.flatMap((group) => group.passengerIds) })),
  };
}
