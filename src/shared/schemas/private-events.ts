/**
 * Private events: the request body the server checks, the form the customer
 * fills, and the two conversions between them. Messages are catalogue keys.
 * The body writes dates as "YYYY/MM/DD HH:mm" in the event's local time, as the request form sends them.
 */
import * as z from "zod/mini";
import { PRIVATE_EVENT_LISTS, PRIVATE_EVENT_PAYERS, STAFF_PRIVATE_EVENT_LIST, STAFF_PRIVATE_EVENT_LISTS } from "../domain/private-events";
import { NOT_BLANK, comingYears, databaseId, emailField, everyYearDay } from "./fields";

/** Every text of this form is required and refused with one message ("Campo Requerido"). */
const required = (max = 200) =>
  z
    .string({ error: "private_events.required" })
    .check(z.trim(), z.minLength(1, "private_events.required"), z.maxLength(max, "form.too_long"))
    .register(z.globalRegistry, NOT_BLANK);

const HHMM = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
/** YYYY/MM/DD HH:mm, a real calendar day. */
export const SPEC_DATE_TIME = /^(\d{4})\/(\d{2})\/(\d{2}) ([01]\d|2[0-3]):([0-5]\d)$/;

export function isRealDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const specDateTime = (message: string) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, message),
      z.refine((value) => {
        const match = SPEC_DATE_TIME.exec(value);
        return match !== null && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]));
      }, "form.date_invalid"),
    )
    .register(z.globalRegistry, {
      type: "string",
      pattern: `^${comingYears()}/${everyYearDay("/")} (?:[01]\\d|2[0-3]):[0-5]\\d$`,
      description: "YYYY/MM/DD HH:mm in the event's local time, a real day.",
    });

const countyId = databaseId("private_events.required", { max: Number.MAX_SAFE_INTEGER });

/** A time "HH:mm" (or "HH:mm:ss", which the stops may send), read back as HH:mm. */
const stopTime = z.pipe(
  z.string({ error: "private_events.stops_incomplete" }).check(z.trim(), z.regex(HHMM, "private_events.stops_incomplete")),
  z.transform((value: string) => value.slice(0, 5)),
);

export const additionalStopSchema = z.object({
  address: z
    .string({ error: "private_events.stops_incomplete" })
    .check(z.trim(), z.minLength(1, "private_events.stops_incomplete"), z.maxLength(200, "form.too_long"))
    .register(z.globalRegistry, NOT_BLANK),
  countyId: databaseId("private_events.stops_incomplete", { max: Number.MAX_SAFE_INTEGER }),
  time: stopTime,
});

/** Most guests a private event may expect (the guest list's own limit). */
export const MAX_GUESTS_EXPECTED = 2000;
/** Most extra stops a private event may name. */
export const MAX_STOPS = 10;
/** Hours before the event at which seats no guest claimed are released, unless the organiser says otherwise. */
export const DEFAULT_CLAIM_HOURS = 48;

/** POST /shop-api/request-events and PUT /shop-api/request-events/{id}. */
export const privateEventSchema = z.object({
  name: required(120),
  startDate: specDateTime("private_events.start_date_required"),
  endDate: specDateTime("private_events.end_hour_required"),
  location: required(200),
  address: required(200),
  countyId,
  additionalStops: z._default(z.array(additionalStopSchema).check(z.maxLength(MAX_STOPS, "form.too_long")), []),
  invitation: required(2000),
  /** The request form sends an `image` field in the body; the picture itself travels by the upload call, so any value here is ignored. */
  image: z.optional(z.unknown()),
  claimHours: z._default(z.int({ error: "errors.invalid_value" }).check(z.gte(0, "errors.invalid_value"), z.lte(720, "errors.invalid_value")), DEFAULT_CLAIM_HOURS),
  /** Guests expected to ride: what staff quote for (absent: the guest list's seats). */
  guestsExpected: z.optional(z.nullable(z.int({ error: "private_events.guests_expected_invalid" }).check(z.gte(1, "private_events.guests_expected_invalid"), z.lte(MAX_GUESTS_EXPECTED, "private_events.guests_expected_invalid")))),
  /** Provinces of the event's country guests may be picked up in (the venue's is always one). */
  pickupProvinceIds: z._default(z.array(databaseId("errors.unknown_province", { max: Number.MAX_SAFE_INTEGER })).check(z.maxLength(40, "form.too_long")), []),
  /** Who pays the transport: the organiser (every seat) or each guest (their own, at the quoted price). */
  payer: z._default(z.enum(PRIVATE_EVENT_PAYERS, { error: "private_events.payer_required" }), "organiser"),
});
export type PrivateEventBody = z.infer<typeof privateEventSchema>;
export type PrivateEventInput = z.input<typeof privateEventSchema>;

