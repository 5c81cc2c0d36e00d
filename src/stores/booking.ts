/**
 * The booking wizard's draft (the state the wizard's steps share: quantity, communeCode, buttonStepTicket,
 * addressInputs, passengerInputs and the discount). Kept in sessionStorage so a reload, or a log-in mid-way, does not lose the selection; emptied
 * once the purchase is done. The event's offer ($offer) is loaded by the wizard and never stored.
 */
import { atom, computed } from "nanostores";
import { api, ApiFailure } from "../client/api";
import type { Locale } from "../shared/locales";
import type { AddressLineInput, DiscountAnswer, PassengerInput, PaymentCodeValue, PaymentStartAnswer, PurchaseInput } from "../shared/schemas/purchase";
import type { Category, ProvinceOption } from "../shared/types/catalogue";
import { buildTickets, orderTotals, type ClientTicket } from "./booking-tickets";
import { PAYMENT_CODE } from "../shared/domain/payment-codes";
import { IDEMPOTENCY_HEADER } from "../shared/schemas/idempotency";

export const BOOKING_KEY = "shop.booking";

/** Steps: 0 categories, 1 addresses, 2 passengers, 3 confirm and pay, 4 payment action, 5 redirect to the account. */
export const STEPS = { categories: 0, addresses: 1, passengers: 2, confirm: 3, payment: 4, done: 5 } as const;

export interface BookingDraft {
  eventId: number | null;
  stepIndex: number;
  eventDateId: number | null;
  /** periodicityType 2: the day picked in the range (yyyy-mm-dd). */
  travelDay: string | null;
  provinceId: number | null;
  /** productVariantId -> tickets chosen. */
  quantity: Record<string, number>;
  /** The commune last chosen: new address lines start with it. */
  communeCode: number | null;
  /** Step 0 may continue: at least one ticket is selected. */
  buttonStepTicket: boolean;
  /** Ticket key -> address lines (address, commune_id). */
  addressInputs: Record<string, AddressLineInput[]>;
  /** Ticket key -> passengers (name, email, phone, passengerAddress). */
  passengerInputs: Record<string, PassengerInput[]>;
  discount: DiscountAnswer | null;
  paymentCode: PaymentCodeValue | null;
  /** Each passenger pays their own seat (a personal link for every ticket but the buyer's). */
  shares?: boolean;
  /** With shares: the buyer pays no seat now, every passenger (the buyer too) gets a link. */
  buyerPaysNone?: boolean;
  /** The answer of the purchase (order id and the payment response). */
  payment: PaymentStartAnswer | null;
  /** The purchase was refused: step 4 sends the person to /order-rejected. */
  rejected: boolean;
  /** The refusal's code, when the shop said why (stock_exhausted …): /order-rejected explains it. */
  rejection?: string | null;
  /**
   * The code was refused at the payment (used up, out of its window, past the customer's limit since the check):
   * the buyer is told why before paying and may go on at the full price. The shop's translated reason.
   */
  discountLost?: string | null;
  /**
   * Seats a waiting-list offer holds for this person (opened from the offer mail's link): the wizard adds them to
   * what it shows on sale for that subcategory and date, and the purchase uses them.
   */
  waitingOffer?: HeldOffer | null;
}

export interface HeldOffer {
  id: number;
  eventDateId: number;
  productVariantId: number;
  seats: number;
  /** ISO end of the offer. */
  until: string;
}

export function emptyDraft(eventId: number | null = null): BookingDraft {
  return {
    eventId,
    stepIndex: STEPS.categories,
    eventDateId: null,
    travelDay: null,
    provinceId: null,
    quantity: {},
    communeCode: null,
    buttonStepTicket: false,
    addressInputs: {},
    passengerInputs: {},
    discount: null,
    paymentCode: null,
    payment: null,
    rejected: false,
    rejection: null,
  };
}

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

function readDraft(): BookingDraft {
  const text = storage()?.getItem(BOOKING_KEY);
  if (!text) return emptyDraft();
  try {
    const stored = JSON.parse(text) as Partial<BookingDraft>;
    return { ...emptyDraft(), ...stored };
  } catch {
    return emptyDraft();
  }
}

export const $bookingDraft = atom<BookingDraft>(readDraft());

$bookingDraft.listen((draft) => {
  try {
    storage()?.setItem(BOOKING_KEY, JSON.stringify(draft));
  } catch {
    // A full or blocked storage only costs the draft on reload.
  }
});

/** The event's offer as step 0 loaded it (categories with live stock for the chosen date, provinces). */
export interface BookingOffer {
  categories: Category[];
  provinces: ProvinceOption[];
  locale: Locale;
}
export const $offer = atom<BookingOffer | null>(null);

