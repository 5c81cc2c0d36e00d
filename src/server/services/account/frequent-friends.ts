/**
 * Frequent friends. Every query names the owner: another person's friend is
 * simply not found (404), never read or changed.
 */
import { and, asc, eq } from "drizzle-orm";
import type { FrequentFriendBody } from "../../../shared/schemas/account";
import type { Db } from "../../db/client";
import { frequentFriends } from "../../db/schema";
import { ShopError } from "../../../shared/domain/shop-error";

const columns = {
  id: frequentFriends.id,
  fullname: frequentFriends.fullname,
  phone: frequentFriends.phone,
  email: frequentFriends.email,
};
import type { FrequentFriend } from "../../../shared/schemas/answers/account";
export type { FrequentFriend };

export function listFrequentFriends(db: Db, userId: number): Promise<FrequentFriend[]> {
  return db.select(columns).from(frequentFriends).where(eq(frequentFriends.userId, userId)).orderBy(asc(frequentFriends.id));
}

export async function addFrequentFriend(db: Db, userId: number, body: FrequentFriendBody): Promise<FrequentFriend> {
  const [friend] = await db.insert(frequentFriends).values({ ...body, userId }).returning(columns);
  return friend!;
}

export async function updateFrequentFriend(db: Db, userId: number, id: number, body: FrequentFriendBody): Promise<FrequentFriend> {
  const [friend] = await db
    .update(frequentFriends)
    .set(body)
    .where(and(eq(frequentFriends.id, id), eq(frequentFriends.userId, userId)))
    .returning(columns);
  if (!friend) throw new ShopError("not_found");
  return friend;
}

export async function deleteFrequentFriend(db: Db, userId: number, id: number) {
  const [gone] = await db
    .delete(frequentFriends)
    .where(and(eq(frequentFriends.id, id), eq(frequentFriends.userId, userId)))
    .returning({ id: frequentFriends.id });
  if (!gone) throw new ShopError("not_found");
  return gone;
}
