/**
 * How the day went: the words and thresholds of the day's report, shared by the server's SQL, the answers and the
 * staff screen.
 *
 * Punctuality: a van reached a stop at its first position within ARRIVAL_RADIUS_M of the stop (or, with no such
 * position, at the driver's "at the stop" tap); against the stop's published time it is early when more than
 * EARLY_MINUTES before, late when more than LATE_MINUTES after, on time between (the window transit agencies use).
 */
export const ARRIVAL_RADIUS_M = 100;
export const EARLY_MINUTES = 2;
export const LATE_MINUTES = 5;

export const PUNCTUALITY = { early: "early", on_time: "on_time", late: "late" } as const;
export const PUNCTUALITIES = [PUNCTUALITY.early, PUNCTUALITY.on_time, PUNCTUALITY.late] as const;
export type Punctuality = (typeof PUNCTUALITIES)[number];

/** Where an arrival time came from: the van's tracked positions, or the driver's tap when no position came near. */
export const ARRIVAL_SOURCE = { tracked: "tracked", tapped: "tapped" } as const;
export const ARRIVAL_SOURCES = [ARRIVAL_SOURCE.tracked, ARRIVAL_SOURCE.tapped] as const;
export type ArrivalSource = (typeof ARRIVAL_SOURCES)[number];

/** A stop's punctuality from its lateness in minutes (negative: early). */
export function punctualityOf(lateMinutes: number): Punctuality {
  if (lateMinutes < -EARLY_MINUTES) return PUNCTUALITY.early;
  if (lateMinutes > LATE_MINUTES) return PUNCTUALITY.late;
  return PUNCTUALITY.on_time;
}

/** A passenger's rating of the trip: 1 (bad) to 5 (very good); 1 and 2 alert the staff. */
export const RATING_SCORES = [1, 2, 3, 4, 5] as const;
export type RatingScore = (typeof RATING_SCORES)[number];
export const LOW_RATING_MAX = 2;
/** A run's track on the report's map: at most this many of its fixes, one per equal share of its time, both ends kept. */
export const TRACK_POINTS = 120;
export const RATING_COMMENT_MAX = 1000;
