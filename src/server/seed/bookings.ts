/**
 * Demo bookings for a fresh `npm start`: paid orders of Jazz al Parque's first date, 24 passengers picked up at
 * home across nine Bogotá localidades, so the dispatcher has a day to plan on /staff/dispatch. Only the
 * embedded demo gets them (seedIfEmpty): the test shops start from the bare catalogue, so their counts of orders
 * stay their own. The buyers are demo accounts without a usable password.
 */
import { and, asc, eq } from "drizzle-orm";
import { ORDER_STATE } from "../../shared/domain/order-states";
import { PAYMENT_STATE } from "../../shared/domain/payment-states";
import { ROLE } from "../../shared/domain/roles";
import type { Db } from "../db/client";
import { addressLines, categories, counties, eventDates, events, orders, passengers, payments, productVariants, provinces, tickets, users } from "../db/schema";
import { PAYMENT_CODE } from "../../shared/domain/payment-codes";

/** One order: its buyer, the localidad and address its passengers are picked up at, and the passengers per ticket. */
const BOOKINGS: { buyer: string; county: string; address: string; tickets: string[][] }[] = [
  { buyer: "Laura Gómez", county: "Usaquén", address: "Calle 127 # 15-20", tickets: [["Laura Gómez", "Andrés Pardo"]] },
  { buyer: "Camilo Rojas", county: "Usaquén", address: "Carrera 7 # 140-35", tickets: [["Camilo Rojas"], ["Sara Rojas"]] },
  { buyer: "Diana Ruiz", county: "Suba", address: "Calle 145 # 91-19", tickets: [["Diana Ruiz", "Mateo Ruiz"]] },
  { buyer: "Felipe Díaz", county: "Suba", address: "Avenida Suba # 116-45", tickets: [["Felipe Díaz"]] },
  { buyer: "Natalia Vargas", county: "Chapinero", address: "Calle 63 # 9-45", tickets: [["Natalia Vargas", "Juan Vargas"], ["Lucía Mora"]] },
  { buyer: "Santiago León", county: "Teusaquillo", address: "Carrera 19 # 39-50", tickets: [["Santiago León"]] },
  { buyer: "Paula Herrera", county: "Engativá", address: "Calle 72 # 86-12", tickets: [["Paula Herrera", "Tomás Herrera"]] },
  { buyer: "Jorge Castillo", county: "Engativá", address: "Carrera 110 # 68-20", tickets: [["Jorge Castillo"]] },
  { buyer: "María Salazar", county: "Kennedy", address: "Avenida 1 de Mayo # 70-12", tickets: [["María Salazar", "Daniel Salazar"], ["Ana Salazar"]] },
  { buyer: "Óscar Peña", county: "Fontibón", address: "Calle 17 # 100-20", tickets: [["Óscar Peña"]] },
  { buyer: "Carolina Ortiz", county: "Fontibón", address: "Carrera 103 # 23-15", tickets: [["Carolina Ortiz", "Julia Ortiz"]] },
  { buyer: "Ricardo Mejía", county: "Bosa", address: "Calle 65 Sur # 80-30", tickets: [["Ricardo Mejía"], ["Elena Mejía"]] },
  { buyer: "Valeria Torres", county: "Barrios Unidos", address: "Calle 68 # 24-10", tickets: [["Valeria Torres", "Simón Torres"]] },
];

export const DEMO_BOOKING_PASSENGERS = BOOKINGS.reduce((sum, booking) => sum + booking.tickets.reduce((inner, ticket) => inner + ticket.length, 0), 0);

const phoneOf = (index: number) => `57300555${String(1000 + index).slice(-4)}`;
const emailOf = (name: string) =>
  `${name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]+/g, ".")}@demo.rodamos.co`;

export async function seedDemoBookings(db: Db, now: Date) {
  const [event] = await db.select({ id: events.id, placeId: events.placeId }).from(events).where(eq(events.slug, "jazz-al-parque"));
  if (!event) return;
  const [date] = await db.select({ id: eventDates.id }).from(eventDates).where(eq(eventDates.eventId, event.id)).orderBy(asc(eventDates.startDate)).limit(1);
  const [bogota] = await db.select({ id: provinces.id }).from(provinces).where(and(eq(provinces.countryCode, "CO"), eq(provinces.name, "Bogotá D.C.")));
  if (!date || !bogota) return;
  const variants = await db
    .select({ id: productVariants.id, capacity: productVariants.capacity, price: productVariants.price, approaches: productVariants.approaches })
    .from(productVariants)
    .innerJoin(categories, eq(categories.id, productVariants.categoryId))
    .where(and(eq(categories.eventId, event.id), eq(productVariants.provinceId, bogota.id)))
    .orderBy(asc(productVariants.capacity), asc(productVariants.id));
  const typed = variants.filter((variant) => variant.approaches.length === 0);
  const countyRows = await db.select({ id: counties.id, name: counties.name }).from(counties).where(eq(counties.provinceId, bogota.id));
  let person = 0;
  for (const booking of BOOKINGS) {
    const countyId = countyRows.find((county) => county.name === booking.county)?.id;
    if (countyId === undefined) continue;
    const [buyer] = await db
      .insert(users)
      .values({
        email: emailOf(booking.buyer),
        // No password matches this hash: the buyers exist for their orders only.
        passwordHash: "!",
        firstName: booking.buyer.split(" ")[0]!,
        lastName: booking.buyer.split(" ").slice(1).join(" "),
        phoneNumber: phoneOf(person),
        countryCode: "CO",
        localeCode: "es_CO",
        verifiedAt: now,
        role: ROLE.customer,
      })
      .returning({ id: users.id });
    const chosen = booking.tickets.map((ticketPassengers) => typed.find((variant) => variant.capacity >= ticketPassengers.length)!);
    const total = chosen.reduce((sum, variant) => sum + variant.price, 0);
    const [order] = await db
      .insert(orders)
      .values({
        userId: buyer!.id,
        eventId: event.id,
        eventDateId: date.id,
        provinceId: bogota.id,
        paymentCode: PAYMENT_CODE.mercadopago,
        state: ORDER_STATE.paid,
        currency: "COP",
        subtotal: total,
        total,
        paidAt: now,
      })
      .returning({ id: orders.id });
    await db.insert(payments).values({ orderId: order!.id, method: PAYMENT_CODE.mercadopago, state: PAYMENT_STATE.approved, amount: total });
    for (const [index, ticketPassengers] of booking.tickets.entries()) {
      const variant = chosen[index]!;
      const [ticket] = await db.insert(tickets).values({ orderId: order!.id, productVariantId: variant.id, price: variant.price, placeId: event.placeId }).returning({ id: tickets.id });
      await db.insert(addressLines).values({ ticketId: ticket!.id, address: booking.address, countyId });
      await db.insert(passengers).values(
        ticketPassengers.map((name) => {
          person += 1;
          return { ticketId: ticket!.id, name, email: emailOf(name), phone: phoneOf(person), passengerAddress: booking.address };
        }),
      );
    }
  }
}
