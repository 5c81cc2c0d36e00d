/**
 * The van manifests of an event date in a province: every booked passenger's pick-up
 * address grouped into loads (group-loads.ts), each stop with its estimated pick-up time (pickup-times.ts) until a
 * dispatch plan is published (then the published pick-up, and the return's departure and drop-off), the
 * passengers' phones, whether their order is paid or still pending, what they need on board, and whether they
 * boarded each leg (the one boarding record, `boardings`: the door's scan or the driver's tick; read only) or were texted that the van is arriving (vehicle_notices).
 *
 * Pending orders (awaiting a payment, hold not run out) are listed, marked pending: their seats are held and
 * the van must have room for them; cancelled and expired orders are not.
 */
import { MANIFEST_PAYMENT, type ManifestPayment } from "../../../shared/domain/dispatch";
import { LEG } from "../../../shared/domain/legs";
import { and, asc, eq, gte, inArray, isNull } from "drizzle-orm";
import { timeZoneOf } from "../../../shared/format/dates";
import { holdsSeat, ORDER_STATE, SEAT_HOLDING_STATES } from "../../../shared/domain/order-states";
import { ShopError } from "../../../shared/domain/shop-error";
import type { Locale } from "../../../shared/locales";
import type { Need } from "../../../shared/domain/needs";
import type { Manifest, ManifestOptions } from "../../../shared/schemas/answers/staff-day";
import { addressLines, boardings, counties, dispatchPlans, eventDates, events, orders, passengers, places, provinces, publishedPickups, tickets, users, vehicleNotices } from "../../db/schema";
import type { Itinerary, ItineraryPickup } from "../../../shared/calendar/trip-legs";
import type { ShopContext } from "../../context";
import { pick } from "../catalogue/rows";
import { expireHolds } from "../holds/end-unpaid-orders";
import { comparableAddress, groupLoads, type Pickup, type Load } from "./group-loads";
import { pickupTimes, returnDeparture } from "./pickup-times";

export interface ManifestPassenger {
  id: number;
  orderId: number;
  name: string;
  phone: string;
  payment: ManifestPayment;
  /** The buyer's language and country: the passenger's messages are written in it. */
  locale: string;
  checkedIn: { outbound: boolean; return: boolean };
  notified: { outbound: boolean; return: boolean };
  /** Needs on board the passenger declared: the driver must know before reaching the stop. */
  needs: Need[];
}

export interface ManifestSheet {
  event: { id: number; name: string; countryCode: string; translations: Record<string, { name: string }>; startsAt: Date; returnAt: Date; venue: string };
  province: { id: number; name: string };
  vehicleSeats: number;
  /**
   * `times`: each stop's outbound pick-up (estimated, or the published one); `returns`: each stop's published
   * return (the van's departure from the venue and the drop-off there), null while the return is not published.
   */
  loads: (Load<ManifestPassenger> & { times: Date[]; returns: ({ departsAt: Date; dropOffAt: Date } | null)[] })[];
  /** Some times come from a published dispatch plan. */
  published: boolean;
}

