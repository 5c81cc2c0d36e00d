/** The public forms' leads: contact messages, marriage requests and company requests, stored as sent, one row each (kept apart from the catalogue, which only reads). */
import type { CountryCode } from "../../../shared/locales";
import type { CompanyRequest, Contact, Marriage } from "../../../shared/schemas/leads";
import type { Db } from "../../db/client";
import { companyRequests, contactMessages, marriageRequests } from "../../db/schema";

export async function storeContactMessage(db: Db, countryCode: CountryCode, contact: Contact): Promise<number> {
  const [row] = await db.insert(contactMessages).values({ countryCode, ...contact }).returning({ id: contactMessages.id });
  return row!.id;
}

export async function storeMarriageRequest(db: Db, countryCode: CountryCode, request: Marriage): Promise<number> {
  const [row] = await db.insert(marriageRequests).values({ countryCode, ...request }).returning({ id: marriageRequests.id });
  return row!.id;
}

export async function storeCompanyRequest(db: Db, countryCode: CountryCode, request: CompanyRequest): Promise<number> {
  const [row] = await db.insert(companyRequests).values({ countryCode, ...request }).returning({ id: companyRequests.id });
  return row!.id;
}
