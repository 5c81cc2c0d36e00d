/**
 * POST /shop-api/staff/dispatch/shift: the show ran late (or traffic): every run of the date's leg moves by the
 * minutes given, timed again from the moved anchor (kept on the plan, so later edits and re-plans keep it), and
 * audited. A plan that was ever published is published again at once and every paid passenger of the leg is
 * told once (mail and text, their buyer one mail), whatever the re-notice threshold: a shift is news to all.
 * An unpublished plan just moves; its passengers are told at its first publish.
 */
import { ShopError } from "../../../shared/domain/shop-error";
import { LEG, type Leg } from "../../../shared/domain/legs";
import type { ShopContext } from "../../context";
import { writeAudit, type Actor } from "../audit/write-audit";
import { retime } from "./edit-plan";
import { PLAN_RESOURCE } from "./plan-audit";
import { loadPlan, savePlan, type PlanState } from "./plan-store";
import { publishPlan, publishRefusal } from "./publish-plan";
import { eventDay } from "./day-passengers";
import { AUDIT_ACTION } from "../../../shared/domain/audit-actions";


/** A leg's total shift stays within these minutes, however many shifts make it. */
export const SHIFT_TOTAL_MINUTES = { min: -240, max: 600 } as const;
/** How long before the event's end (as the back office has it) the return may leave at the earliest. */
export const RETURN_EARLY_MARGIN_MINUTES = 30;

/**
 * The total shift the leg may have: within SHIFT_TOTAL_MINUTES; the return never leaves before the event's end
 * less RETURN_EARLY_MARGIN_MINUTES, nor before the outbound's last van arrives; the outbound's last van never
 * arrives after the return's first leaves. Computed from the runs as timed now, each moved by the difference.
 */
export function shiftBounds(plan: PlanState, other: PlanState): { min: number; max: number } {
  let { min, max } = SHIFT_TOTAL_MINUTES as { min: number; max: number };
  const minutes = (ms: number) => ms / 60_000;
  if (plan.leg === LEG.return) {
    min = Math.max(min, -RETURN_EARLY_MARGIN_MINUTES);
    if (plan.runs.length > 0 && other.runs.length > 0) {
      const firstOut = Math.min(...plan.runs.map((run) => run.departsAt.getTime()));
      const lastIn = Math.max(...other.runs.map((run) => run.arrivesAt.getTime()));
      min = Math.max(min, Math.ceil(plan.shiftMinutes + minutes(lastIn - firstOut)));
    }
  } else if (plan.runs.length > 0 && other.runs.length > 0) {
    const lastIn = Math.max(...plan.runs.map((run) => run.arrivesAt.getTime()));
    const firstOut = Math.min(...other.runs.map((run) => run.departsAt.getTime()));
    max = Math.min(max, Math.floor(plan.shiftMinutes + minutes(firstOut - lastIn)));
  }
  return { min, max };
}

export async function shiftLeg(deps: ShopContext, actor: Actor, request: { eventDateId: number; leg: Leg; minutes: number }) {
  await eventDay(deps, request.eventDateId);
  const plan = await loadPlan(deps.db, request.eventDateId, request.leg);
  if (plan.planId === null) throw new ShopError("dispatch_not_planned");
  const other = await loadPlan(deps.db, request.eventDateId, request.leg === LEG.outbound ? LEG.return : LEG.outbound);
  const bounds = shiftBounds(plan, other);
  const total = plan.shiftMinutes + request.minutes;
  // A shift back towards the bounds is always let through (a leg already outside them can be brought back).
  const worse = (total < bounds.min && request.minutes < 0) || (total > bounds.max && request.minutes > 0);
  if (worse) {
    throw new ShopError("dispatch_shift_out_of_bounds", { minutes: "errors.dispatch_shift_out_of_bounds" }, { min: bounds.min - plan.shiftMinutes, max: bounds.max - plan.shiftMinutes, margin: RETURN_EARLY_MARGIN_MINUTES });
  }
  const before = { shiftMinutes: plan.shiftMinutes, runs: plan.runs.map((run) => ({ id: run.id, departsAt: run.departsAt.toISOString() })) };
  plan.shiftMinutes = total;
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
  // A plan to compute again (its date moved) or wholly over is not published again: it waits for the dispatcher.
  const told =
    everPublished && publishRefusal(plan, deps.now()) === null
      ? await publishPlan(deps, actor, { eventDateId: plan.eventDateId, leg: plan.leg, version }, { tellEveryone: true })
      : { passengersNotified: 0, buyersNotified: 0 };
  return { version, shiftMinutes: plan.shiftMinutes, passengersNotified: told.passengersNotified, buyersNotified: told.buyersNotified };
}