/** The loads of one event date and province, as the service layer works with them. */
export async function manifestSheet(deps: ShopContext, eventDateId: number, provinceId: number, locale: Locale): Promise<ManifestSheet> {
  const { db } = deps;
  const [head] = await db
    .select({ date: eventDates.startDate, endDate: eventDates.endDate, event: events, venue: places.address, placeName: places.name })
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.eventId))
    .innerJoin(places, eq(places.id, events.placeId))
    .where(eq(eventDates.id, eventDateId))
    .limit(1);
  const [province] = await db.select({ id: provinces.id, name: provinces.name }).from(provinces).where(eq(provinces.id, provinceId)).limit(1);
  if (!head || !province) throw new ShopError("not_found");
  await expireHolds(db, deps.now(), { eventId: head.event.id });

  const orderRows = await db
    .select({ id: orders.id, state: orders.state, locale: users.localeCode })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.eventDateId, eventDateId), eq(orders.provinceId, provinceId), inArray(orders.state, [...SEAT_HOLDING_STATES])));
  const orderIds = orderRows.map((row) => row.id);
  const ticketRows = orderIds.length ? await db.select({ id: tickets.id, orderId: tickets.orderId }).from(tickets).where(inArray(tickets.orderId, orderIds)) : [];
  const ticketIds = ticketRows.map((row) => row.id);
  const [passengerRows, lineRows, boardingRows] = await Promise.all([
    ticketIds.length ? db.select().from(passengers).where(inArray(passengers.ticketId, ticketIds)).orderBy(asc(passengers.id)) : [],
    ticketIds.length
      ? db
          .select({ ticketId: addressLines.ticketId, address: addressLines.address, countyId: addressLines.countyId, countyName: counties.name })
          .from(addressLines)
          .innerJoin(counties, eq(counties.id, addressLines.countyId))
          .where(inArray(addressLines.ticketId, ticketIds))
          .orderBy(asc(addressLines.id))
      : [],
    orderIds.length ? db.select({ passengerId: boardings.passengerId, leg: boardings.leg }).from(boardings).where(inArray(boardings.orderId, orderIds)) : [],
  ]);
  const passengerIds = passengerRows.map((row) => row.id);
  const noticeRows = passengerIds.length
    ? await db.select({ passengerId: vehicleNotices.passengerId, leg: vehicleNotices.leg }).from(vehicleNotices).where(inArray(vehicleNotices.passengerId, passengerIds))
    : [];

  const orderOf = new Map(orderRows.map((row) => [row.id, row]));
  const ticketOrder = new Map(ticketRows.map((row) => [row.id, row.orderId]));
  // Looked up by key, not searched: a sheet of a sold-out date holds thousands of passengers.
  // The one boarding record, the door's scan or the driver's tick, of this very passenger.
  const aboard = new Set(boardingRows.map((row) => `${row.passengerId}|${row.leg}`));
  const boarded = (passengerId: number, leg: string) => aboard.has(`${passengerId}|${leg}`);
  const noticed = new Set(noticeRows.map((row) => `${row.passengerId}|${row.leg}`));
  const told = (passengerId: number, leg: string) => noticed.has(`${passengerId}|${leg}`);
  const linesOf = new Map<number, { ticketId: number; address: string; countyId: number; countyName: string }[]>();
  for (const line of lineRows) {
    const list = linesOf.get(line.ticketId);
    if (list) list.push(line);
    else linesOf.set(line.ticketId, [line]);
  }

  const pickups: Pickup<ManifestPassenger>[] = [];
  for (const passenger of passengerRows) {
    const orderId = ticketOrder.get(passenger.ticketId)!;
    const order = orderOf.get(orderId)!;
    const lines = linesOf.get(passenger.ticketId) ?? [];
    // A passenger is picked up at the ticket's address line they typed; the ticket's first line otherwise.
    const line = lines.find((candidate) => comparableAddress(candidate.address) === comparableAddress(passenger.passengerAddress)) ?? lines[0];
    pickups.push({
      countyId: line?.countyId ?? 0,
      countyName: line?.countyName ?? "",
      address: line?.address ?? passenger.passengerAddress,
      passenger: {
        id: passenger.id,
        orderId,
        name: passenger.name,
        phone: passenger.phone,
        payment: order.state === ORDER_STATE.paid ? MANIFEST_PAYMENT.paid : MANIFEST_PAYMENT.pending,
        locale: order.locale,
        checkedIn: { outbound: boarded(passenger.id, LEG.outbound), return: boarded(passenger.id, LEG.return) },
        notified: { outbound: told(passenger.id, LEG.outbound), return: told(passenger.id, LEG.return) },
        needs: passenger.needs,
      },
    });
  }

  const startsAt = head.date;
  const loads = groupLoads(pickups, deps.env.VEHICLE_SEATS).map((load) => ({
    ...load,
    times: pickupTimes(startsAt, load.stops.length),
    returns: load.stops.map((): { departsAt: Date; dropOffAt: Date } | null => null),
  }));
  // Once a dispatch plan is published, a stop shows the times its passengers were given, for each leg, unless the
  // plan waits for a re-plan (its date moved or its end changed): those times were for the old day or end.
  const published = passengerIds.length
    ? await db
        .select({ passengerId: publishedPickups.passengerId, leg: publishedPickups.leg, time: publishedPickups.time, departsAt: publishedPickups.departsAt })
        .from(publishedPickups)
        .leftJoin(dispatchPlans, and(eq(dispatchPlans.eventDateId, publishedPickups.eventDateId), eq(dispatchPlans.leg, publishedPickups.leg)))
        .where(and(inArray(publishedPickups.passengerId, passengerIds), isNull(dispatchPlans.replanReason)))
    : [];
  const earliest = (times: Date[]) => new Date(Math.min(...times.map((time) => time.getTime())));
  const outbound = new Map(published.filter((row) => row.leg === LEG.outbound).map((row) => [row.passengerId, row.time]));
  const back = new Map(published.filter((row) => row.leg === LEG.return).map((row) => [row.passengerId, row]));
  for (const load of loads) {
    load.stops.forEach((stop, index) => {
      const told = stop.passengers.map((passenger) => outbound.get(passenger.id)).filter((time): time is Date => time !== undefined);
      if (told.length) load.times[index] = earliest(told);
      const returning = stop.passengers.map((passenger) => back.get(passenger.id)).filter((row) => row !== undefined);
      if (returning.length) load.returns[index] = { departsAt: earliest(returning.map((row) => row.departsAt)), dropOffAt: earliest(returning.map((row) => row.time)) };
    });
  }
  // The return's published departure replaces the estimate (the earliest van of this province leaving the venue).
  const departures = [...back.values()].map((row) => row.departsAt);
  return {
    event: {
      id: head.event.id,
      name: pick(head.event.translations, locale)?.name ?? "",
      countryCode: head.event.countryCode,
      translations: head.event.translations,
      startsAt,
      returnAt: departures.length ? earliest(departures) : (head.endDate ?? returnDeparture(startsAt, head.event.startDate, head.event.endDate, timeZoneOf(head.event.countryCode))),
      venue: [head.placeName, head.venue].filter(Boolean).join(", "),
    },
    province,
    vehicleSeats: deps.env.VEHICLE_SEATS,
    loads,
    published: published.length > 0,
  };
}

