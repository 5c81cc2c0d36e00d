/**
 * Sign-up, log-in, recovery and reset. Messages are the storefront's own keys
 * (`email_is_required` ...), catalogue keys in src/shared/i18n/messages/auth.ts.
 */
import * as z from "zod/mini";
import { toE164 } from "../format/phone-number";
import { COUNTRIES } from "../locales";
import { todayIso } from "./fields";

/** A password needs at least 5 characters (log-in, sign-up and reset alike). */
export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 128;

/** "a simple {email} pattern": something@something.something, no spaces. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const accountEmail = z.pipe(
  z
    .string({ error: "email_is_required" })
    .check(z.trim(), z.minLength(1, "email_is_required"), z.maxLength(254, "email_is_invalid"), z.regex(SIMPLE_EMAIL, "email_is_invalid")),
  z.transform((value: string) => value.toLowerCase()),
);

export const password = z
  .string({ error: "password_is_required" })
  .check(
    z.minLength(1, "password_is_required"),
    z.minLength(PASSWORD_MIN, "password_must_be_characters"),
    z.maxLength(PASSWORD_MAX, "password_is_too_long"),
  );

/** Letters of any alphabet (accents included) and spaces only. */
const LETTERS_AND_SPACES = /^[\p{L}\p{M}]+(?: [\p{L}\p{M}]+)*$/u;

const personName = (required: string, lettersOnly: string) =>
  z
    .pipe(
      z.pipe(
        z.string({ error: required }),
        z.transform((value: string) => value.trim().replace(/\s+/g, " ")),
      ),
      z.string().check(z.minLength(1, required), z.maxLength(80, "form.too_long"), z.regex(LETTERS_AND_SPACES, lettersOnly)),
    )
    .register(z.globalRegistry, {
      // JSON Schema patterns are read without Unicode classes by many clients: the contract names the Latin letters
      // (accents included) every client can check, and the description the whole rule.
      type: "string",
      minLength: 1,
      maxLength: 80,
      pattern: "^[A-Za-zÀ-ÖØ-öø-ÿ]+(?: [A-Za-zÀ-ÖØ-öø-ÿ]+)*$",
      description: "Letters of any alphabet (accents included), words separated by spaces; surrounding and repeated spaces are dropped.",
    });

export const firstName = personName("name_is_required", "name_must_contain_only_letters");
export const lastName = personName("lastname_is_required", "lastname_must_contain_only_letters");

/** 7 to 15 digits as E.164 allows (spaces people type are ignored); `digits` says what else may stand. */
const phoneDigits = (digits: RegExp) =>
  z.pipe(
    z.pipe(
      z.string({ error: "phone_is_required" }),
      z.transform((value: string) => value.replace(/\s+/g, "")),
    ),
    z
      .string()
      .check(
        z.minLength(1, "phone_is_required"),
        z.regex(digits, "phone_must_only_contain_numbers"),
        z.refine((value) => value.replace("+", "").length >= 7, "phone_is_invalid"),
        z.refine((value) => value.replace("+", "").length <= 15, "phone_is_invalid"),
      ),
  );

/** What a person types in a phone box: digits only (the sign-up form joins the calling code to it). */
export const phoneNumber = phoneDigits(/^\d+$/);

/**
 * The sign-up and profile phoneNumber: digits with the country code, or the E.164 form it is stored in (a
 * leading + only, so a form's checked value passes the API's check again). A number libphonenumber-js knows
 * (the shop's countries, read with or without the code) is stored as E.164 ("+573001234567"); one of
 * another country keeps its digits.
 */
export const storedPhoneNumber = z
  .pipe(
    phoneDigits(/^\+?\d+$/),
    z.transform((digits: string) => toE164(digits, { anyCountry: true, codeFirst: true }) ?? digits),
  )
  .register(z.globalRegistry, {
    type: "string",
    pattern: "^\\+?\\d{7,15}$",
    description: "7 to 15 digits with the country code, a leading + allowed (spaces ignored). Stored as E.164 when the number is known.",
  });

/** Days 1900-01-01 to 2025-12-31 that exist in every year (a subset of the birthdays taken; see the description). */
const BIRTHDAY_PATTERN =
  "^(?:19\\d{2}|20[01]\\d|202[0-5])-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1\\d|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)$";

/** YYYY-MM-DD, a real day, not in the future (future dates are disabled) and not before 1900. */
export const birthday = z.string({ error: "birthday_is_required" }).check(
  z.trim(),
  z.minLength(1, "birthday_is_required"),
  z.refine((value) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= "1900-01-01";
  }, "birthday_is_invalid"),
  z.refine((value) => value <= todayIso(), "birthday_in_future"),
).register(z.globalRegistry, {
  // A real past day, which a pattern can only say for days every year has (no 29 February) up to a past year.
  type: "string",
  pattern: BIRTHDAY_PATTERN,
  description: "YYYY-MM-DD: a real day from 1900-01-01 to today.",
});

export const countryCode = z.pipe(
  z.pipe(
    z.string({ error: "form.required" }).check(z.trim()),
    z.transform((value: string) => value.toUpperCase()),
  ),
  // A value that is there but names no country of the shop is not "missing": say which is wrong.
  z.enum(COUNTRIES, { error: (issue) => (issue.input === "" ? "form.required" : "errors.unknown_country") }),
).register(z.globalRegistry, { type: "string", enum: [...COUNTRIES], description: "A country of the shop (letter case and surrounding spaces ignored)." });

export const loginSchema = z.object({ email: accountEmail, password });
export type Login = z.infer<typeof loginSchema>;

/** POST /shop-api/register: the sign-up dialog's payload. */
export const signUpSchema = z.object({
  email: accountEmail,
  plainPassword: password,
  firstName,
  lastName,
  phoneNumber: storedPhoneNumber,
  countryCode,
  birthday,
});
export type SignUp = z.infer<typeof signUpSchema>;
export type SignUpInput = z.input<typeof signUpSchema>;

/** POST /shop-api/recovery and POST /shop-api/resend-verification. */
export const recoverySchema = z.object({ email: accountEmail });
export type Recovery = z.infer<typeof recoverySchema>;

/** POST /shop-api/reset-password?token=: password1 must equal password2. */
export const resetPasswordSchema = z
  .object({ password1: password, password2: z.string({ error: "password_is_required" }).check(z.minLength(1, "password_is_required")) })
  .check(z.refine((value) => value.password1 === value.password2, { message: "passwords_must_match", path: ["password2"] }));
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

/** The one-time token in ?token= of the verification and reset calls. */
export const oneTimeTokenQuery = z.object({
  token: z.string({ error: "token_invalid" }).check(z.trim(), z.regex(/^[A-Za-z0-9_-]{20,128}$/, "token_invalid")),
});
