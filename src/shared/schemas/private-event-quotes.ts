/**
 * A private event's money: staff's quote at approval, the organiser paying it (or more seats at its price),
 * staff marking it invoiced, and the guests the organiser adds by hand. Messages are catalogue keys.
 */
import * as z from "zod/mini";
import { PAYMENT_CODES } from "../domain/payment-codes";
import { NOT_BLANK, databaseId, emailField } from "./fields";

const money = z.int({ error: "private_events.quote_amount_invalid" }).check(z.gte(0, "private_events.quote_amount_invalid"), z.lte(1_000_000_000_000, "private_events.quote_amount_invalid"));

/** "YYYY-MM-DD" (the end of that day, the event's local time) or a full ISO instant. */
const validUntil = z.string({ error: "private_events.quote_valid_until_invalid" }).check(
  z.refine((value) => /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(value) && !Number.isNaN(Date.parse(value)), "private_events.quote_valid_until_invalid"),
);

/** A price per seat, or a total, per province if needed; valid until a day. Seats default to the guests expected. */
export const quoteSchema = z
  .object({
    currency: z.string({ error: "private_events.quote_currency_invalid" }).check(z.regex(/^[A-Z]{3}$/, "private_events.quote_currency_invalid")),
    perSeat: z.optional(money),
    total: z.optional(money),
    seats: z.optional(z.int({ error: "private_events.quote_seats_invalid" }).check(z.gte(1, "private_events.quote_seats_invalid"), z.lte(5000, "private_events.quote_seats_invalid"))),
    validUntil,
    provinces: z._default(z.array(z.object({ provinceId: databaseId("errors.unknown_province", { max: Number.MAX_SAFE_INTEGER }), perSeat: money })).check(z.maxLength(40, "form.too_long")), []),
  })
  .check(z.refine((quote) => quote.perSeat !== undefined || quote.total !== undefined || quote.provinces.length > 0, { message: "private_events.quote_price_required", path: ["perSeat"] }));
export type QuoteBody = z.infer<typeof quoteSchema>;

/**
 * POST /shop-api/staff/event-requests/{id}/approve: a quote, or `waive: true` when staff choose to carry the
 * transport free of charge (nothing rides for free unless staff say so).
 */
export const approvePrivateEventSchema = z
  .object({ quote: z.optional(quoteSchema), waive: z.optional(z.boolean()) })
  .check(z.refine((body) => body.quote !== undefined || body.waive === true, { message: "private_events.quote_required", path: ["quote"] }));
export type ApprovePrivateEventBody = z.infer<typeof approvePrivateEventSchema>;

/** POST /shop-api/event-requests/{id}/pay: the quote with one of the country's methods (or more seats at its price). */
export const payQuoteSchema = z.object({
  paymentCode: z.enum(PAYMENT_CODES, { error: "booking.payment_code_required" }),
  /** More seats at the quoted price; absent pays the quote itself. */
  seats: z.optional(z.int({ error: "private_events.quote_seats_invalid" }).check(z.gte(1, "private_events.quote_seats_invalid"), z.lte(5000, "private_events.quote_seats_invalid"))),
  url: z._default(z.string().check(z.maxLength(2000, "form.too_long")), ""),
});
export type PayQuoteBody = z.infer<typeof payQuoteSchema>;

/** POST /shop-api/event-requests/{id}/guests: one guest added by hand. */
export const addGuestSchema = z.object({
  name: z
    .string({ error: "private_events.guest_name_missing" })
    .check(z.trim(), z.minLength(1, "private_events.guest_name_missing"), z.maxLength(120, "form.too_long"))
    .register(z.globalRegistry, NOT_BLANK),
  email: emailField,
  phone: z._default(z.string().check(z.maxLength(30, "form.too_long")), ""),
  seats: z._default(z.int({ error: "private_events.guest_seats_invalid" }).check(z.gte(1, "private_events.guest_seats_invalid"), z.lte(20, "private_events.guest_seats_invalid")), 1),
});
export type AddGuestBody = z.infer<typeof addGuestSchema>;

/** GET /shop-api/event-requests/{id}/guests/export?format=xlsx|csv */
export const guestExportQuery = z.object({ format: z._default(z.enum(["xlsx", "csv"], { error: "errors.invalid_value" }), "xlsx") });
