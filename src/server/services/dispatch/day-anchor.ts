/**
 * What a leg's times hang on: outbound the date's start (vans reach the venue a margin before), return the
 * date's end (vans leave a margin after), each moved by the minutes the dispatcher shifted the plan by.
 */
import { LEG, type Leg } from "../../../shared/domain/legs";
import type { EventDay } from "./day-passengers";

export function anchorOf(day: Pick<EventDay, "startsAt" | "endsAt">, leg: Leg, shiftMinutes: number): Date {
  const base = leg === LEG.outbound ? day.startsAt : day.endsAt;
  return new Date(base.getTime() + shiftMinutes * 60_000);
}
