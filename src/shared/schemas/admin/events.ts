/**
 * /shop-api/admin/events: an event with its calendar dates, extra stops and texts in the six locales. The body
 * PUT takes is what GET by id answers; `confirmCancel` is only sent to cancel an event that has sold tickets.
 */
import * as z from "zod/mini";
import { EVENT_TYPE_PARAMS } from "../../domain/event-kinds";
import {
  countryCodeField,
  countryFilter,
  instantField,
  listQueryOf,
  optionalImagePath,
  optionalName,
  optionalRef,
  optionalText,
  refField,
  requiredText,
  translationsOf,
  wholeNumber,
} from "./common";

const oneOf = <const N extends readonly [number, ...number[]]>(values: N, message: string) => z.literal(values, { error: message });

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const eventTranslationSchema = z.object({
  name: optionalName(200),
  description: optionalText(4000),
  imagePath: optionalImagePath,
  cardImagePath: optionalImagePath,
});

export const eventDateSchema = z.object({
  /** The calendar row's id; absent for a new date. Orders name it, so a kept date keeps its id. */
  id: z.optional(z.nullable(z.number().check(z.int(), z.positive()))),
  startDate: instantField,
  /** When this date's show ends (the return vans leave after it); null: the event's own length from the start. */
  endDate: z.optional(z.nullable(instantField)),
});

export const eventStopSchema = z.object({
  address: requiredText(300),
  countyId: optionalRef(),
  time: z.string({ error: "admin.time_invalid" }).check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "admin.time_invalid")),
});

export const adminEventSchema = z
  .object({
    slug: z.string({ error: "form.required" }).check(z.trim(), z.minLength(1, "form.required"), z.maxLength(120, "form.too_long"), z.regex(SLUG_PATTERN, "admin.slug_invalid")),
    /** 1 mass, 2 private, 3 alliance. */
    type: oneOf([1, 2, 3], "errors.invalid_event_type"),
    countryCode: countryCodeField,
    /** 1 one fixed date, 2 any day in the range of its dates, 3 a choice among its dates. */
    periodicityType: oneOf([1, 2, 3], "admin.periodicity_invalid"),
    /** 1 paid by the traveller, 2 funded by the organiser. */
    paymentType: oneOf([1, 2], "admin.payment_type_invalid"),
    placeId: refField("admin.place_required"),
    dates: z.array(eventDateSchema).check(z.minLength(1, "admin.dates_required"), z.maxLength(400, "form.too_long")),
    /** When the event (its last date) ends. */
    endDate: instantField,
    additionalStops: z.array(eventStopSchema).check(z.maxLength(30, "form.too_long")),
    translations: translationsOf(eventTranslationSchema),
    published: z.boolean(),
    cancelled: z.boolean(),
    recommended: z.boolean(),
    requiresLogin: z.boolean(),
    /** Free cancellation until this many hours before departure; null: customers cannot cancel themselves. */
    cancelFreeHours: z.optional(z.nullable(wholeNumber(0, 8760))),
    /** After that: null, no cancellation; else the percentage kept of what is refunded. */
    cancelLateKeepPercent: z.optional(z.nullable(wholeNumber(0, 100))),
    confirmCancel: z.optional(z.boolean()),
  })
  .check(
    z.refine((event) => event.periodicityType !== 1 || event.dates.length === 1, { error: "admin.fixed_one_date", path: ["dates"] }),
    z.refine((event) => event.dates.every((date) => new Date(date.startDate) <= new Date(event.endDate)), {
      error: "admin.end_before_start",
      path: ["endDate"],
    }),
    z.refine((event) => event.dates.every((date) => !date.endDate || new Date(date.endDate) > new Date(date.startDate)), {
      error: "admin.end_before_start",
      path: ["dates"],
    }),
  );
export type AdminEvent = z.output<typeof adminEventSchema>;
export type AdminEventInput = z.input<typeof adminEventSchema>;

export const EVENT_SORTS = ["id", "slug", "name", "startDate", "type", "countryCode"] as const;
export const adminEventsQuerySchema = listQueryOf(EVENT_SORTS, {
  countryCode: countryFilter,
  type: z.optional(z.enum(EVENT_TYPE_PARAMS, { error: "errors.invalid_event_type" })),
});

export const adminEventItemSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  type: z.number(),
  countryCode: z.string(),
  startDate: z.string(),
  dates: z.number(),
  published: z.boolean(),
  cancelled: z.boolean(),
  recommended: z.boolean(),
});
export type AdminEventItem = z.infer<typeof adminEventItemSchema>;
