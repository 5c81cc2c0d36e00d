/** The purchase detail's words (the purchases area) and the payment-method names; part of the account's texts. */
import type { MessageKey } from "../../../shared/i18n";
import { orderDeskMessages } from "../../../shared/i18n/messages/order-desk";
import { purchaseMessages } from "../../../shared/i18n/messages/purchases";
import { ticketMessages } from "../../../shared/i18n/messages/tickets";
import { tripNoticeMessages } from "../../../shared/i18n/messages/trip-notices";
import { liveDayMessages } from "../../../shared/i18n/messages/live-day";
import { noShowMessages } from "../../../shared/i18n/messages/driver-phone";
import { CLOCK_KEYS } from "../../../shared/format/event-clock";
import { areaKeys } from "../../ui/pick-texts";
import type { Texts } from "../../ui/texts";

const METHOD_KEYS = ["payments.method.webpay", "payments.method.mercadopago", "payments.method.transferencia", "payments.method.prepagado"] as const satisfies readonly MessageKey[];

/** Pick-up times, calendar files and the full-screen QR code (the trip notices a passenger reads on the page). */
const TRIP_KEYS = areaKeys(tripNoticeMessages).filter(
  (key): key is Extract<typeof key, `purchase.${string}` | `calendar.${string}`> => key.startsWith("purchase.") || key.startsWith("calendar."),
);

/** Each passenger's own ticket. */
const PASSENGER_TICKET_KEYS = areaKeys(ticketMessages).filter((key): key is Extract<typeof key, `purchase.${string}`> => key.startsWith("purchase."));

/** Cancelling the booking from the account. */
const CANCEL_KEYS = areaKeys(orderDeskMessages).filter((key): key is Extract<typeof key, `cancel.${string}`> => key.startsWith("cancel."));

/** A shared purchase's shares, paid or not. */
const SHARE_KEYS = [
  "shares.title",
  "shares.state.pending",
  "shares.state.paid",
  "shares.state.released",
  "shares.pay_for",
  "shares.deadline",
  "private_events.quote.transfer_started",
  "private_events.quote.pay_failed",
] as const satisfies readonly MessageKey[];

/** Each passenger's tracking link on the day. */
const TRACKING_LINK_KEYS = areaKeys(liveDayMessages).filter((key): key is Extract<typeof key, `purchase.${string}`> => key.startsWith("purchase."));
/** The passengers the van left without (the driver's no-shows). */
const NO_SHOW_KEYS = areaKeys(noShowMessages).filter((key): key is Extract<typeof key, `order.${string}`> => key.startsWith("order."));

/** The order's money after a refund, named as the refund mail, the desk and the exports name it. */
const MONEY_KEYS = ["money.paid", "money.refunded", "money.net"] as const satisfies readonly MessageKey[];

/** The paid order's invoice. */
const INVOICE_KEYS = ["invoice.download", "invoice.download_failed"] as const satisfies readonly MessageKey[];

export const PURCHASE_KEYS = [...CLOCK_KEYS, ...MONEY_KEYS, ...INVOICE_KEYS, ...TRACKING_LINK_KEYS, ...METHOD_KEYS, ...areaKeys(purchaseMessages), ...TRIP_KEYS, ...PASSENGER_TICKET_KEYS, ...CANCEL_KEYS, ...SHARE_KEYS, ...NO_SHOW_KEYS];
export type PurchaseTexts = Texts<(typeof PURCHASE_KEYS)[number]>;
