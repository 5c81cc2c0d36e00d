/**
 * The account calls' answers. Dates are UTC ISO
 * strings; the browser reads these as types only.
 */
import * as z from "zod/mini";

export const registeredSchema = z.object({ id: z.number(), email: z.string() });
export const verifiedSchema = z.object({ verified: z.literal(true), email: z.string() });
export const mailSentSchema = z.object({ sent: z.literal(true) });
export const loggedOutSchema = z.object({ loggedOut: z.literal(true) });
export const passwordResetSchema = z.object({ reset: z.literal(true) });

export const loginAnswerSchema = z.object({ token: z.string(), expiresAt: z.string() });

/** GET /shop-api/session: the check that follows log-in. */
export const sessionAnswerSchema = z.object({ userId: z.number(), role: z.string(), expiresAt: z.string() });

export const frequentFriendSchema = z.object({ id: z.number(), fullname: z.string(), phone: z.string(), email: z.string() });
export type FrequentFriend = z.infer<typeof frequentFriendSchema>;

export const frequentAddressSchema = z.object({
  id: z.number(),
  name: z.string(),
  countyId: z.number(),
  county: z.object({ id: z.number(), name: z.string() }),
  myAddress: z.boolean(),
});
export type FrequentAddress = z.infer<typeof frequentAddressSchema>;

/** A deleted row (frequent friend or address). */
export const deletedSchema = z.object({ id: z.number() });

/** GET and PUT /shop-api/me: the profile, with the frequent friends and addresses the booking wizard offers. */
export const profileAnswerSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  rut: z.nullable(z.string()),
  /** The kind of document `rut` is (DOCUMENT_TYPE_CODES); null: not said. */
  documentType: z.nullable(z.string()),
  /** One of GENDERS once saved; null until then. */
  gender: z.nullable(z.string()),
  birthday: z.nullable(z.string()),
  countryCode: z.string(),
  localeCode: z.string(),
  role: z.string(),
  /** The mail server refused `email` for good: nothing the shop sends reaches it until it is changed. */
  emailUndeliverable: z.boolean(),
  frequentFriends: z.array(frequentFriendSchema),
  frequentAddresses: z.array(frequentAddressSchema),
});
export type ProfileAnswer = z.infer<typeof profileAnswerSchema>;

/** GET /shop-api/payment-history: one purchase, newest first. */
export const purchaseItemSchema = z.object({
  id: z.number(),
  date: z.string(),
  state: z.string(),
  total: z.number(),
  currency: z.string(),
  regularEvent: z.object({
    id: z.number(),
    slug: z.string(),
    /** In the caller's language, else the first translation there is. */
    name: z.string(),
    translations: z.record(z.string(), z.object({ name: z.string() })),
    /** The event's country's time zone (IANA): the purchase's times are read on its clock. */
    timeZone: z.string(),
  }),
});
export type PurchaseItem = z.infer<typeof purchaseItemSchema>;
