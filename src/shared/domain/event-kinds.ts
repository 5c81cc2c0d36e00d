/** The numeric kinds an event carries. */

/** 1 mass, 2 private (link-only), 3 alliance. */
export const EVENT_TYPE = { mass: 1, private: 2, alliance: 3 } as const;
export type EventType = (typeof EVENT_TYPE)[keyof typeof EVENT_TYPE];

/** 1 fixed single date, 2 any date in [startDate, endDate], 3 a choice among the calendar dates. */
export const PERIODICITY_TYPE = { fixed: 1, range: 2, calendar: 3 } as const;
export type PeriodicityType = (typeof PERIODICITY_TYPE)[keyof typeof PERIODICITY_TYPE];

/** 1 paid by the traveller, 2 funded by the organiser (booked with `prepagado` only). */
export const PAYMENT_TYPE = { traveller: 1, organiser: 2 } as const;
export type PaymentType = (typeof PAYMENT_TYPE)[keyof typeof PAYMENT_TYPE];
