/**
 * The buyers of a purchase benchmark: Chilean accounts inserted directly with their session tokens (sign-up is not
 * what is measured), and the one-seat purchase each sends, as the booking wizard sends it.
 */
import { signSessionToken } from "../../../src/server/auth/session-tokens";
import type { Db } from "../../../src/server/db/client";
import { users } from "../../../src/server/db/schema";
import type { benchOffer } from "./bench-offer";

const LOCALE = "es_CL";

/** `count` verified buyers; answers their session tokens signed with `jwtSecret`, in insertion order. */
export async function insertBuyers(db: Db, count: number, prefix: string, jwtSecret: string): Promise<string[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, offset) => ({
      email: `${prefix}${start + offset}@example.com`,
      passwordHash: `${prefix}-${start + offset}`,
      firstName: "Bench",
      lastName: "Buyer",
      phoneNumber: "56912345678",
      countryCode: "CL",
      localeCode: LOCALE,
      verifiedAt: new Date(),
    }));
    ids.push(...(await db.insert(users).values(rows).returning({ id: users.id })).map((row) => row.id));
  }
  const secret = new TextEncoder().encode(jwtSecret);
  return Promise.all(ids.map(async (userId) => (await signSessionToken(secret, { userId, role: "customer", tokenVersion: 0 }, new Date())).token));
}

/** One ticket of `variantId` for one passenger picked up in the offer's first municipality, paid by Webpay. */
export function onePassengerPurchase(offer: Awaited<ReturnType<typeof benchOffer>>, variantId: number) {
  return {
    url: `/cl/${LOCALE}/event/${offer.event.slug}`,
    eventDateId: offer.date.id,
    provinceId: offer.provinceId,
    paymentCode: "webpay",
    tickets: [
      {
        placeId: offer.event.placeId,
        productVariantId: variantId,
        passengers: [{ name: "Bench Buyer", email: "bench@example.com", phone: "912345678", passengerAddress: "Avenida Matta 100" }],
        addresses: [{ address: "Avenida Matta 100", commune_id: offer.countyId }],
      },
    ],
  };
}