/** GET /shop-api/staff/manifests. */
export async function manifest(deps: ShopContext, eventDateId: number, provinceId: number, locale: Locale): Promise<Manifest> {
  const sheet = await manifestSheet(deps, eventDateId, provinceId, locale);
  return {
    event: {
      id: sheet.event.id,
      name: sheet.event.name,
      startsAt: sheet.event.startsAt.toISOString(),
      returnAt: sheet.event.returnAt.toISOString(),
      venue: sheet.event.venue,
      timeZone: timeZoneOf(sheet.event.countryCode),
    },
    published: sheet.published,
    eventDateId,
    province: sheet.province,
    vanSeats: sheet.vehicleSeats,
    runs: sheet.loads.map((load) => ({
      number: load.number,
      countyName: load.countyName,
      seats: load.seats,
      stops: load.stops.map((stop, index) => ({
        key: stop.key,
        address: stop.address,
        countyName: stop.countyName,
        pickupAt: load.times[index]!.toISOString(),
        returnDepartsAt: load.returns[index]?.departsAt.toISOString() ?? null,
        dropOffAt: load.returns[index]?.dropOffAt.toISOString() ?? null,
        passengers: stop.passengers.map(({ locale: _locale, ...passenger }) => passenger),
      })),
    })),
  };
}

