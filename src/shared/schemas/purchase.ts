/**
 * The purchase and its wizard steps (storefront spec sections 2, 3, 5 and 7; account spec section 5).
 * `purchaseSchema` is the body of POST /shop-api/init-payment exactly as the spec's Purchase row; the step
 * schemas are what the booking wizard validates before it lets a person continue. Messages are catalogue
 * keys (src/shared/i18n/messages/booking.ts).
 *
 * The server prices every ticket itself: the purchase body carries no price, and any price field a client
 * adds is dropped by the (stripping) object schemas below.
 */
import * as z from "zod/mini";

export const PAYMENT_CODES = ["webpay", "mercadopago", "transferencia", "prepagado"] as const;
export type PaymentCodeValue = (typeof PAYMENT_CODES)[number];

/** A database id sent as a number or a numeric string (form selects give strings). */
const dbId = (message: string) =>
  z.coerce.number({ error: message }).check(z.int(message), z.positive(message), z.lte(2_147_483_647, message));

/** Spec section 5: "passenger needs name, valid email, phone of at least 8 characters, passengerAddress". */
export const passengerSchema = z.object({
  name: z
    .string({ error: "booking.passenger_name_required" })
    .check(z.trim(), z.minLength(1, "booking.passenger_name_required"), z.maxLength(120, "form.too_long")),
  email: z.pipe(
    z.string({ error: "booking.passenger_email_invalid" }).check(z.trim(), z.maxLength(254, "form.too_long")),
    z.email({ error: "booking.passenger_email_invalid" }),
  ),
  phone: z
    .string({ error: "booking.passenger_phone_min" })
    .check(z.trim(), z.minLength(8, "booking.passenger_phone_min"), z.maxLength(30, "form.too_long")),
  passengerAddress: z
    .string({ error: "booking.passenger_address_required" })
    .check(z.trim(), z.minLength(1, "booking.passenger_address_required"), z.maxLength(200, "form.too_long")),
});
export type Passenger = z.infer<typeof passengerSchema>;
export type PassengerInput = z.input<typeof passengerSchema>;

/** Spec section 5: "each address needs address and commune_id". */
export const addressLineSchema = z.object({
  address: z
    .string({ error: "booking.address_required" })
    .check(z.trim(), z.minLength(1, "booking.address_required"), z.maxLength(200, "form.too_long")),
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

/** Spec section 3 "Discount" and section 5 "Coupon: required". Codes are compared without case. */
export const couponField = z
  .string({ error: "booking.coupon_required" })
  .check(z.trim(), z.minLength(1, "booking.coupon_required"), z.maxLength(60, "form.too_long"));

/**
 * POST /shop-api/init-payment (spec section 7, Purchase row): url, eventDateId, provinceId, paymentCode,
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
});
export type Purchase = z.infer<typeof purchaseSchema>;
export type PurchaseInput = z.input<typeof purchaseSchema>;

/* ---------- Wizard steps ----------
 * The wizard keeps richer client-held tickets (price, name, capacity, stops ...: spec section 3 "Ticket
 * (client-held)"); loose objects let those fields pass through react-hook-form's resolver untouched. */

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

/** The discount-code entry on step 0 (account spec section 5: "Coupon: required"). */
export const discountCodeSchema = z.object({ coupon: couponField });
export type DiscountCodeForm = z.infer<typeof discountCodeSchema>;

/** GET /shop-api/discounts/{code}/event/{eventId} path. */
export const discountPathSchema = z.object({ code: couponField, eventId: dbId("errors.invalid_id") });

/** The answer of the discount call (spec section 3 "Discount"). */
export interface DiscountAnswer {
  code: string;
  /** Fraction off as a number (0.15); the wizard shows variation x 100 as the percentage. */
  variation: number;
  productVariants: { product_variant_id: number; discount_price: number }[];
}

/**
 * The answer of POST /shop-api/init-payment: the spec's payment response (only the chosen method's fields are
 * present; prepagado has none) plus the order it made.
 */
export interface PaymentStartAnswer {
  orderId: number;
  paymentCode: PaymentCodeValue;
  /** The order's state right after the purchase: awaiting_payment, awaiting_transfer_payment or paid. */
  state: string;
  /** When the held seats are released if the order is still unpaid (ISO, UTC); null for paid orders. */
  holdExpiresAt: string | null;
  webpay_token?: string;
  webpay_url?: string;
  preference_id?: string;
  preference_init_point?: string;
  bankName?: string;
  accountId?: string;
  accountType?: string;
  dni?: string;
  email?: string;
}

/** GET /shop-api/order-status/{id}: what the payment result page reads (storefront spec section 3 "Order"). */
export interface OrderStatusAnswer {
  order: { id: number; paymentState: string };
}

type TextMap<T> = Record<string, T>;

/** GET /shop-api/order-detail/{id} (account spec sections 3 and 7): the owner's purchase detail. */
export interface OrderDetailAnswer {
  order: {
    id: number;
    /** Purchase time, UTC ISO. */
    date: string;
    paymentState: string;
    paymentCode: string;
    currency: string;
    subtotal: number;
    /** How much the discount took off (subtotal - total). */
    discount: number;
    total: number;
    /** The chosen event date (UTC ISO). */
    eventDate: string | null;
    holdExpiresAt: string | null;
  };
  event: {
    id: number;
    slug: string;
    name: string;
    translations: TextMap<{ name: string; description?: string; imagePath?: string }>;
  };
  tickets: {
    id: number;
    productVariantId: number;
    name: string;
    translations: TextMap<{ name: string; description?: string }>;
    capacity: number;
    price: number;
    discountPrice: number | null;
    placeAddress: string;
    passengers: { name: string; email: string; phone: string; passengerAddress: string }[];
    addresses: { address: string; commune_id: number; communeName: string }[];
  }[];
  /** Paid orders: the QR content `{"orderId":…,"sig":"…"}` and the same as a PNG data URL. */
  qr: string | null;
  qrImage: string | null;
}
