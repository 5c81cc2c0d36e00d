/**
 * The numeric kinds an event carries. The `events.type`, `events.periodicity_type` and `events.payment_type`
 * columns are bound to `EVENT_TYPES`, `PERIODICITY_TYPES` and `PAYMENT_TYPES` (CHECK constraints in the database).
 */

/** 1 mass, 2 private (link-only), 3 alliance. */
export const EVENT_TYPE = { mass: 1, private: 2, alliance: 3 } as const;
export const EVENT_TYPES = [EVENT_TYPE.mass, EVENT_TYPE.private, EVENT_TYPE.alliance] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** 1 fixed single date, 2 any date in [startDate, endDate], 3 a choice among the calendar dates. */
export const PERIODICITY_TYPE = { fixed: 1, range: 2, calendar: 3 } as const;
export const PERIODICITY_TYPES = [PERIODICITY_TYPE.fixed, PERIODICITY_TYPE.range, PERIODICITY_TYPE.calendar] as const;
export type PeriodicityType = (typeof PERIODICITY_TYPES)[number];

/** 1 paid by the traveller, 2 funded by the organiser (booked with `prepagado` only). */
export const PAYMENT_TYPE = { traveller: 1, organiser: 2 } as const;
export const PAYMENT_TYPES = [PAYMENT_TYPE.traveller, PAYMENT_TYPE.organiser] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The event types as a query or form writes them ("1" to "3"). */
export const EVENT_TYPE_PARAMS = ["1", "2", "3"] as const satisfies readonly `${EventType}`[];