/** GET /shop-api/staff/manifests/options: dates from a day ago on that have bookings, soonest first. */
export async function manifestOptions(deps: ShopContext, locale: Locale): Promise<ManifestOptions> {
  const since = new Date(deps.now().getTime() - 24 * 3_600_000);
  const rows = await deps.db
    .selectDistinct({ eventDateId: eventDates.id, startsAt: eventDates.startDate, translations: events.translations, countryCode: events.countryCode, provinceId: provinces.id, provinceName: provinces.name })
    .from(orders)
    .innerJoin(eventDates, eq(eventDates.id, orders.eventDateId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(provinces, eq(provinces.id, orders.provinceId))
    .where(and(inArray(orders.state, [...SEAT_HOLDING_STATES]), gte(eventDates.startDate, since)))
    .orderBy(asc(eventDates.startDate), asc(eventDates.id), asc(provinces.name))
    .limit(500);
  const options: ManifestOptions = [];
  for (const row of rows) {
    let option = options.find((candidate) => candidate.eventDateId === row.eventDateId);
    if (!option) {
      option = { eventDateId: row.eventDateId, startsAt: row.startsAt.toISOString(), eventName: pick(row.translations, locale)?.name ?? "", timeZone: timeZoneOf(row.countryCode), provinces: [] };
      options.push(option);
    }
    option.provinces.push({ id: row.provinceId, name: row.provinceName });
  }
  return options;
}

/**
 * A buyer's own trip: the estimated pick-up time at each of the order's addresses and when the return leaves
 * (for the purchase detail and the calendar files). Null for an order with no event date or no longer booked.
 */
export async function itineraryOf(
  deps: ShopContext,
  order: { id: number; eventDateId: number | null; provinceId: number; state: string },
  locale: Locale,
  sheetOf: (eventDateId: number, provinceId: number) => Promise<ManifestSheet> = (eventDateId, provinceId) => manifestSheet(deps, eventDateId, provinceId, locale),
): Promise<Itinerary | null> {
  if (order.eventDateId === null || !holdsSeat(order.state)) return null;
  const sheet = await sheetOf(order.eventDateId, order.provinceId);
  const published = await publishedTrip(deps, order.id, { current: true });
  const pickups = new Map<string, ItineraryPickup>();
  for (const load of sheet.loads) {
    load.stops.forEach((stop, index) => {
      const own = stop.passengers.filter((passenger) => passenger.orderId === order.id).map((passenger) => passenger.id);
      if (own.length && !pickups.has(stop.key)) {
        pickups.set(stop.key, { address: stop.address, communeName: stop.countyName, pickupAt: load.times[index]!.toISOString(), passengerIds: own });
      }
    });
  }
  // A published dispatch plan's times replace the estimates: what the passengers were told.
  return {
    venue: sheet.event.venue,
    returnAt: (published.returnAt ?? sheet.event.returnAt).toISOString(),
    pickups: published.pickups.length ? published.pickups : [...pickups.values()],
    published: published.pickups.length > 0 || published.returnAt !== null,
    sequence: published.sequence,
  };
}

/**
 * What a cancelled order's calendar entries were last said to be (its published pick-ups, else its event's return
 * time), with each leg's plan version now: the revision its cancellation must outrank.
 */
export async function cancelledItinerary(deps: ShopContext, orderId: number): Promise<Itinerary | null> {
  const [row] = await deps.db
    .select({ eventDateId: orders.eventDateId, returnAt: eventDates.endDate, startsAt: eventDates.startDate, venue: places.name })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .leftJoin(places, eq(places.id, events.placeId))
    .leftJoin(eventDates, eq(eventDates.id, orders.eventDateId))
    .where(eq(orders.id, orderId));
  if (!row?.eventDateId || !row.startsAt) return null;
  const published = await publishedTrip(deps, orderId, { current: false });
  const plans = await deps.db.select({ leg: dispatchPlans.leg, version: dispatchPlans.version }).from(dispatchPlans).where(eq(dispatchPlans.eventDateId, row.eventDateId));
  const versionOf = (leg: string) => plans.find((plan) => plan.leg === leg)?.version ?? 0;
  return {
    venue: row.venue ?? "",
    returnAt: (published.returnAt ?? row.returnAt ?? row.startsAt).toISOString(),
    pickups: published.pickups,
    published: published.pickups.length > 0,
    sequence: { outbound: Math.max(versionOf(LEG.outbound), published.sequence.outbound), return: Math.max(versionOf(LEG.return), published.sequence.return) },
  };
}

/**
 * The published pick-ups of an order's passengers (one per address, the earliest time, with the passengers it
 * collects), the return's departure, and each leg's revision (the plan version its times were published in).
 * `current`: only legs whose plan still holds (not waiting for a re-plan because the date moved or its end
 * changed): the times published for the old day or end are not the trip any more.
 */
async function publishedTrip(deps: ShopContext, orderId: number, { current }: { current: boolean }) {
  const rows = await deps.db
    .select({ passengerId: publishedPickups.passengerId, leg: publishedPickups.leg, address: publishedPickups.address, countyName: counties.name, time: publishedPickups.time, departsAt: publishedPickups.departsAt, planVersion: publishedPickups.planVersion })
    .from(publishedPickups)
    .innerJoin(passengers, eq(passengers.id, publishedPickups.passengerId))
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .leftJoin(counties, eq(counties.id, publishedPickups.countyId))
    .leftJoin(dispatchPlans, and(eq(dispatchPlans.eventDateId, publishedPickups.eventDateId), eq(dispatchPlans.leg, publishedPickups.leg)))
    .where(and(eq(tickets.orderId, orderId), current ? isNull(dispatchPlans.replanReason) : undefined))
    .orderBy(asc(publishedPickups.time), asc(publishedPickups.passengerId));
  const pickups = new Map<string, ItineraryPickup & { passengerIds: number[] }>();
  for (const row of rows.filter((one) => one.leg === LEG.outbound)) {
    const known = pickups.get(row.address);
    if (known) known.passengerIds.push(row.passengerId);
    else pickups.set(row.address, { address: row.address, communeName: row.countyName ?? "", pickupAt: row.time.toISOString(), passengerIds: [row.passengerId] });
  }
  const back = rows.filter((one) => one.leg === LEG.return);
  const versionOf = (leg: string) => Math.max(0, ...rows.filter((one) => one.leg === leg).map((one) => one.planVersion));
  return {
    pickups: [...pickups.values()],
    returnAt: back.length ? new Date(Math.min(...back.map((one) => one.departsAt.getTime()))) : null,
    sequence: { outbound: versionOf(LEG.outbound), return: versionOf(LEG.return) },
  };
}