/** The client-held tickets: one per unit chosen, with their address lines and passengers. */
export const $tickets = computed([$bookingDraft, $offer], (draft, offer): ClientTicket[] =>
  offer ? buildTickets(offer.categories, draft, offer.locale) : [],
);

export const $totals = computed($tickets, orderTotals);

function update(change: Partial<BookingDraft>) {
  $bookingDraft.set({ ...$bookingDraft.get(), ...change });
}

/** Card payments leave the shop: once handed to Webpay or MercadoPago the draft has done its work. */
const LEAVES_THE_SHOP: readonly string[] = [PAYMENT_CODE.webpay, PAYMENT_CODE.mercadopago];

/**
 * The wizard opens on an event: a draft of another event, or one already handed to a payment page, is
 * dropped; a draft whose purchase was refused reopens on the confirm step so the person can retry or change it.
 */
export function startBooking(eventId: number) {
  const draft = $bookingDraft.get();
  const handedOver = draft.payment !== null && LEAVES_THE_SHOP.includes(draft.payment.paymentCode);
  if (draft.eventId !== eventId || draft.stepIndex >= STEPS.done || handedOver) {
    $bookingDraft.set(emptyDraft(eventId));
    return;
  }
  if (draft.rejected) update({ rejected: false, rejection: null, payment: null, stepIndex: STEPS.confirm });
}

/** The wizard's clear action: empties addresses, communeCode, passengers and quantity, and resets buttonStepTicket. */
export function clearBooking() {
  update({ addressInputs: {}, communeCode: null, passengerInputs: {}, quantity: {}, buttonStepTicket: false });
}

/** Changing province resets the ticket selection (the tickets on sale differ per province). */
export function selectProvince(provinceId: number | null) {
  if ($bookingDraft.get().provinceId === provinceId) return;
  clearBooking();
  update({ provinceId });
}

/** A new date changes the live stock of every subcategory, so the selection starts over too. */
export function selectDate(eventDateId: number | null, travelDay: string | null = null) {
  const draft = $bookingDraft.get();
  if (draft.eventDateId === eventDateId && draft.travelDay === travelDay) return;
  if (draft.eventDateId !== eventDateId) {
    clearBooking();
    update({ waitingOffer: null });
  }
  update({ eventDateId, travelDay });
}

/**
 * The offer mail's link opened the wizard: a new draft on the offer's date, province and subcategory with its
 * seats chosen, kept beside the draft so the wizard shows them on sale for this person.
 */
export function startWaitingOffer(eventId: number, offer: HeldOffer & { provinceId: number }) {
  const { provinceId, ...held } = offer;
  $bookingDraft.set({
    ...emptyDraft(eventId),
    eventDateId: offer.eventDateId,
    provinceId,
    quantity: { [offer.productVariantId]: offer.seats },
    buttonStepTicket: true,
    waitingOffer: held,
  });
}

/** Quantity counter: never below 0, never above the variant's live stock. */
export function setTicketQuantity(productVariantId: number, count: number, stock: number) {
  const draft = $bookingDraft.get();
  const next = Math.max(0, Math.min(Math.floor(count), stock));
  const quantity = { ...draft.quantity };
  if (next === 0) delete quantity[productVariantId];
  else quantity[productVariantId] = next;
  update({ quantity, buttonStepTicket: Object.values(quantity).some((n) => n > 0) });
}

export function applyDiscount(discount: DiscountAnswer) {
  update({ discount });
}

export function removeDiscount() {
  update({ discount: null, discountLost: null });
}

/** Refusals of the code itself: the booking stands, the buyer chooses to go on without it. */
const DISCOUNT_REFUSALS = new Set(["discount_used_up", "discount_expired", "discount_invalid", "discount_customer_limit", "discount_not_applicable"]);

/** Keeps what the address step's form holds, ticket by ticket. */
export function saveAddresses(tickets: readonly Pick<ClientTicket, "key" | "addresses">[]) {
  const addressInputs = { ...$bookingDraft.get().addressInputs };
  for (const ticket of tickets) addressInputs[ticket.key] = ticket.addresses;
  const lastCommune = tickets.flatMap((ticket) => ticket.addresses).findLast((line) => line.commune_id)?.commune_id;
  update({ addressInputs, communeCode: lastCommune ? Number(lastCommune) : $bookingDraft.get().communeCode });
}

/** Keeps what the passenger step's form holds, ticket by ticket. */
export function savePassengers(tickets: readonly Pick<ClientTicket, "key" | "passengers">[]) {
  const passengerInputs = { ...$bookingDraft.get().passengerInputs };
  for (const ticket of tickets) passengerInputs[ticket.key] = ticket.passengers;
  update({ passengerInputs });
}

export function selectPaymentMethod(paymentCode: PaymentCodeValue) {
  update({ paymentCode });
}

