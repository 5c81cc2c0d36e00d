/**
 * POST /shop-api/staff/dispatch/publish: the version the dispatcher looked at becomes what passengers are told.
 * Every planned passenger's pick-up (outbound) or drop-off (return) is written to `published_pickups` (what the
 * order page, the manifest and the calendar files show); a passenger of a paid order who was never told, whose
 * time moved by more than the threshold (DISPATCH_RENOTIFY_MINUTES) or whose vehicle changed is told by mail and
 * text, and the buyer of each such order gets one mail with the times of the order's passengers. The notices are
 * outbox rows of the publishing transaction, and `told*` is written with them, so each is sent once.
 * The time told is the one a passenger acts on: the pick-up time going out, the van's departure coming back.
 * A plan whose date moved or whose end changed is computed again first; a plan whose runs are all over is not
 * published (see `publishRefusal`). Each publish is audited with the version published before and now.
 */
import { and, eq, notInArray } from "drizzle-orm";
import { type Leg, LEG } from "../../../shared/domain/legs";
import { ShopError } from "../../../shared/domain/shop-error";
import type { ShopContext } from "../../context";
import { dispatchPlans, publishedPickups } from "../../db/schema";
import { enqueue } from "../../outbox/enqueue";
import { expectVersion, loadPlan, publishedRunsOf, type PlanState } from "./plan-store";
import { writeAudit, type Actor } from "../audit/write-audit";
import { AUDIT_ACTION } from "../../../shared/domain/audit-actions";
import type { Db } from "../../db/client";
import { PLAN_RESOURCE } from "./plan-audit";
import { passengerInfo } from "./plan-view";
import { dispatchSettings } from "./settings";
import { mustTell } from "./passenger-notice-rule";
import { anyId } from "../../db/id-lists";

/**
 * Why the plan may not be published now, or null: its date moved or its end changed since it was computed
 * (`dispatch_replan_needed`: the times were made for another day or end), or every one of its runs is over
 * (`dispatch_date_past`: passengers would be told a time already gone).
 */
export function publishRefusal(plan: PlanState, now: Date): ShopError | null {
  if (plan.replanReason !== null) return new ShopError("dispatch_replan_needed", undefined, { reason: plan.replanReason });
  const ends = plan.runs.map((run) => run.arrivesAt.getTime());
  if (ends.length > 0 && Math.max(...ends) < now.getTime()) return new ShopError("dispatch_date_past");
  return null;
}

/** `tellEveryone`: every paid passenger is told this time, moved or not (the whole leg was shifted). */
export async function publishPlan(deps: ShopContext, actor: Actor, request: { eventDateId: number; leg: Leg; version: number }, options: { tellEveryone?: boolean } = {}) {
  const plan = await loadPlan(deps.db, request.eventDateId, request.leg);
  if (plan.planId === null) throw new ShopError("dispatch_not_planned");
  expectVersion(plan, request.version);
  const refusal = publishRefusal(plan, deps.now());
  if (refusal) throw refusal;
  const thresholdMinutes = dispatchSettings(deps.env).renotifyMinutes;
  const now = deps.now();
  const planned = plan.runs.flatMap((run) =>
    run.stops.flatMap((stop) =>
      stop.groups.flatMap((group) =>
        group.passengerIds.map((passengerId) => ({ passengerId, run, stop, told: plan.leg === LEG.outbound ? stop.time : run.departsAt })),
      ),
    ),
  );
  const info = await passengerInfo(deps.db, planned.map((one) => one.passengerId));

  const result = await deps.db.transaction(async (tx) => {
    // The plan must still be at the version published, and stays there (publishing changes no run). Its runs are
    // kept as published: drivers' phones show them until the next publish, whatever the drafts in between.
    const [held] = await tx
      .update(dispatchPlans)
      .set({ publishedVersion: plan.version, publishedAt: now, publishedRuns: publishedRunsOf(plan) })
      .where(and(eq(dispatchPlans.id, plan.planId!), eq(dispatchPlans.version, plan.version)))
      .returning({ id: dispatchPlans.id });
    if (!held) throw new ShopError("dispatch_version_stale");
    const ids = planned.map((one) => one.passengerId);
    // Passengers no longer in the plan (their order was cancelled) have nothing published any more.
    await tx
      .delete(publishedPickups)
      .where(and(eq(publishedPickups.eventDateId, plan.eventDateId), eq(publishedPickups.leg, plan.leg), ids.length ? notInArray(publishedPickups.passengerId, ids) : undefined));
    const before = ids.length
      ? await tx.select().from(publishedPickups).where(and(eq(publishedPickups.leg, plan.leg), anyId(publishedPickups.passengerId, ids))).for("update")
      : [];
    const previous = new Map(before.map((row) => [row.passengerId, row]));
    const toldOrders = new Set<number>();
    let passengersNotified = 0;
    for (const one of planned) {
      const was = previous.get(one.passengerId);
      const paid = info.get(one.passengerId)?.paid ?? false;
      const tell = options.tellEveryone ? paid : mustTell(paid, was, one.told, one.run.vehicleId, thresholdMinutes);
      const row = {
        passengerId: one.passengerId,
        leg: plan.leg,
        eventDateId: plan.eventDateId,
        planVersion: plan.version,
        runId: one.run.id,
        vehicleId: one.run.vehicleId,
        time: one.stop.time,
        departsAt: one.run.departsAt,
        address: one.stop.address,
        countyId: one.stop.countyId,
        toldTime: tell ? one.told : (was?.toldTime ?? null),
        toldVehicleId: tell ? one.run.vehicleId : (was?.toldVehicleId ?? null),
        toldAt: tell ? now : (was?.toldAt ?? null),
      };
      await tx.insert(publishedPickups).values(row).onConflictDoUpdate({ target: [publishedPickups.passengerId, publishedPickups.leg], set: row });
      if (!tell) continue;
      passengersNotified += 1;
      await enqueue(tx, "dispatch.passenger-notice", { passengerId: one.passengerId, leg: plan.leg, channel: "mail" });
      await enqueue(tx, "dispatch.passenger-notice", { passengerId: one.passengerId, leg: plan.leg, channel: "sms" });
      toldOrders.add(info.get(one.passengerId)!.orderId);
    }
    for (const orderId of toldOrders) await enqueue(tx, "dispatch.buyer-notice", { orderId, leg: plan.leg });
    await writeAudit(
      tx as unknown as Db,
      actor,
      PLAN_RESOURCE,
      plan.planId!,
      AUDIT_ACTION.dispatch_publish,
      { publishedVersion: plan.publishedVersion },
      { eventDateId: plan.eventDateId, leg: plan.leg, publishedVersion: plan.version, tellEveryone: options.tellEveryone === true, passengersNotified, buyersNotified: toldOrders.size },
    );
    return { version: plan.version, passengersNotified, buyersNotified: toldOrders.size };
  });
  deps.outbox.wake();
  return result;
}