/** The form's own fields; the stops are the body's. */
export const privateEventFormSchema = z
  .object({
    eventName: required(120),
    placeName: required(200),
    placeAddress: required(200),
    countyId,
    startDate: z.string({ error: "private_events.start_date_required" }).check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/, "private_events.start_date_required")),
    startHour: z.string({ error: "private_events.start_hour_required" }).check(z.regex(HHMM, "private_events.start_hour_required")),
    endHour: z.string({ error: "private_events.end_hour_required" }).check(z.regex(HHMM, "private_events.end_hour_required")),
    invitationMessage: required(2000),
    additionalStops: z.array(additionalStopSchema).check(z.maxLength(MAX_STOPS, "form.too_long")),
    claimHours: z.pipe(z.union([z.number(), z.string()]), z.transform((value: number | string) => Number(value))).check(
      z.refine((value) => Number.isInteger(value) && value >= 0 && value <= 720, "errors.invalid_value"),
    ),
    guestsExpected: z.pipe(z.union([z.number(), z.string()]), z.transform((value: number | string) => Number(value))).check(
      z.refine((value) => Number.isInteger(value) && value >= 1 && value <= MAX_GUESTS_EXPECTED, "private_events.guests_expected_invalid"),
    ),
    pickupProvinceIds: z.array(z.pipe(z.union([z.number(), z.string()]), z.transform((value: number | string) => Number(value)))),
    payer: z.enum(PRIVATE_EVENT_PAYERS, { error: "private_events.payer_required" }),
  });
export type PrivateEventForm = z.input<typeof privateEventFormSchema>;
export type PrivateEventFormValues = z.output<typeof privateEventFormSchema>;

/** Body field -> form field, to put a server refusal on the right input. */
export const FORM_FIELD_OF: Record<string, keyof PrivateEventForm> = {
  name: "eventName",
  location: "placeName",
  address: "placeAddress",
  countyId: "countyId",
  startDate: "startDate",
  endDate: "endHour",
  invitation: "invitationMessage",
  claimHours: "claimHours",
  guestsExpected: "guestsExpected",
  pickupProvinceIds: "pickupProvinceIds",
  payer: "payer",
};

/** yyyy-mm-dd + HH:mm -> YYYY/MM/DD HH:mm; an end hour not after the start is the next day (a party past midnight). */
export function toPrivateEventBody(form: PrivateEventFormValues): PrivateEventInput {
  const day = form.startDate.replaceAll("-", "/");
  let endDay = day;
  if (form.endHour <= form.startHour) {
    const [y, m, d] = form.startDate.split("-").map(Number) as [number, number, number];
    endDay = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10).replaceAll("-", "/");
  }
  return {
    name: form.eventName,
    startDate: `${day} ${form.startHour.slice(0, 5)}`,
    endDate: `${endDay} ${form.endHour.slice(0, 5)}`,
    location: form.placeName,
    address: form.placeAddress,
    countyId: form.countyId,
    additionalStops: form.additionalStops.map((stop) => ({ address: stop.address, countyId: stop.countyId, time: stop.time })),
    invitation: form.invitationMessage,
    claimHours: form.claimHours,
    guestsExpected: form.guestsExpected,
    pickupProvinceIds: form.pickupProvinceIds.filter((id) => Number.isInteger(id) && id > 0),
    payer: form.payer,
  };
}

/** POST /shop-api/staff/event-requests/{id}/reject: the reason the customer reads. */
export const rejectPrivateEventSchema = z.object({ reason: required(1000) });

/** GET /shop-api/event-requests?state=1..4 (1 active, 2 under review with saved, 3 saved, 4 finished). */
export const privateEventStateQuery = z.object({
  state: z.enum(PRIVATE_EVENT_LISTS, { error: "errors.invalid_value" }),
});
/** Staff lists: 2 under review, `quoted` approved with a quote the organiser has not paid (to mark invoiced). */
export const staffPrivateEventStateQuery = z.object({ state: z._default(z.enum(STAFF_PRIVATE_EVENT_LISTS, { error: "errors.invalid_value" }), STAFF_PRIVATE_EVENT_LIST.underReview) });

/** One row of a guest list, after the header (name, email, phone, optional seats). */
export const guestRowSchema = z.object({
  name: z.string({ error: "private_events.guest_name_missing" }).check(z.trim(), z.minLength(1, "private_events.guest_name_missing"), z.maxLength(120, "form.too_long")),
  email: emailField,
  phone: z.string(),
  seats: z.int({ error: "private_events.guest_seats_invalid" }).check(z.gte(1, "private_events.guest_seats_invalid"), z.lte(20, "private_events.guest_seats_invalid")),
});

/** POST /shop-api/invitations/claim: the personal link's token. */
export const claimSchema = z.object({ token: z.string({ error: "errors.token_invalid" }).check(z.minLength(20, "errors.token_invalid"), z.maxLength(100, "errors.token_invalid")) });
