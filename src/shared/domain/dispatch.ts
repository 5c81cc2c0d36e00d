/** Why a dispatch plan is looser than it could be; the dispatcher's screen translates `dispatch.note.<code>`. */
export const PLAN_NOTE_CODES = [
  // A group whose direct ride to or from the venue already takes longer than the maximum ride time.
  "ride_over_maximum",
  // The fleet has no free vehicle left: runs marked "vehicle needed".
  "vehicle_needed",
] as const;
export type PlanNoteCode = (typeof PLAN_NOTE_CODES)[number];
