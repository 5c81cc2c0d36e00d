/**
 * Everything a purchase must satisfy before any seat is taken, re-checked on the server from
 * its own rows: the date belongs to a bookable event and is upcoming, the buyer may book a private event, the
 * payment method fits the event, every subcategory belongs to the event and the chosen province, passengers and
 * addresses fit the ticket, counties exist in the province, and the discount is valid here. Prices come from the
 * variant rows. Stock is not checked here: place-order.ts takes the seats with the order's own write.
 */
import { settlesCurrency } from "../../payments/currencies";
import { and, eq, sql } from "drizzle-orm";
import { PAYMENT_TYPE } from "../../../shared/domain/event-kinds";
import type { Purchase } from "../../../shared/schemas/purchase";
import type { Db } from "../../db/client";
import { categories, counties, countries, eventDates, events, paymentMethods, productVariants, provinces } from "../../db/schema";
import { ShopError, type ShopErrorCode } from "../../../shared/domain/shop-error";
import type { PaymentCode } from "../../payments";
import { canViewPrivateEvent } from "../catalog/event-detail";
import { checkInvitedSeats, type InvitedGuest } from "../private-events/invited";
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
  /** The buyer's guest-list row on a private event published from a request: the write recounts under its lock. */
  guest: InvitedGuest | null;
}

const refuse = (code: ShopErrorCode, field?: string) => new ShopError(code, field ? { [field]: `errors.${code}` } : undefined);

export type BookableDate = Awaited<ReturnType<typeof findBookableDate>>;

/**
 * The date, its event and currency, and whether the chosen method is enabled in the event's country: one query,
 * the purchase's only lookup of the date (the checks and the seat count below work from what it found).
 */
/** The purchase's lookups as prepared statements: parsed and planned once per connection, not per purchase. */
function buildLookups(db: Db) {
  return {
    bookableDate: db
      // Only what the checks read: whole rows (the event's texts in every language) cost more to send and map.
      .select({
        date: { startDate: eventDates.startDate },
        event: {
          id: events.id,
          published: events.published,
          cancelled: events.cancelled,
          requiresLogin: events.requiresLogin,
          ownerId: events.ownerId,
          paymentType: events.paymentType,
          placeId: events.placeId,
          countryCode: events.countryCode,
          // The names alone, for the payment's description.
          translations: sql<Record<string, { name: string }>>`(select coalesce(jsonb_object_agg(k, jsonb_build_object('name', v->'name')), '{}'::jsonb) from jsonb_each(${events.translations}) as t(k, v))`,
        },
        currency: countries.currency,
        methodId: paymentMethods.id,
      })
      .from(eventDates)
      .innerJoin(events, eq(events.id, eventDates.eventId))
      .innerJoin(countries, eq(countries.code, events.countryCode))
      .leftJoin(
        paymentMethods,
        and(eq(paymentMethods.countryCode, events.countryCode), eq(paymentMethods.code, sql.placeholder("paymentCode")), eq(paymentMethods.enabled, true)),
      )
      .where(eq(eventDates.id, sql.placeholder("eventDateId")))
      .limit(1)
      .prepare("purchase_bookable_date"),
    variants: db
      .select({
        variant: {
          id: productVariants.id,
          provinceId: productVariants.provinceId,
          price: productVariants.price,
          capacity: productVariants.capacity,
          stops: productVariants.stops,
          approaches: productVariants.approaches,
        },
        eventId: categories.eventId,
        // Which of the municipalities the buyer typed are of the chosen province, in the same round trip.
        knownCounties: sql<number[]>`(select coalesce(array_agg(${counties.id}), '{}') from ${counties} where ${counties.id} = any(${sql.placeholder("countyIds")}::int[]) and ${counties.provinceId} = ${sql.placeholder("provinceId")})`,
      })
      .from(productVariants)
      .innerJoin(categories, eq(categories.id, productVariants.categoryId))
      .where(sql`${productVariants.id} = any(${sql.placeholder("ids")}::int[])`)
      .prepare("purchase_variants"),
  };
}

const prepared = new WeakMap<Db, ReturnType<typeof buildLookups>>();

function preparedLookups(db: Db) {
  let lookups = prepared.get(db);
  if (!lookups) {
    lookups = buildLookups(db);
    prepared.set(db, lookups);
  }
  return lookups;
}

