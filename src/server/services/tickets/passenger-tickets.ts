/**
 * The ticket of each passenger of a paid order: a code signed for that passenger alone (ticket-qr.ts), naming
 * the order's event date, the ride's day in the event's time zone and both legs, with its picture. Shown in the
 * purchase detail, carried by the confirmation mail and mailed to a passenger whose own address the buyer gave.
 */
import { asc, eq } from "drizzle-orm";
import { LEGS } from "../../../shared/domain/legs";
import type { ShopContext } from "../../context";
import { eventDates, events, orders, passengers, tickets } from "../../db/schema";
import { rideDay } from "../../../shared/format/dates";
import { passengerQrText, ticketQrImage } from "./ticket-qr";
import { ORDER_STATE } from "../../../shared/domain/order-states";

export interface PassengerCode {
  passengerId: number;
  name: string;
  email: string;
  /** The code's text, as the scanner reads it. */
  qr: string;
  /** The code as a PNG data URL. */
  qrImage: string;
}

/** Every passenger's ticket of an order, in the order they were booked; none until the order is paid. */
export async function passengerCodes(deps: Pick<ShopContext, "db" | "auth">, orderId: number): Promise<PassengerCode[]> {
  const [order] = await deps.db
    .select({
      state: orders.state,
      eventDateId: orders.eventDateId,
      travelDate: orders.travelDate,
      countryCode: events.countryCode,
      startsAt: eventDates.startDate,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .leftJoin(eventDates, eq(eventDates.id, orders.eventDateId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order || order.state !== ORDER_STATE.paid) return [];
  const day = rideDay(order.startsAt ? order.startsAt.toISOString() : order.travelDate, order.countryCode);
  const rows = await deps.db
    .select({ passengerId: passengers.id, name: passengers.name, email: passengers.email })
    .from(passengers)
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(passengers.id));
  return Promise.all(
    rows.map(async (row) => {
      const qr = passengerQrText(deps.auth.ticketKey, orderId, { passengerId: row.passengerId, eventDateId: order.eventDateId, day, legs: [...LEGS] });
      return { ...row, qr, qrImage: await ticketQrImage(qr) };
    }),
  );
}
