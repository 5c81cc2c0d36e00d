/**
 * The caller's profile (account.md sections 3 and 7: GET/PUT /shop-api/me). GET also carries the frequent
 * friends and addresses, which the booking wizard offers (storefront spec section 3, "User").
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Profile } from "../../../shared/schemas/account";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { ApiError } from "../../http/answer";
import { listFrequentAddresses } from "./frequent-addresses";
import { listFrequentFriends } from "./frequent-friends";
import { isUniqueViolation } from "./users";

export async function getProfile(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new ApiError(404, "not_found");
  const [frequentFriends, frequentAddresses] = await Promise.all([listFrequentFriends(db, userId), listFrequentAddresses(db, userId)]);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    rut: user.rut,
    gender: user.gender,
    birthday: user.birthday,
    countryCode: user.countryCode,
    localeCode: user.localeCode,
    role: user.role,
    frequentFriends,
    frequentAddresses,
  };
}
export type ProfileAnswer = Awaited<ReturnType<typeof getProfile>>;

/**
 * Saves the profile. The email is the log-in name, so it must stay unique (docs/decisions.md: a change takes
 * effect at once, no new verification in this build).
 */
export async function updateProfile(db: Db, userId: number, input: Profile) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, input.email), ne(users.id, userId)));
  if (taken) throw new ApiError(409, "email_already_registered", { email: "errors.email_already_registered" });
  try {
    await db
      .update(users)
      .set({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber,
        rut: input.rut,
        gender: input.gender,
      })
      .where(eq(users.id, userId));
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, "email_already_registered", { email: "errors.email_already_registered" });
    throw error;
  }
  return getProfile(db, userId);
}