export async function findBookableDate(db: Db, eventDateId: number, paymentCode: PaymentCode, userId: number, now: Date) {
  const [row] = await preparedLookups(db).bookableDate.execute({ eventDateId, paymentCode });
  if (!row) throw refuse("unknown_event_date", "eventDateId");
  const { event, date } = row;
  if (!event.published) throw refuse("not_found");
  if (event.cancelled) throw refuse("event_gone");
  if (date.startDate <= now) throw refuse("unknown_event_date", "eventDateId");
  if (event.requiresLogin && !(await canViewPrivateEvent(db, event.id, event.ownerId, userId))) throw refuse("event_not_invited");
  // Organiser-funded events (paymentType 2) book with prepagado only; other events with a method of their country.
  if (event.paymentType === PAYMENT_TYPE.organiser) {
    if (paymentCode !== "prepagado") throw refuse("prepaid_only", "paymentCode");
  } else if (paymentCode === "prepagado" || row.methodId === null || !settlesCurrency(paymentCode, row.currency)) {
    throw refuse("payment_method_unavailable", "paymentCode");
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
  return province ? refuse("variant_not_in_province", field) : refuse("unknown_province", "provinceId");
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The checks after `findBookableDate` found the date (the purchase expires the event's run-out holds in between). */
export async function checkPurchase(db: Db, userId: number, body: Purchase, bookable: BookableDate, now: Date): Promise<PurchasePlan> {
  const { event, currency } = bookable;
  // A private event published from a request: guests on its list only, within their seats (private-events/invited.ts).
  const guest = event.requiresLogin ? await checkInvitedSeats(db, event.id, userId, body.tickets.length, now) : null;

  const variantIds = [...new Set(body.tickets.map((ticket) => ticket.productVariantId))];
  const countyIds = [...new Set(body.tickets.flatMap((ticket) => ticket.addresses.map((line) => line.commune_id)))];
  const variantRows = await preparedLookups(db).variants.execute({ ids: variantIds, countyIds, provinceId: body.provinceId });
  const variants = new Map(variantRows.map((row) => [row.variant.id, row]));

  // Every subcategory must be of this event and of the chosen province (which also proves the province valid).
  for (const [index, ticket] of body.tickets.entries()) {
    const row = variants.get(ticket.productVariantId);
    if (!row || row.eventId !== event.id) throw refuse("variant_not_in_event", `tickets.${index}.productVariantId`);
    if (row.variant.provinceId !== body.provinceId) throw await provinceRefusal(db, body.provinceId, event.countryCode, `tickets.${index}.productVariantId`);
  }

  const typedCounties = new Set<number>();
  body.tickets.forEach((ticket, index) => {
    const at = `tickets.${index}`;
    const { variant } = variants.get(ticket.productVariantId)!;
    if (ticket.placeId !== event.placeId) throw refuse("place_not_in_event", `${at}.placeId`);
    if (ticket.passengers.length > variant.capacity) throw refuse("over_capacity", `${at}.passengers`);
    if (ticket.addresses.length > variant.stops) throw refuse("too_many_addresses", `${at}.addresses`);
    if (variant.approaches.length > 0) {
      // Fixed pick-up points: each line must be one of them, not an address the buyer typed.
      ticket.addresses.forEach((line, lineIndex) => {
        const known = variant.approaches.some((approach) => approach.countyId === line.commune_id && sameAddress(approach.address, line.address));
        if (!known) throw refuse("approach_invalid", `${at}.addresses.${lineIndex}`);
      });
    } else {
      for (const line of ticket.addresses) typedCounties.add(line.commune_id);
    }
  });

  const knownCounties = new Set((variantRows[0]?.knownCounties ?? []).map(Number));
  if ([...typedCounties].some((id) => !knownCounties.has(id))) throw refuse("unknown_county", "tickets");

  let discount: ValidDiscount | null = null;
  if (body.discountCode) {
    discount = await findValidDiscount(db, body.discountCode, event.id, now, "discountCode", userId);
    if (!variantIds.some((id) => discount!.prices.has(id))) throw refuse("discount_not_applicable", "discountCode");
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
    guest,
  };
}
