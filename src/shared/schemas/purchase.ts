/**
 * The purchase and its wizard steps.
 * `purchaseSchema` is the body of POST /shop-api/init-payment, field for field as the wizard sends it; the step
 * schemas are what the booking wizard validates before it lets a person continue. Messages are message
 * keys (src/shared/i18n/messages/booking.ts).
 *
 * The server prices every ticket itself: the purchase body carries no price, and any price field a client
 * adds is dropped by the (stripping) object schemas below.
 */
import * as z from "zod/mini";
import { NEEDS } from "../domain/needs";
import { PAYMENT_CODES, type PaymentCode } from "../domain/payment-codes";
import { stripPhoneSeparators, toE164 } from "../format/phone-number";
import { databaseId, NOT_BLANK } from "./fields";

export type PaymentCodeValue = PaymentCode;

/** A database id sent as a number or a numeric string (form selects give strings). */
const dbId = databaseId;

/** A passenger's phone as digits: 8 to 15 of them, an optional + before. */
const PASSENGER_PHONE = /^\+?\d{8,15}$/;

/** A passenger needs a name, a valid email, a phone of at least 8 characters and a pick-up address. */
export const passengerSchema = z.object({
  name: z
    .string({ error: "booking.passenger_name_required" })
    .check(z.trim(), z.minLength(1, "booking.passenger_name_required"), z.maxLength(120, "form.too_long"))
    .register(z.globalRegistry, NOT_BLANK),
  email: z
    .pipe(
      z.string({ error: "booking.passenger_email_invalid" }).check(z.trim(), z.maxLength(254, "form.too_long")),
      z.email({ error: "booking.passenger_email_invalid" }),
    )
    // The contract names the address rule the server applies (zod's), not just "a string".
    .register(z.globalRegistry, { type: "string", maxLength: 254, pattern: z.regexes.email.source }),
  // At least 8 characters, and a phone: a number of the shop's countries (stored as E.164) or 8-15 digits. The number
  // is read once, by the transform that also refuses it: libphonenumber's reading is the dearest step of a purchase's
  // body (tens of microseconds a number), which a check and then a transform each paid.
  phone: z.pipe(
    z.string({ error: "booking.passenger_phone_min" }).check(z.trim(), z.minLength(8, "booking.passenger_phone_min"), z.maxLength(30, "form.too_long")),
    z.transform((value: string, context) => {
      const e164 = toE164(value, { anyCountry: true });
      if (e164 !== undefined) return e164;
      const digits = stripPhoneSeparators(value);
      if (PASSENGER_PHONE.test(digits)) return digits;
      context.issues.push({ code: "custom", message: "form.phone_invalid", input: value });
      return z.NEVER;
    }),
  ).register(z.globalRegistry, {
    // The contract names the form always taken; a number valid in its country, typed with separators, passes too.
    type: "string",
    pattern: PASSENGER_PHONE.source,
    description: "8 to 15 digits with an optional +, or a number valid in its country (spaces, dashes and brackets ignored). Stored as E.164 when valid.",
  }),
  passengerAddress: z
    .string({ error: "booking.passenger_address_required" })
    .check(z.trim(), z.minLength(1, "booking.passenger_address_required"), z.maxLength(200, "form.too_long"))
    .register(z.globalRegistry, NOT_BLANK),
  /** What the passenger needs on board (a wheelchair space, a child seat, large luggage): only a vehicle carrying it takes them. */
  needs: z.optional(
    z
      .array(z.enum(NEEDS, { error: "errors.invalid_value" }))
      .check(z.maxLength(NEEDS.length, "errors.invalid_value")),
  ),
});
export type Passenger = z.infer<typeof passengerSchema>;
export type PassengerInput = z.input<typeof passengerSchema>;

/** Each address needs its text and its county (`commune_id`). */
export const addressLineSchema = z.object({
  address: z
    .string({ error: "booking.address_required" })
    .check(z.trim(), z.minLength(1, "booking.address_required"), z.maxLength(200, "form.too_long"))
    .register(z.globalRegistry, NOT_BLANK),
  commune_id: dbId("booking.commune_required"),
});
export type AddressLine = z.infer<typeof addressLineSchema>;
export type AddressLineInput = z.input<typeof addressLineSchema>;

/** Upper bounds against absurd bodies; the real limits are the variant's capacity, stops and stock. */
export const MAX_TICKETS_PER_ORDER = 50;
const MAX_LINES_PER_TICKET = 50;

const passengerList = z
  .array(passengerSchema, { error: "booking.passengers_min" })
  .check(z.minLength(1, "booking.passengers_min"), z.maxLength(MAX_LINES_PER_TICKET, "booking.over_capacity"));
const addressList = z
  .array(addressLineSchema, { error: "booking.addresses_min" })
  .check(z.minLength(1, "booking.addresses_min"), z.maxLength(MAX_LINES_PER_TICKET, "booking.too_many_addresses"));

