/**
 * POST /shop-api/staff/dispatch/shift: the show ran late (or traffic): every run of the date's leg moves by the
 * minutes given, timed again from the moved anchor (kept on the plan, so later edits and re-plans keep it), and
 * audited. A plan that was ever published is published again at once and every paid passenger of the leg is
 * told once (mail and text, their buyer one mail), whatever the re-notice threshold: a shift is news to all.
 * An unpublished plan just moves; its passengers are told at its first publish.
 */
import { ShopError } from "../../../shared/domain/shop-error";
import type { Leg } from "../../../shared/domain/legs";
import type { ShopContext } from "../../context";
import { writeAudit, type Actor } from "../audit/write-audit";
import { retime } from "./edit-plan";
import { loadPlan, savePlan } from "./plan-store";
import { publishPlan } from "./publish-plan";
import { eventDay } from "./day-passengers";
import { AUDIT_ACTION } from "../../../shared/domain/audit-actions";

/** The audit log's resource for a dispatch plan. */
export const PLAN_RESOURCE = "dispatch_plans";

export async function shiftLeg(deps: ShopContext, actor: Actor, request: { eventDateId: number; leg: Leg; minutes: number }) {
  await eventDay(deps, request.eventDateId);
  const plan = await loadPlan(deps.db, request.eventDateId, request.leg);
  if (plan.planId === null) throw new ShopError("dispatch_not_planned");
  const before = { shiftMinutes: plan.shiftMinutes, runs: plan.runs.map((run) => ({ id: run.id, departsAt: run.departsAt.toISOString() })) };
  plan.shiftMinutes += request.minutes;
  await retime(deps, plan, plan.runs);
  const everPublished = plan.publishedVersion !== null;
  const version = await savePlan(deps.db, plan, deps.now(), (tx) =>
    writeAudit(tx, actor, PLAN_RESOURCE, plan.planId!, AUDIT_ACTION.dispatch_shift, before, {
      eventDateId: plan.eventDateId,
      leg: plan.leg,
      minutes: request.minutes,
      shiftMinutes: plan.shiftMinutes,
      runs: plan.runs.map((run) => ({ id: run.id, departsAt: run.departsAt.toISOString() })),
    }),
  );
  const told = everPublished ? await publishPlan(deps, { eventDateId: plan.eventDateId, leg: plan.leg, version }, { tellEveryone: true }) : { passengersNotified: 0, buyersNotified: 0 };
  return { version, shiftMinutes: plan.shiftMinutes, passengersNotified: told.passengersNotified, buyersNotified: told.buyersNotified };
}
