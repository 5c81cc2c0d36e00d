/**
 * The caller's profile (GET/PUT /shop-api/me). GET also carries the frequent
 * friends and addresses, which the booking wizard offers.
 */
import { eq } from "drizzle-orm";
import type { Profile } from "../../../shared/schemas/account";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { ShopError } from "../../../shared/domain/shop-error";
import { listFrequentAddresses } from "./frequent-addresses";
import { listFrequentFriends } from "./frequent-friends";

export async function getProfile(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new ShopError("not_found");
  const [frequentFriends, frequentAddresses] = await Promise.all([listFrequentFriends(db, userId), listFrequentAddresses(db, userId)]);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    rut: user.rut,
    documentType: user.documentType,
    gender: user.gender,
    birthday: user.birthday,
    countryCode: user.countryCode,
    localeCode: user.localeCode,
    role: user.role,
    emailUndeliverable: user.emailUndeliverableAt !== null,
    frequentFriends,
    frequentAddresses,
  };
}
export type ProfileAnswer = Awaited<ReturnType<typeof getProfile>>;

/**
 * Saves the profile. The body carries the email, but it must be the current one: the sign-in email changes
 * only through the confirmed flow (sessions.ts), never by a plain save that a borrowed session could make.
 */
export async function updateProfile(db: Db, userId: number, input: Profile) {
  const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!current) throw new ShopError("not_found");
  if (current.email.toLowerCase() !== input.email.toLowerCase()) {
    throw new ShopError("email_change_needs_password", { email: "errors.email_change_needs_password" });
  }
  await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: input.phoneNumber,
      rut: input.rut,
      documentType: input.documentType,
      gender: input.gender,
    })
    .where(eq(users.id, userId));
  return getProfile(db, userId);
}
