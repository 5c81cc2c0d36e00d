/**
 * Field rules shared by several forms. Every message is a catalogue key (src/shared/i18n), so the
 * browser and the server show the same words in the person's language.
 */
// zod/mini: the same validation as classic zod in a few kB, because the browser downloads these schemas too.
import * as z from "zod/mini";
import { MAX_DB_ID } from "../domain/ids";
import { stripPhoneSeparators, toE164, type PhoneRules } from "../format/phone-number";
import { todayIso } from "../format/today";

// In its own module so a page script can use it without zod; re-exported for the schemas' users.
export { todayIso };

/**
 * The JSON Schema of a text trimmed before its length is counted: a blank text is no text, and the contract says so
 * (register it on such a field with `.register(z.globalRegistry, NOT_BLANK)`).
 */
export const NOT_BLANK = { pattern: "\\S" };

export const requiredText = (max = 200) =>
  z
    .string({ error: "form.required" })
    .check(z.trim(), z.minLength(1, "form.required"), z.maxLength(max, "form.too_long"))
    .register(z.globalRegistry, NOT_BLANK);

export const emailField = z
  .pipe(
    z.string({ error: "form.required" }).check(z.trim(), z.minLength(1, "form.required"), z.maxLength(254, "form.too_long")),
    z.email({ error: "form.email_invalid" }),
  )
  // The contract names the address rule the server applies (zod's), not just "a string".
  .register(z.globalRegistry, { type: "string", minLength: 1, maxLength: 254, pattern: z.regexes.email.source });

/**
 * A phone field: its own typed pattern, or a number libphonenumber-js finds valid under `rules` (a real
 * Colombian mobile "+57 300 123 4567" or "300 123 4567" by default). Spaces, dashes and brackets people
 * type are ignored; a valid number is stored as E.164 ("+573001234567"), one matching only the pattern as typed.
 */
export const phoneField = (specPattern: RegExp, rules: PhoneRules = {}) =>
  z.pipe(
    z.pipe(z.string({ error: "form.required" }), z.transform(stripPhoneSeparators)),
    z.pipe(
      z.string().check(
        z.minLength(1, "form.required"),
        z.refine((value) => specPattern.test(value) || toE164(value, rules) !== undefined, "form.phone_invalid"),
      ),
      z.transform((value: string) => toE164(value, rules) ?? value),
    ),
  ).register(z.globalRegistry, {
    // The contract names the form the shop always takes; a number valid in the country (libphonenumber) passes too.
    type: "string",
    pattern: specPattern.source,
    description: "The pattern, or a number valid in the country, with or without its prefix; spaces, dashes and brackets ignored. Stored as E.164.",
  });

/** A Colombian number as typed, "+57 then 8 digits, or 9 then 8 digits" (or a real one, above). */
export const COLOMBIAN_PHONE = /^(\+57\d{8}|9\d{8})$/;
export const colombianPhone = phoneField(COLOMBIAN_PHONE, { country: "CO" });

/**
 * A database id: a number, or a numeric string (form selects give strings). Never a boolean or a list,
 * which a plain Number() would read as 1 or as its one element. `max` lets a service name an id past the
 * column's range itself (e.g. "the municipality does not exist").
 */
export const databaseId = (message: string, options: { max?: number } = {}) =>
  z.pipe(
    z.pipe(
      // Input typed unknown, as before: a form with nothing chosen yet sends null and gets the message.
      z.pipe(z.unknown(), z.union([z.number({ error: message }), z.string({ error: message }).check(z.trim(), z.regex(/^\d+$/, message))], { error: message })),
      z.transform((value: number | string) => Number(value)),
    ),
    z.number({ error: message }).check(z.int(message), z.positive(message), z.lte(options.max ?? MAX_DB_ID, message)),
  ).register(z.globalRegistry, {
    // What the pipe above takes, which JSON Schema cannot say by itself: a number, or its digits as text.
    anyOf: [
      { type: "integer", minimum: 1, maximum: options.max ?? MAX_DB_ID },
      { type: "string", pattern: digitsUpTo(options.max ?? MAX_DB_ID) },
    ],
  });

/**
 * A whole number 1..max given as query text (`?page=2`, `?limit=10`); the contract says exactly which texts are
 * taken, so a client never sends a number the server refuses.
 */
export const numberParam = (max: number) =>
  z.optional(
    z
      .pipe(
        z.pipe(z.string().check(z.regex(/^\d{1,6}$/, "errors.invalid_number")), z.transform(Number)),
        z.number().check(z.int("errors.invalid_number"), z.gte(1, "errors.invalid_number"), z.lte(max, "errors.invalid_number")),
      )
      .register(z.globalRegistry, { type: "string", pattern: digitsUpTo(max) }),
  );

/** A pattern for the decimal numbers 1..max (no sign, no leading zero): "1".."2147483647" for a database id. */
export function digitsUpTo(max: number): string {
  const top = String(max);
  const shorter = top.length > 1 ? [`[1-9]\\d{0,${top.length - 2}}`] : [];
  const same = [...top].flatMap((digit, i) => {
    const low = i === 0 ? 1 : 0;
    const below = Number(digit) - 1;
    if (below < low) return [];
    const rest = top.length - i - 1;
    return [`${top.slice(0, i)}[${low}-${below}]${rest ? `\\d{${rest}}` : ""}`];
  });
  return `^(?:${[...shorter, ...same, top].join("|")})$`;
}

/**
 * A pattern for "MM{sep}DD" of the days every year has (no 29 February), for contracts of date fields: JSON Schema
 * cannot say "a real day" or "not in the past", so a field names the days it always takes and describes the rest.
 */
export function everyYearDay(sep: string): string {
  return `(?:(?:0[1-9]|1[0-2])${sep}(?:0[1-9]|1\\d|2[0-8])|(?:0[13-9]|1[0-2])${sep}(?:29|30)|(?:0[13578]|1[02])${sep}31)`;
}

/** A pattern for the years after this one up to 2099: days in them are never in the past. */
export function comingYears(): string {
  const next = Number(todayIso().slice(0, 4)) + 1;
  return `(?:${Array.from({ length: Math.max(1, 2100 - next) }, (_, i) => String(next + i)).join("|")})`;
}

/** dd/MM/yyyy or yyyy-mm-dd, read back as yyyy-mm-dd; a real calendar day. */
export const calendarDay = z.pipe(
  z.pipe(
    z.string({ error: "form.date_required" }).check(z.trim(), z.minLength(1, "form.date_required")),
    // A separate stage, so an empty value reports only "required" (zod/mini transforms cannot add issues).
    z.string().check(z.refine((value) => dayFromInput(value) !== null, "form.date_invalid")),
  ),
  z.transform((value: string) => dayFromInput(value) ?? value),
);

function dayFromInput(value: string): string | null {
  const dmy = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const iso = dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : value;
  const date = new Date(`${iso}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) return null;
  return iso;
}

/** A day that is today or later (past dates are disabled). */
export const upcomingDay = calendarDay.check(z.refine((iso) => iso >= todayIso(), "form.date_past")).register(z.globalRegistry, {
  type: "string",
  pattern: `^${comingYears()}-${everyYearDay("-")}$`,
  description: "A real day from today on, as yyyy-mm-dd or dd/MM/yyyy.",
});

/** yyyy-mm-dd -> dd/MM/yyyy, how forms send dates. */
export function toDayMonthYear(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d}/${m}/${y}`;
}
