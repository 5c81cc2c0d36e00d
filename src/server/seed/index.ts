/**
 * Demo data for the embedded database: realistic, deterministic, and with no remote URLs
 * (every image is shipped in public/demo). Dates are relative to the day it runs, so events stay upcoming.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { ShopMode } from "../env";
import { seedCatalog, seedContent, seedPaymentMethods } from "./catalogue";
import { seedCountries } from "./countries";
import { seedDemoBookings } from "./bookings";
import { seedPastDay } from "./past-day";
import { seedFleet } from "./fleet";
import { seedGeography } from "./geography";
import { seedUsers } from "./users";

export interface SeedOptions {
  /** The seed's "today" (tests move it); defaults to the real clock. */
  now?: Date;
}

export async function seedDemoData(db: Db, options: SeedOptions = {}) {
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await seedCountries(t);
    const geo = await seedGeography(t);
    await seedCatalog(t, geo, now);
    await seedContent(t);
    await seedUsers(t, now);
    await seedFleet(t, geo);
  });
}

/**
 * What every shop starts with, production too: countries, locales, sales channels, provinces and counties, and
 * the payment methods each country offers. No event, account, picture or text a customer would take for real.
 */
export async function seedReferenceData(db: Db) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await seedCountries(t);
    await seedGeography(t);
    await seedPaymentMethods(t);
  });
}

/**
 * Seeds only a database that has no countries yet, so restarts keep what people did. A production shop gets the
 * reference data alone, never the demo catalogue or the demo accounts (their passwords are published).
 * Answers what was created.
 */
export async function seedIfEmpty(db: Db, mode: ShopMode = "demo"): Promise<"demo" | "reference" | false> {
  const result = await db.execute(sql`select count(*)::int as n from countries`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
  if ((rows[0]?.n ?? 0) > 0) return false;
  if (mode === "production") {
    await seedReferenceData(db);
    return "reference";
  }
  await seedDemoData(db);
  // A day for the dispatcher to plan; the test shops seed without it (bookings.ts).
  await db.transaction((tx) => seedDemoBookings(tx as unknown as Db, new Date()));
  // Yesterday's date of Expoartesanías, already driven and rated, for the day's report (past-day.ts).
  await db.transaction((tx) => seedPastDay(tx as unknown as Db, new Date()));
  return "demo";
}
