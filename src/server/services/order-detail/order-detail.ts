/**
 * What the buyer reads about an order: its state for the payment result page (GET /shop-api/order-status/{id})
 * and the purchase detail of the account area (GET /shop-api/order-detail/{id}),
 * with the signed ticket QR code once it is paid. Another person's order is simply not found (404).
 */
import { orderMoneyOfOne } from "../refunds/order-money";
import { transferDetailsOf } from "../../sellers";
import { timeZoneOf } from "../../../shared/format/dates";
import { ORDER_STATE } from "../../../shared/domain/order-states";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Locale } from "../../../shared/locales";
import type { OrderDetailAnswer, OrderStatusAnswer } from "../../../shared/schemas/purchase";
import { addressLines, counties, eventDates, events, orders, passengers, places, productVariants, publishedPickups, tickets } from "../../db/schema";
import { trackingToken } from "../notices/tracking-link";
import { ShopError } from "../../../shared/domain/shop-error";
import type { ShopContext } from "../../context";
import { pick } from "../catalogue/rows";
import { itineraryOf } from "../manifests/manifest-sheet";
import { expireHolds } from "../holds/end-unpaid-orders";
import { passengerCodes } from "../tickets/passenger-tickets";
import { ticketQrImage, ticketQrText } from "../tickets/ticket-qr";
import { noShowsOfOrder } from "../dispatch/no-shows";

/** The caller's order; a hold that ran out reads as expired, not as still waiting. */
async function ownOrder({ db, now }: Pick<ShopContext, "db" | "now">, userId: number, orderId: number) {
  await expireHolds(db, now(), { orderId });
  const [row] = await db
    .select({ order: orders, event: events, eventDate: eventDates.startDate })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .leftJoin(eventDates, eq(eventDates.id, orders.eventDateId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (!row) throw new ShopError("not_found");
  return row;
}

/** GET /shop-api/order-status/{id}: `{ order: { id, paymentState } }`. */
export async function orderStatus(deps: ShopContext, userId: number, orderId: number): Promise<OrderStatusAnswer> {
  const { order } = await ownOrder(deps, userId, orderId);
  return { order: { id: order.id, paymentState: order.state } };
}

/** The state alone, for the holder of the order's signed payment return key (checked by the route). */
export async function orderStatusByReturnKey(deps: ShopContext, orderId: number): Promise<OrderStatusAnswer> {
  await expireHolds(deps.db, deps.now(), { orderId });
  const [order] = await deps.db.select({ id: orders.id, state: orders.state }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new ShopError("not_found");
  return { order: { id: order.id, paymentState: order.state } };
}

export async function orderDetail(deps: ShopContext, userId: number, orderId: number, locale: Locale): Promise<OrderDetailAnswer> {
  const { db } = deps;
  const { order, event, eventDate } = await ownOrder(deps, userId, orderId);
  const ticketRows = await db
    .select({ ticket: tickets, variant: productVariants, placeAddress: places.address })
    .from(tickets)
    .innerJoin(productVariants, eq(productVariants.id, tickets.productVariantId))
    .leftJoin(places, eq(places.id, tickets.placeId))
    .where(eq(tickets.orderId, order.id))
    .orderBy(asc(tickets.id));
  const ticketIds = ticketRows.map((row) => row.ticket.id);
  const [passengerRows, addressRows] = ticketIds.length
    ? await Promise.all([
        db.select().from(passengers).where(inArray(passengers.ticketId, ticketIds)).orderBy(asc(passengers.id)),
        db
          .select({ line: addressLines, communeName: counties.name })
          .from(addressLines)
          .innerJoin(counties, eq(counties.id, addressLines.countyId))
          .where(inArray(addressLines.ticketId, ticketIds))
          .orderBy(asc(addressLines.id)),
      ])
    : [[], []];

  const qr = order.state === ORDER_STATE.paid ? ticketQrText(deps.auth.ticketKey, order.id) : null;
  return {
    order: {
      id: order.id,
      date: order.createdAt.toISOString(),
      paymentState: order.state,
      paymentCode: order.paymentCode,
      currency: order.currency,
      subtotal: order.subtotal,
      discount: order.subtotal - order.total,
      total: order.total,
      money: await orderMoneyOfOne(db, order.id),
      eventDate: eventDate ? eventDate.toISOString() : null,
      holdExpiresAt: order.holdExpiresAt ? order.holdExpiresAt.toISOString() : null,
    },
    event: {
      id: event.id,
      slug: event.slug,
      name: pick(event.translations, locale)?.name ?? "",
      translations: Object.fromEntries(
        Object.entries(event.translations).map(([code, text]) => [code, { name: text.name, description: text.description, imagePath: text.imagePath }]),
      ),
      countryCode: event.countryCode,
      timeZone: timeZoneOf(event.countryCode),
    },
    // Waiting for a transfer: where to send it, the event's country's account (the one its mail named).
    ...(order.state === ORDER_STATE.awaiting_transfer_payment ? { transfer: transferDetailsOf(deps.env, event.countryCode) } : {}),
    tickets: ticketRows.map(({ ticket, variant, placeAddress }) => ({
      id: ticket.id,
      productVariantId: variant.id,
      name: pick(variant.translations, locale)?.name ?? "",
      translations: Object.fromEntries(Object.entries(variant.translations).map(([code, text]) => [code, { name: text.name, description: text.description }])),
      capacity: variant.capacity,
      price: ticket.price,
      discountPrice: ticket.discountPrice,
      placeAddress: placeAddress ?? "",
      passengers: passengerRows
        .filter((row) => row.ticketId === ticket.id)
        .map(({ name, email, phone, passengerAddress }) => ({ name, email, phone, passengerAddress })),
      addresses: addressRows
        .filter((row) => row.line.ticketId === ticket.id)
        .map(({ line, communeName }) => ({ address: line.address, commune_id: line.countyId, communeName })),
    })),
    itinerary: await itineraryOf(deps, order, locale),
    qr,
    qrImage: qr ? await ticketQrImage(qr) : null,
    passengerTickets: (await passengerCodes(deps, order.id)).map(({ passengerId, name, qr: text, qrImage }) => ({ passengerId, name, qr: text, qrImage })),
    tracking: await trackingLinksOf(deps, order.state, passengerRows),
    noShows: await noShowsOfOrder(db, order.id),
  };
}

/** Each passenger of a paid order whose run is published: their tracking link's token, for the page's link. */
async function trackingLinksOf(deps: ShopContext, state: string, passengerRows: { id: number; name: string }[]) {
  if (state !== ORDER_STATE.paid || passengerRows.length === 0) return [];
  const published = await deps.db
    .selectDistinct({ passengerId: publishedPickups.passengerId })
    .from(publishedPickups)
    .where(inArray(publishedPickups.passengerId, passengerRows.map((passenger) => passenger.id)));
  const ids = new Set(published.map((row) => row.passengerId));
  return passengerRows.filter((passenger) => ids.has(passenger.id)).map((passenger) => ({ passengerId: passenger.id, name: passenger.name, token: trackingToken(deps.auth.signer, passenger.id) }));
}
