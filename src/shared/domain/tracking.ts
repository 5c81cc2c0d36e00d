/**
 * What a passenger's tracking page says of one leg: one state at a time, in the order a trip goes, so it never says two things at once.
 * Going out: waiting (the van sends no position yet), on its way to their stop, arriving there, aboard, dropped off
 * at the venue, or missed (the van passed their stop without them, or the driver marked them as not come). Coming
 * back: waiting, the van on its way to the venue, arriving there (it is at the venue), aboard, dropped off at their
 * stop, or missed (the van left the venue without them).
 */
export const TRACKING_STATE = {
  waiting: "waiting",
  onTheWay: "on_the_way",
  arriving: "arriving",
  aboard: "aboard",
  droppedOff: "dropped_off",
  missed: "missed",
} as const;
export const TRACKING_STATES = [
  TRACKING_STATE.waiting,
  TRACKING_STATE.onTheWay,
  TRACKING_STATE.arriving,
  TRACKING_STATE.aboard,
  TRACKING_STATE.droppedOff,
  TRACKING_STATE.missed,
] as const;
export type TrackingState = (typeof TRACKING_STATES)[number];
