/**
 * Everything a purchase must satisfy before any seat is taken (issue 4 section 2), re-checked on the server from
 * its own rows: the date belongs to a bookable event and is upcoming, the buyer may book a private event, the
 * payment method fits the event, every subcategory belongs to the event and the chosen province, passengers and
 * addresses fit the ticket, counties exist in the province, and the discount is valid here. Prices come from the
 * variant rows. Stock is not checked here: place-order.ts recounts it under lock.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Purchase } from "../../../shared/schemas/purchase";
import type { Db } from "../../db/client";
import { categories, counties, countries, eventDates, events, paymentMethods, productVariants, provinces } from "../../db/schema";
import { ApiError } from "../../http/answer";
import type { PaymentCode } from "../../payments";
import { canViewPrivateEvent } from "../catalog/event-detail";
import { findValidDiscount, type ValidDiscount } from "./discounts";
import { orderTotals, priceTickets, type OrderTotals, type TicketPrice } from "./pricing";

export interface CheckedTicket extends TicketPrice {
  placeId: number;
  passengers: Purchase["tickets"][number]["passengers"];
  addresses: Purchase["tickets"][number]["addresses"];
}

export interface PurchasePlan {
  userId: number;
  event: { id: number; placeId: number; countryCode: string; name: Record<string, { name: string }> };
  eventDateId: number;
  provinceId: number;
  currency: string;
  paymentCode: PaymentCode;
  tickets: CheckedTicket[];
  discount: ValidDiscount | null;
  totals: OrderTotals;
}

const refuse = (status: 403 | 404 | 409 | 410 | 422, code: string, field?: string) =>
  new ApiError(status, code, field ? { [field]: `errors.${code}` } : undefined);

/** The date, its event and currency, and whether the chosen method is enabled in the event's country: one query. */
async function loadEventDate(db: Db, eventDateId: number, paymentCode: PaymentCode, userId: number, now: Date) {
  const [row] = await db
    .select({ date: eventDates, event: events, currency: countries.currency, methodId: paymentMethods.id })
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.eventId))
    .innerJoin(countries, eq(countries.code, events.countryCode))
    .leftJoin(
      paymentMethods,
      and(eq(paymentMethods.countryCode, events.countryCode), eq(paymentMethods.code, paymentCode), eq(paymentMethods.enabled, true)),
    )
    .where(eq(eventDates.id, eventDateId))
    .limit(1);
  if (!row) throw refuse(422, "unknown_event_date", "eventDateId");
  const { event, date } = row;
  if (!event.published) throw refuse(404, "not_found");
  if (event.cancelled) throw refuse(410, "event_gone");
  if (date.startDate <= now) throw refuse(422, "unknown_event_date", "eventDateId");
  if (event.requiresLogin && !(await canViewPrivateEvent(db, event.id, event.ownerId, userId))) throw refuse(403, "event_not_invited");
  // Organiser-funded events (paymentType 2) book with prepagado only; other events with a method of their country.
  if (event.paymentType === 2) {
    if (paymentCode !== "prepagado") throw refuse(422, "prepaid_only", "paymentCode");
  } else if (paymentCode === "prepagado" || row.methodId === null) {
    throw refuse(422, "payment_method_unavailable", "paymentCode");
  }
  return row;
}

/** A variant outside the chosen province: the province itself may not exist (or be of another country). */
async function provinceRefusal(db: Db, provinceId: number, countryCode: string, field: string) {
  const [province] = await db
    .select({ id: provinces.id })
    .from(provinces)
    .where(and(eq(provinces.id, provinceId), eq(provinces.countryCode, countryCode)))
    .limit(1);
  return province ? refuse(422, "variant_not_in_province", field) : refuse(422, "unknown_province", "provinceId");
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export async function checkPurchase(db: Db, userId: number, body: Purchase, now: Date): Promise<PurchasePlan> {
  const { event, currency } = await loadEventDate(db, body.eventDateId, body.paymentCode, userId, now);

  const variantIds = [...new Set(body.tickets.map((ticket) => ticket.productVariantId))];
  const variantRows = await db
    .select({ variant: productVariants, eventId: categories.eventId })
    .from(productVariants)
    .innerJoin(categories, eq(categories.id, productVariants.categoryId))
    .where(inArray(productVariants.id, variantIds));
  const variants = new Map(variantRows.map((row) => [row.variant.id, row]));

  // Every subcategory must be of this event and of the chosen province (which also proves the province valid).
  for (const [index, ticket] of body.tickets.entries()) {
    const row = variants.get(ticket.productVariantId);
    if (!row || row.eventId !== event.id) throw refuse(422, "variant_not_in_event", `tickets.${index}.productVariantId`);
    if (row.variant.provinceId !== body.provinceId) throw await provinceRefusal(db, body.provinceId, event.countryCode, `tickets.${index}.productVariantId`);
  }

  const typedCounties = new Set<number>();
  body.tickets.forEach((ticket, index) => {
    const at = `tickets.${index}`;
    const { variant } = variants.get(ticket.productVariantId)!;
    if (ticket.placeId !== event.placeId) throw refuse(422, "place_not_in_event", `${at}.placeId`);
    if (ticket.passengers.length > variant.capacity) throw refuse(422, "over_capacity", `${at}.passengers`);
    if (ticket.addresses.length > variant.stops) throw refuse(422, "too_many_addresses", `${at}.addresses`);
    if (variant.approaches.length > 0) {
      // Fixed pick-up points: each line must be one of them, not an address the buyer typed.
      ticket.addresses.forEach((line, lineIndex) => {
        const known = variant.approaches.some((approach) => approach.countyId === line.commune_id && sameAddress(approach.address, line.address));
        if (!known) throw refuse(422, "approach_invalid", `${at}.addresses.${lineIndex}`);
      });
    } else {
      for (const line of ticket.addresses) typedCounties.add(line.commune_id);
    }
  });

  if (typedCounties.size > 0) {
    const found = await db
      .select({ id: counties.id })
      .from(counties)
      .where(and(inArray(counties.id, [...typedCounties]), eq(counties.provinceId, body.provinceId)));
    if (found.length !== typedCounties.size) throw refuse(422, "unknown_county", "tickets");
  }

  let discount: ValidDiscount | null = null;
  if (body.discountCode) {
    discount = await findValidDiscount(db, body.discountCode, event.id, now, "discountCode");
    if (!variantIds.some((id) => discount!.prices.has(id))) throw refuse(422, "discount_not_applicable", "discountCode");
  }

  const prices = priceTickets(
    body.tickets.map((ticket) => ticket.productVariantId),
    new Map(variantRows.map((row) => [row.variant.id, row.variant])),
    discount?.prices,
  );
  return {
    userId,
    event: { id: event.id, placeId: event.placeId, countryCode: event.countryCode, name: event.translations },
    eventDateId: body.eventDateId,
    provinceId: body.provinceId,
    currency,
    paymentCode: body.paymentCode,
    tickets: body.tickets.map((ticket, index) => ({ ...prices[index]!, placeId: ticket.placeId, passengers: ticket.passengers, addresses: ticket.addresses })),
    discount,
    totals: orderTotals(prices),
  };
}
