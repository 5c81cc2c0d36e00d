/**
 * The account area's bodies: profile, frequent friends, frequent
 * addresses. Messages are catalogue keys.
 */
import { DOCUMENT_TYPE_CODES, type DocumentTypeCode } from "../domain/countries";
import * as z from "zod/mini";
import { databaseId, emailField, phoneField, requiredText } from "./fields";
import { accountEmail, firstName, lastName, password, storedPhoneNumber } from "./auth";

/** The profile's genderOptions map: stored key -> catalogue key of its label. */
export const GENDERS = ["female", "male", "other", "undisclosed"] as const;
export type Gender = (typeof GENDERS)[number];
export const genderOptions: Record<Gender, `account.gender.${Gender}`> = {
  female: "account.gender.female",
  male: "account.gender.male",
  other: "account.gender.other",
  undisclosed: "account.gender.undisclosed",
};

/** PUT /shop-api/me. rut and its documentType may be left empty; the other five are what the save button waits for. */
export const profileSchema = z.object({
  email: accountEmail,
  firstName,
  lastName,
  phoneNumber: storedPhoneNumber,
  rut: z.pipe(
    z.nullish(z.string({ error: "errors.invalid_value" }).check(z.trim(), z.maxLength(30, "form.too_long"))),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  ),
  gender: z.enum(GENDERS, { error: "form.required" }),
  /** The kind of document `rut` is (CC, NIT, DNI, NIE, RUC, RFC, a passport…), printed on invoices as given. */
  documentType: z.pipe(
    z.nullish(z.union([z.enum(DOCUMENT_TYPE_CODES, { error: "errors.invalid_value" }), z.literal("")])),
    z.transform((value: DocumentTypeCode | "" | null | undefined) => (value ? value : null)),
  ),
});
export type Profile = z.infer<typeof profileSchema>;
export type ProfileInput = z.input<typeof profileSchema>;

/** POST /shop-api/me/email: the new sign-in email, confirmed by the current password. */
export const emailChangeSchema = z.object({ email: accountEmail, password });
export type EmailChange = z.infer<typeof emailChangeSchema>;
export type EmailChangeInput = z.input<typeof emailChangeSchema>;

/** A friend's phone as typed: "+569 then 8 digits, or 9 then 8 digits" (a Chilean mobile; spaces and dashes ignored). */
export const FRIEND_PHONE = /^(\+569\d{8}|9\d{8})$/;

export const frequentFriendSchema = z.object({
  fullname: requiredText(120),
  // A friend may live in any of the shop's countries (the default country is Colombia).
  phone: phoneField(FRIEND_PHONE, { anyCountry: true }),
  email: emailField,
});
export type FrequentFriendBody = z.infer<typeof frequentFriendSchema>;
export type FrequentFriendInput = z.input<typeof frequentFriendSchema>;

/** The account area sends the flag as 1 or 0; true/false are read the same way. */
export const myAddressFlag = z.pipe(
  z.union([z.literal(1), z.literal(0), z.literal("1"), z.literal("0"), z.boolean()], { error: "form.required" }),
  z.transform((value: 1 | 0 | "1" | "0" | boolean) => value === true || value === 1 || value === "1"),
);

export const frequentAddressSchema = z.object({
  name: z
    .string({ error: "account.address_name_min" })
    .check(z.trim(), z.minLength(3, "account.address_name_min"), z.maxLength(200, "form.too_long"))
    // Counted once trimmed: the contract says "three characters from the first non-blank to the last".
    .register(z.globalRegistry, { pattern: "^\\s*\\S[\\s\\S]+\\S\\s*$" }),
  countyId: databaseId("form.required", { max: Number.MAX_SAFE_INTEGER }),
  myAddress: z._default(myAddressFlag, false),
});
export type FrequentAddressBody = z.infer<typeof frequentAddressSchema>;
export type FrequentAddressInput = z.input<typeof frequentAddressSchema>;

/** PUT /shop-api/frequent-addresses/{id}/my-address: no body marks it own; `{ myAddress: 0 }` unmarks it. */
export const myAddressSchema = z.object({ myAddress: z._default(myAddressFlag, true) });