/** "Each passenger pays their own seat" on or off. */
export function chooseShares(shares: boolean) {
  update({ shares });
}

/** With shares: whether the buyer pays their own seat now or none. */
export function chooseBuyerPaysNone(buyerPaysNone: boolean) {
  update({ buyerPaysNone });
}

/** Moves to a step; the wizard only offers earlier steps, or the next one once the current step is valid. */
export function goToStep(stepIndex: number) {
  update({ stepIndex });
}

/** The purchase went through: step 4 shows the payment action of its method. */
export function recordPayment(payment: PaymentStartAnswer) {
  update({ payment, rejected: false, rejection: null, stepIndex: STEPS.payment });
}

/** The purchase was refused (with the refusal's code when the shop gave one): step 4 sends the person to /order-rejected. */
export function rejectPurchase(code: string | null = null) {
  update({ payment: null, rejected: true, rejection: code, stepIndex: STEPS.payment });
}

/** The body of POST /shop-api/init-payment: no prices, the server sets them. */
export function purchaseBody(draft: BookingDraft & { paymentCode: PaymentCodeValue }, tickets: readonly ClientTicket[], url: string): PurchaseInput {
  return {
    url,
    eventDateId: draft.eventDateId,
    provinceId: draft.provinceId,
    paymentCode: draft.paymentCode,
    tickets: tickets.map((ticket) => ({
      placeId: ticket.placeId,
      productVariantId: ticket.productVariantId,
      passengers: ticket.passengers,
      addresses: ticket.addresses,
    })),
    ...(draft.discount ? { discountCode: draft.discount.code } : {}),
    ...(draft.shares && tickets.length > 1 && !draft.discount ? { shares: true, ...(draft.buyerPaysNone ? { buyerPaysNone: true } : {}) } : {}),
  };
}

/**
 * A busy shop asked the purchase to wait (503 `purchase_queue_full`), or the database was out of reach for a moment
 * (503 `database_unavailable`, `reason: "database"`): what the wizard shows meanwhile, else null.
 */
export const $purchaseQueue = atom<{ retryAfter: number; position: number; reason?: "database" } | null>(null);

/** How often a purchase is sent again for a busy shop before the wizard gives up (about a minute at 2 s). */
export const QUEUE_RETRIES = 30;

const pause = (milliseconds: number) => new Promise<void>((done) => setTimeout(done, milliseconds));

/**
 * A purchase's Idempotency-Key: drawn once per purchase and sent with each of its retries, so however many of them
 * reach the shop it makes one order (random hex: randomUUID exists only on secure origins).
 */
export function drawPurchaseKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The purchase, sent again as long as the shop says it is busy and asks to come back (up to QUEUE_RETRIES), each time
 * under the same Idempotency-Key.
 */
async function sendPurchase(body: PurchaseInput, wait: (milliseconds: number) => Promise<void>): Promise<PaymentStartAnswer> {
  const headers = { [IDEMPOTENCY_HEADER]: drawPurchaseKey() };
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await api("POST /shop-api/init-payment", { body, headers });
      } catch (error) {
        if (!(error instanceof ApiFailure && error.queue && attempt < QUEUE_RETRIES)) throw error;
        $purchaseQueue.set(error.queue);
        // Up to half a second more, so buyers told the same second do not all come back at the same instant.
        await wait(error.queue.retryAfter * 1000 + Math.random() * 500);
      }
    }
  } finally {
    $purchaseQueue.set(null);
  }
}

/**
 * At step 3, before moving to 4, the purchase is sent. Success shows the payment action of its
 * method; any failure sets the rejected flag and step 4 sends the person to /order-rejected. A busy shop's
 * "come back in a moment" is honoured by waiting and sending it again, with the wait shown ($purchaseQueue).
 */
export async function submitPurchase(url: string, wait: (milliseconds: number) => Promise<void> = pause): Promise<void> {
  const draft = $bookingDraft.get();
  const { paymentCode } = draft;
  if (!paymentCode) {
    rejectPurchase();
    return;
  }
  try {
    const answer = await sendPurchase(purchaseBody({ ...draft, paymentCode }, $tickets.get(), url), wait);
    recordPayment(answer);
  } catch (error) {
    if (error instanceof ApiFailure && draft.discount && DISCOUNT_REFUSALS.has(error.code)) {
      update({ discountLost: error.message, stepIndex: STEPS.confirm });
      return;
    }
    rejectPurchase(error instanceof ApiFailure ? error.code : null);
  }
}

/** The purchase is done (paid, waiting for a transfer, or handed to the payment page): nothing is kept. */
export function finishBooking() {
  $bookingDraft.set({ ...emptyDraft($bookingDraft.get().eventId), stepIndex: STEPS.done });
}
