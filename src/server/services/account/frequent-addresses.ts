/**
 * Frequent addresses. At most one is the person's own (`myAddress`): marking
 * one unmarks the others in the same transaction. Another person's address is simply not found (404).
 */
import { and, asc, eq, ne } from "drizzle-orm";
import type { FrequentAddressBody } from "../../../shared/schemas/account";
import { isDbId } from "../../../shared/domain/ids";
import type { Db } from "../../db/client";
import { counties, frequentAddresses } from "../../db/schema";
import { ShopError } from "../../../shared/domain/shop-error";

import type { FrequentAddress } from "../../../shared/schemas/answers/account";
export type { FrequentAddress };

export async function listFrequentAddresses(db: Db, userId: number, onlyId?: number): Promise<FrequentAddress[]> {
  const rows = await db
    .select({
      id: frequentAddresses.id,
      name: frequentAddresses.name,
      countyId: frequentAddresses.countyId,
      countyName: counties.name,
      myAddress: frequentAddresses.myAddress,
    })
    .from(frequentAddresses)
    .innerJoin(counties, eq(counties.id, frequentAddresses.countyId))
    .where(and(eq(frequentAddresses.userId, userId), onlyId ? eq(frequentAddresses.id, onlyId) : undefined))
    .orderBy(asc(frequentAddresses.id));
  return rows.map(({ countyName, ...row }) => ({ ...row, county: { id: row.countyId, name: countyName } }));
}

async function requireCounty(db: Db, countyId: number) {
  // A county id past the int4 range is no county (and must not reach the database).
  if (!isDbId(countyId)) throw new ShopError("validation_failed", { countyId: "errors.county_not_found" });
  const [county] = await db.select({ id: counties.id }).from(counties).where(eq(counties.id, countyId));
  if (!county) throw new ShopError("validation_failed", { countyId: "errors.county_not_found" });
}

async function one(db: Db, userId: number, id: number): Promise<FrequentAddress> {
  const [address] = await listFrequentAddresses(db, userId, id);
  if (!address) throw new ShopError("not_found");
  return address;
}

/** Unmarks every other own address of the user (inside the caller's transaction). */
async function unmarkOthers(db: Db, userId: number, keepId: number) {
  await db
    .update(frequentAddresses)
    .set({ myAddress: false })
    .where(and(eq(frequentAddresses.userId, userId), ne(frequentAddresses.id, keepId), eq(frequentAddresses.myAddress, true)));
}

export async function addFrequentAddress(db: Db, userId: number, body: FrequentAddressBody) {
  await requireCounty(db, body.countyId);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [created] = await t
      .insert(frequentAddresses)
      .values({ userId, name: body.name, countyId: body.countyId, myAddress: body.myAddress })
      .returning({ id: frequentAddresses.id });
    if (body.myAddress) await unmarkOthers(t, userId, created!.id);
    return one(t, userId, created!.id);
  });
}

export async function updateFrequentAddress(db: Db, userId: number, id: number, body: FrequentAddressBody) {
  await one(db, userId, id);
  await requireCounty(db, body.countyId);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [updated] = await t
      .update(frequentAddresses)
      .set({ name: body.name, countyId: body.countyId, myAddress: body.myAddress })
      .where(and(eq(frequentAddresses.id, id), eq(frequentAddresses.userId, userId)))
      .returning({ id: frequentAddresses.id });
    if (!updated) throw new ShopError("not_found");
    if (body.myAddress) await unmarkOthers(t, userId, id);
    return one(t, userId, id);
  });
}

/** PUT /shop-api/frequent-addresses/{id}/my-address: this one becomes the own address (or stops being it). */
export async function setMyAddress(db: Db, userId: number, id: number, mine: boolean) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [updated] = await t
      .update(frequentAddresses)
      .set({ myAddress: mine })
      .where(and(eq(frequentAddresses.id, id), eq(frequentAddresses.userId, userId)))
      .returning({ id: frequentAddresses.id });
    if (!updated) throw new ShopError("not_found");
    if (mine) await unmarkOthers(t, userId, id);
    return listFrequentAddresses(t, userId);
  });
}

export async function deleteFrequentAddress(db: Db, userId: number, id: number) {
  const [gone] = await db
    .delete(frequentAddresses)
    .where(and(eq(frequentAddresses.id, id), eq(frequentAddresses.userId, userId)))
    .returning({ id: frequentAddresses.id });
  if (!gone) throw new ShopError("not_found");
  return gone;
}
