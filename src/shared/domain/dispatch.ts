/** Why a dispatch plan is looser than it could be; the dispatcher's screen translates `dispatch.note.<code>`. */
export const PLAN_NOTE_CODE = {
  // A group whose direct ride to or from the venue already takes longer than the maximum ride time.
  ride_over_maximum: "ride_over_maximum",
  // The fleet has no free vehicle left: runs marked "vehicle needed".
  vehicle_needed: "vehicle_needed",
  // Groups needing something on board (a wheelchair space...) that no vehicle of the fleet free for them carries
  // with the seats: their run cannot go as planned until the dispatcher finds one.
  needs_unmet: "needs_unmet",
} as const;
export const PLAN_NOTE_CODES = [PLAN_NOTE_CODE.ride_over_maximum, PLAN_NOTE_CODE.vehicle_needed, PLAN_NOTE_CODE.needs_unmet] as const;
export type PlanNoteCode = (typeof PLAN_NOTE_CODES)[number];

/**
 * What a driver does at a stop, sent from the phone with a nonce each: a passenger boarded (ticked or scanned),
 * a passenger did not come, the van is heading to this stop next (its passengers are texted), or the van is at the
 * stop (the no-show wait starts: a no-show is accepted only once the stop's passengers had that long to come).
 */
export const DRIVER_ACTION = { check_in: "check_in", no_show: "no_show", next_stop: "next_stop", arrived: "arrived" } as const;
export const DRIVER_ACTIONS = [DRIVER_ACTION.check_in, DRIVER_ACTION.no_show, DRIVER_ACTION.next_stop, DRIVER_ACTION.arrived] as const;
export type DriverAction = (typeof DRIVER_ACTIONS)[number];

/**
 * What became of one action the driver's phone sent: `done` the shop applied it; `repeat` it had been applied
 * before (the same nonce sent again, or the passenger already marked); `refused` the shop would not (with the
 * refusal's code). The phone forgets a done or repeated action and shows a refused one.
 */
export const DRIVER_OUTCOME = { done: "done", repeat: "repeat", refused: "refused" } as const;
export const DRIVER_OUTCOMES = [DRIVER_OUTCOME.done, DRIVER_OUTCOME.repeat, DRIVER_OUTCOME.refused] as const;
export type DriverOutcome = (typeof DRIVER_OUTCOMES)[number];

/** What the passengers of a published plan were told: by mail and by text message. */
export const PICKUP_NOTICE_CHANNEL = { mail: "mail", sms: "sms" } as const;
export const PICKUP_NOTICE_CHANNELS = [PICKUP_NOTICE_CHANNEL.mail, PICKUP_NOTICE_CHANNEL.sms] as const;
export type PickupNoticeChannel = (typeof PICKUP_NOTICE_CHANNELS)[number];

/**
 * Why a plan must be computed again before it is published again: its event date was moved, or its end time
 * changed (the return's anchor). Stored on the plan (`dispatch_plans.replan_reason`) until the next computation.
 */
export const REPLAN_REASON = { date_moved: "date_moved", end_changed: "end_changed" } as const;
export const REPLAN_REASONS = [REPLAN_REASON.date_moved, REPLAN_REASON.end_changed] as const;
export type ReplanReason = (typeof REPLAN_REASONS)[number];

/** What two runs at overlapping times share, which one vehicle or one driver cannot do: the vehicle or the driver. */
export const CLASH_KINDS = ["vehicle", "driver"] as const;
export type ClashKind = (typeof CLASH_KINDS)[number];

/**
 * Who sent a stop's "van arriving" first: the live day on its own (the van's expected time at the stop fell under
 * ARRIVING_NOTICE_MINUTES) or the driver's button; whichever comes second finds the stop told and sends nothing.
 */
export const ARRIVING_SOURCES = ["automatic", "driver"] as const;
export type ArrivingSource = (typeof ARRIVING_SOURCES)[number];
export const ARRIVING_SOURCE = { automatic: "automatic", driver: "driver" } as const satisfies Record<string, ArrivingSource>;

/**
 * Where a passenger of a run stands on the day, one record however they were seen aboard: waiting, boarded (by the
 * driver's phone or the door's scan) or not come (the driver's mark; a scan later still boards them).
 */
export const PASSENGER_STATE = { waiting: "waiting", boarded: "boarded", noShow: "no_show" } as const;
export const PASSENGER_STATES = [PASSENGER_STATE.waiting, PASSENGER_STATE.boarded, PASSENGER_STATE.noShow] as const;
export type PassengerState = (typeof PASSENGER_STATES)[number];
/**
 * What the driver's phone marks of a passenger on a leg besides a boarding (`run_boardings.state`): not come. A
 * boarding is the one boarding record (`boardings`), whoever saw it; waiting is the absence of both.
 */
export const DRIVER_MARKS = [PASSENGER_STATE.noShow] as const satisfies readonly PassengerState[];
export type DriverMark = (typeof DRIVER_MARKS)[number];

/**
 * How a van's manifest marks a passenger's order: paid, or still pending (awaiting payment: the driver may be
 * asked to collect or check it). Not stored: read from the order's state.
 */
export const MANIFEST_PAYMENT = { paid: "paid", pending: "pending" } as const;
export const MANIFEST_PAYMENTS = [MANIFEST_PAYMENT.paid, MANIFEST_PAYMENT.pending] as const;
export type ManifestPayment = (typeof MANIFEST_PAYMENTS)[number];

/** Who boarded a passenger: the driver's phone or the door's scanner. */
export const BOARDED = { driver: "driver", door: "door" } as const;
export const BOARDED_BY = [BOARDED.driver, BOARDED.door] as const;
export type BoardedBy = (typeof BOARDED_BY)[number];

/**
 * How long a van waits at a stop before the driver may mark a passenger as a no-show (minutes, NO_SHOW_WAIT_MINUTES):
 * the default when the setting is absent.
 */
export const DEFAULT_NO_SHOW_WAIT_MINUTES = 3;

/**
 * The span around a run in which its driver's phone may report positions: from this long before its first pick-up
 * (the van drives to it) to this long after its last drop-off (the van drives back); outside it a phone is not on
 * the run any more and its positions are refused.
 */
export const POSITION_WINDOW_MINUTES = 120;

/** How many positions one call may carry (a phone offline for ~15 min at one fix every 10 s sends ~90). */
export const MAX_POSITIONS_PER_CALL = 100;
/** The most driver actions one call takes (the phone sends a longer offline queue in several calls). */
export const MAX_DRIVER_ACTIONS_PER_CALL = 200;

/**
 * Rules a dispatcher's edit may break and overrides on purpose (written to the run and the audit log): a
 * passenger's ride beyond their limit, a driver's working day beyond the longest shift. Seats are never
 * overridden: a vehicle cannot carry more people than it has seats (`dispatch_over_capacity`).
 */
export const OVERRIDE_RULES = ["ride_limit", "shift"] as const;
export type OverrideRule = (typeof OVERRIDE_RULES)[number];
