/**
 * The purchase calls' answers. Dates are UTC ISO
 * strings; money is integer minor units of the order's currency.
 */
import * as z from "zod/mini";
import { ORDER_STATES } from "../../domain/order-states";
import { LEGS } from "../../domain/legs";
import { paymentCodeSchema } from "./catalogue";
import { orderMoneySchema } from "./order-money";

/** GET /shop-api/discounts/{code}/event/{eventId}. */
export const discountAnswerSchema = z.object({
  code: z.string(),
  /** Fraction off as a number (0.15); the wizard shows variation x 100 as the percentage. */
  variation: z.number(),
  productVariants: z.array(z.object({ product_variant_id: z.number(), discount_price: z.number() })),
});
export type DiscountAnswer = z.infer<typeof discountAnswerSchema>;

/**
 * The answer to a started payment: only the chosen method's fields are present (webpay token and
 * form URL, MercadoPago preference, transfer account); prepagado has none.
 */
export const paymentResponseSchema = z.object({
  webpay_token: z.optional(z.string()),
  webpay_url: z.optional(z.string()),
  preference_id: z.optional(z.string()),
  preference_init_point: z.optional(z.string()),
  bankName: z.optional(z.string()),
  accountId: z.optional(z.string()),
  accountType: z.optional(z.string()),
  dni: z.optional(z.string()),
  email: z.optional(z.string()),
  /** The transfer account's holder, and for an IBAN country (Spain) its IBAN and BIC instead of a number and kind. */
  holder: z.optional(z.string()),
  iban: z.optional(z.string()),
  bic: z.optional(z.string()),
});
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

/** POST /shop-api/init-payment: the order it made plus the payment response. */
export const paymentStartAnswerSchema = z.extend(paymentResponseSchema, {
  orderId: z.number(),
  paymentCode: paymentCodeSchema,
  /** The order's state right after the purchase: awaiting_payment, awaiting_transfer_payment or paid. */
  state: z.enum(ORDER_STATES),
  /** When the held seats are released if the order is still unpaid; null for paid orders. */
  holdExpiresAt: z.nullable(z.string()),
  /** A shared purchase where the buyer pays none: no payment was started, every passenger was sent a link. */
  sharesOnly: z.optional(z.boolean()),
});
export type PaymentStartAnswer = z.infer<typeof paymentStartAnswerSchema>;

/** GET /shop-api/order-status/{id}: what the payment result page reads. */
export const orderStatusAnswerSchema = z.object({ order: z.object({ id: z.number(), paymentState: z.string() }) });
export type OrderStatusAnswer = z.infer<typeof orderStatusAnswerSchema>;

/** GET /shop-api/order-detail/{id}: the owner's purchase detail. */
export const orderDetailAnswerSchema = z.object({
  order: z.object({
    id: z.number(),
    /** Purchase time. */
    date: z.string(),
    paymentState: z.string(),
    paymentCode: z.string(),
    currency: z.string(),
    subtotal: z.number(),
    /** How much the discount took off (subtotal - total). */
    discount: z.number(),
    total: z.number(),
    /** Paid, refunded, net and the order's total after refunds: the figures its mails, desk and exports show. */
    money: orderMoneySchema,
    /** The chosen event date. */
    eventDate: z.nullable(z.string()),
    holdExpiresAt: z.nullable(z.string()),
  }),
  event: z.object({
    id: z.number(),
    slug: z.string(),
    name: z.string(),
    translations: z.record(z.string(), z.object({ name: z.string(), description: z.optional(z.string()), imagePath: z.optional(z.string()) })),
    /** The event's country, whose company sells it and whose clock every time of the order is read in. */
    countryCode: z.optional(z.string()),
    /** That clock (IANA), e.g. Europe/Madrid for an event in Spain, whatever the reader's own country. */
    timeZone: z.optional(z.string()),
  }),
  /** An order waiting for its bank transfer: the account of the event's country to transfer to. */
  transfer: z.optional(
    z.object({
      bankName: z.string(),
      accountType: z.optional(z.string()),
      accountId: z.optional(z.string()),
      iban: z.optional(z.string()),
      bic: z.optional(z.string()),
      holder: z.string(),
      dni: z.string(),
      email: z.string(),
    }),
  ),
  tickets: z.array(
    z.object({
      id: z.number(),
      productVariantId: z.number(),
      name: z.string(),
      translations: z.record(z.string(), z.object({ name: z.string(), description: z.optional(z.string()) })),
      capacity: z.number(),
      price: z.number(),
      discountPrice: z.nullable(z.number()),
      placeAddress: z.string(),
      passengers: z.array(z.object({ name: z.string(), email: z.string(), phone: z.string(), passengerAddress: z.string() })),
      addresses: z.array(z.object({ address: z.string(), commune_id: z.number(), communeName: z.string() })),
    }),
  ),
  /**
   * The trip as planned so far (booked orders with an event date): the estimated pick-up time at each of the
   * order's addresses and when the return leaves the venue. Estimates: they move as the van runs fill.
   */
  itinerary: z.optional(
    z.nullable(
      z.object({
        venue: z.string(),
        returnAt: z.string(),
        /** `passengerIds`: the order's passengers collected there (the first names its calendar entry). */
        pickups: z.array(z.object({ address: z.string(), communeName: z.string(), pickupAt: z.string(), passengerIds: z.optional(z.array(z.number())) })),
        /** Some times are dispatch's published ones (what the passengers were told), not estimates. */
        published: z.optional(z.boolean()),
        /** Each leg's revision (the plan version its times were published in; 0: estimates): the calendar entries' SEQUENCE. */
        sequence: z.optional(z.object({ outbound: z.number(), return: z.number() })),
      }),
    ),
  ),
  /** Paid orders: the QR content `{"orderId":…,"sig":"…"}` and the same as a PNG data URL. */
  qr: z.nullable(z.string()),
  qrImage: z.nullable(z.string()),
  /** Paid orders: each passenger's own code (it lets that passenger alone in), with its picture. */
  passengerTickets: z.array(z.object({ passengerId: z.number(), name: z.string(), qr: z.string(), qrImage: z.string() })),
  /** Paid orders: each passenger of a published run with their tracking link's token (the page `/track?token=`). */
  tracking: z.optional(z.array(z.object({ passengerId: z.number(), name: z.string(), token: z.string() }))),
  /** Passengers the van waited for and left without (the driver's no-show), per leg. */
  noShows: z.array(z.object({ passengerId: z.number(), name: z.string(), leg: z.enum(LEGS), at: z.string() })),
});
export type OrderDetailAnswer = z.infer<typeof orderDetailAnswerSchema>;

/** POST /shop-api/payments/mercadopago/webhook: acknowledged; `applied` when it changed the order. */
export const webhookAnswerSchema = z.object({ received: z.literal(true), applied: z.boolean(), state: z.optional(z.string()) });

/** POST /shop-api/staff/orders/{id}/confirm-transfer. */
export const transferConfirmationSchema = z.object({
  orderId: z.number(),
  paymentState: z.string(),
  /** False when the order was already paid: nothing changed, no mail was sent. */
  changed: z.boolean(),
});
export type TransferConfirmation = z.infer<typeof transferConfirmationSchema>;
