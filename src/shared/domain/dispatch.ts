/** Why a dispatch plan is looser than it could be; the dispatcher's screen translates `dispatch.note.<code>`. */
export const PLAN_NOTE_CODES = [
  // A group whose direct ride to or from the venue already takes longer than the maximum ride time.
  "ride_over_maximum",
  // The fleet has no free vehicle left: runs marked "vehicle needed".
  "vehicle_needed",
] as const;
export type PlanNoteCode = (typeof PLAN_NOTE_CODES)[number];

/**
 * What a driver does at a stop, sent from the phone with a nonce each: a passenger boarded (ticked or scanned),
 * a passenger did not come, or the van is heading to this stop next (its passengers are texted).
 */
export const DRIVER_ACTIONS = ["check_in", "no_show", "next_stop"] as const;
export type DriverAction = (typeof DRIVER_ACTIONS)[number];

/** What the passengers of a published plan were told: by mail and by text message. */
export const PICKUP_NOTICE_CHANNELS = ["mail", "sms"] as const;
export type PickupNoticeChannel = (typeof PICKUP_NOTICE_CHANNELS)[number];

/** What two runs at overlapping times share, which one vehicle or one driver cannot do: the vehicle or the driver. */
export const CLASH_KINDS = ["vehicle", "driver"] as const;
export type ClashKind = (typeof CLASH_KINDS)[number];