/** One ticket as the purchase sends it: the subcategory, its venue, who travels and where they are picked up. */
export const purchaseTicketSchema = z.object({
  placeId: dbId("errors.invalid_id"),
  productVariantId: dbId("errors.invalid_id"),
  passengers: passengerList,
  addresses: addressList,
});
export type PurchaseTicket = z.infer<typeof purchaseTicketSchema>;

const ticketList = <T extends z.ZodMiniType>(ticket: T) =>
  z
    .array(ticket, { error: "booking.tickets_min" })
    .check(z.minLength(1, "booking.tickets_min"), z.maxLength(MAX_TICKETS_PER_ORDER, "booking.too_many_tickets"));

/** A discount code: the coupon field may not be sent empty. Codes are compared without case. */
export const couponField = z
  .string({ error: "booking.coupon_required" })
  .check(z.trim(), z.minLength(1, "booking.coupon_required"), z.maxLength(60, "form.too_long"));

/**
 * POST /shop-api/init-payment: url, eventDateId, provinceId, paymentCode,
 * tickets (placeId, productVariantId, passengers, addresses), discountCode when a discount applies.
 * `url` is the page the purchase was made from; the server only keeps its site prefix (/cl/es ...) to send
 * the buyer back to the right order-detail page after paying, never its host.
 */
export const purchaseSchema = z.object({
  url: z._default(z.string({ error: "form.required" }).check(z.trim(), z.maxLength(2000, "form.too_long")), ""),
  eventDateId: dbId("errors.unknown_event_date"),
  provinceId: dbId("booking.province_required"),
  paymentCode: z.enum(PAYMENT_CODES, { error: "booking.payment_code_required" }),
  tickets: ticketList(purchaseTicketSchema),
  discountCode: z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(60, "form.too_long"))),
    z.transform((value: string | null | undefined) => (value ? value : undefined)),
  ),
  /**
   * Each passenger pays their own seat: the buyer pays the first ticket now, every other ticket's first
   * passenger gets a personal link to pay theirs before a deadline (seats held for all until then).
   */
  shares: z.optional(z.boolean()),
  /**
   * With `shares`: the buyer pays no seat now; every ticket's first passenger (the buyer too, when travelling)
   * gets a personal link, and the buyer may still pay any share from the purchase detail. Refused without `shares`.
   */
  buyerPaysNone: z.optional(z.boolean()),
});
export type Purchase = z.infer<typeof purchaseSchema>;
export type PurchaseInput = z.input<typeof purchaseSchema>;

/* ---------- Wizard steps ----------
 * The wizard keeps richer tickets in the browser (price, name, capacity, stops ...) than it sends; loose objects let those fields pass through react-hook-form's resolver untouched. */

/** Step 0: at least one ticket selected ('Se debe seleccionar al menos 1 ticket'). */
export const ticketSelectionSchema = z.looseObject({
  tickets: ticketList(z.looseObject({ productVariantId: dbId("booking.tickets_min") })),
});
export type TicketSelection = z.infer<typeof ticketSelectionSchema>;

/** Step 1: every ticket has at least one address line, each with address and commune_id. */
export const addressStepSchema = z.looseObject({
  tickets: ticketList(z.looseObject({ addresses: addressList })),
});
export type AddressStep = z.infer<typeof addressStepSchema>;

/** Step 2: every ticket has at least one passenger with name, valid email, phone >= 8, passengerAddress. */
export const passengerStepSchema = z.looseObject({
  tickets: ticketList(z.looseObject({ passengers: passengerList })),
});
export type PassengerStep = z.infer<typeof passengerStepSchema>;

/** Step 3: a payment method (the first listed one is preselected). */
export const paymentStepSchema = z.looseObject({
  paymentCode: z.enum(PAYMENT_CODES, { error: "booking.payment_code_required" }),
});
export type PaymentStep = z.infer<typeof paymentStepSchema>;

/** The discount-code entry on step 0 (the coupon field is required). */
export const discountCodeSchema = z.object({ coupon: couponField });
export type DiscountCodeForm = z.infer<typeof discountCodeSchema>;

/** GET /shop-api/discounts/{code}/event/{eventId} path. */
export const discountPathSchema = z.object({ code: couponField, eventId: dbId("errors.invalid_id") });

/** The purchase calls' answers: their schemas live in ./answers/orders. */
export type { DiscountAnswer, OrderDetailAnswer, OrderStatusAnswer, PaymentStartAnswer } from "./answers/orders";

/**
 * The payment result page's query: `key` is the signature of the payment return link the buyer came back through
 * (it lets a browser without a session read the order's state); the page's other parameters are ignored.
 */
export const orderStatusQuerySchema = z.object({
  key: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, "not_found"))),
});
