/** Contact messages, marriage requests and quote requests: stored as sent, one row each. */
import type { CountryCode } from "../../../shared/locales";
import type { Contact, Marriage, Quote } from "../../../shared/schemas/leads";
import type { Db } from "../../db/client";
import { contactMessages, marriageRequests, quoteRequests } from "../../db/schema";

export async function storeContactMessage(db: Db, countryCode: CountryCode, contact: Contact): Promise<number> {
  const [row] = await db.insert(contactMessages).values({ countryCode, ...contact }).returning({ id: contactMessages.id });
  return row!.id;
}

export async function storeMarriageRequest(db: Db, countryCode: CountryCode, request: Marriage): Promise<number> {
  const [row] = await db.insert(marriageRequests).values({ countryCode, ...request }).returning({ id: marriageRequests.id });
  return row!.id;
}

export async function storeQuoteRequest(db: Db, countryCode: CountryCode, request: Quote): Promise<number> {
  const [row] = await db.insert(quoteRequests).values({ countryCode, ...request }).returning({ id: quoteRequests.id });
  return row!.id;
}
