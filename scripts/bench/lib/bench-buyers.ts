/**
 * The buyers of a purchase benchmark: Chilean accounts inserted directly with their session tokens (sign-up is not
 * what is measured), and the one-seat purchase each sends, as the booking wizard sends it.
 */
import { Agent, request } from "node:http";
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

/** A purchase's answer as a buyer reads it: the status and the parsed JSON body. */
export interface BuyerAnswer {
  status: number;
  body: { success: boolean; code?: string; retryAfter?: number; data?: { orderId?: number } };
}

/**
 * The buyers' HTTP client: Node's http client on kept-alive connections (one per buyer at most), each purchase's
 * body serialised once per subcategory and its headers once per buyer. The load generator runs on the same cores as
 * the shop it measures, and `fetch` (undici's Request, Headers and streams per call) cost it 1.7 ms of CPU per
 * purchase, about as much as the shop's own work, which a real shop's buyers spend on their own machines. The shop
 * sees the same requests either way: a POST with a JSON body, a bearer token, on a kept-alive connection.
 */
export function buyerClient(origin: string, connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(origin);
  return {
    /** A purchase body, serialised once and reused by every buyer who sends it. */
    body: (value: unknown) => Buffer.from(JSON.stringify(value)),
    /** A buyer's headers (its bearer token), built once; the body's length is added per request. */
    headers: (token: string) => ({ "content-type": "application/json", authorization: `Bearer ${token}` }),
    post(path: string, headers: Record<string, string>, body: Buffer): Promise<BuyerAnswer> {
      return new Promise((resolve, reject) => {
        const outgoing = request({ hostname, port, path, method: "POST", agent, headers: { ...headers, "content-length": body.length } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            try {
              resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as BuyerAnswer["body"] });
            } catch (error) {
              reject(error as Error);
            }
          });
          response.on("error", reject);
        });
        outgoing.on("error", reject);
        outgoing.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}
