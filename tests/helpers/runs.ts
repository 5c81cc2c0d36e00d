/** Bookings for the van-run tests: one passenger per order at a chosen address, paid (staff confirmed) or pending. */
import { asc, eq } from "drizzle-orm";
import { counties, users } from "../../src/server/db/schema";
import { eventOffer, purchaseBody } from "./fixtures";
import type { TestShop } from "./test-shop";

export async function runsSetting(shop: TestShop) {
  const festival = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  const variant = festival.typed(festival.variants[0]!.provinceId)[0]!;
  const countyRows = await shop.db.select({ id: counties.id, name: counties.name }).from(counties).where(eq(counties.provinceId, variant.provinceId)).orderBy(asc(counties.name));
  const staff = await shop.buyer("staff");

  async function book(options: { address: string; countyId: number; name: string; phone?: string; paid?: boolean; locale?: string; needs?: ("wheelchair" | "child_seat" | "large_luggage")[] }) {
    const buyer = await shop.buyer();
    if (options.locale) await shop.db.update(users).set({ localeCode: options.locale }).where(eq(users.id, buyer.id));
    const body = purchaseBody(festival, [variant.id], options.countyId, { paymentCode: "transferencia" });
    body.tickets[0]!.passengers = [{ name: options.name, email: "pasajero@example.com", phone: options.phone ?? "300 123 4567", passengerAddress: options.address, ...(options.needs ? { needs: options.needs } : {}) }];
    body.tickets[0]!.addresses = [{ address: options.address, commune_id: options.countyId }];
    const placed = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", body, { token: buyer.token });
    if (placed.status !== 201) throw new Error(`purchase: ${JSON.stringify(placed.body)}`);
    const orderId = placed.body.data.orderId;
    if (options.paid ?? true) {
      const confirmed = await shop.call("POST", `/shop-api/staff/orders/${orderId}/confirm-transfer`, undefined, { token: staff.token });
      if (confirmed.status !== 200) throw new Error(`confirm: ${JSON.stringify(confirmed.body)}`);
    }
    return { buyer, orderId };
  }

  return { festival, variant, counties: countyRows, staff, eventDateId: festival.eventDateId, provinceId: variant.provinceId, book };
}
