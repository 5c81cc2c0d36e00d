/**
 * Field rules shared by several forms. Every message is a catalogue key (src/shared/i18n), so the
 * browser and the server show the same words in the person's language.
 */
// zod/mini: the same validation as classic zod in a few kB, because the browser downloads these schemas too.
import * as z from "zod/mini";
import { todayIso } from "../format/today";

// In its own module so a page script can use it without zod; re-exported for the schemas' users.
export { todayIso };

export const requiredText = (max = 200) =>
  z.string({ error: "form.required" }).check(z.trim(), z.minLength(1, "form.required"), z.maxLength(max, "form.too_long"));

export const emailField = z.pipe(
  z.string({ error: "form.required" }).check(z.trim(), z.minLength(1, "form.required"), z.maxLength(254, "form.too_long")),
  z.email({ error: "form.email_invalid" }),
);

/**
 * account.md section 5: a Colombian number, "+57 then 8 digits, or 9 then 8 digits".
 * Spaces, dashes and brackets people type are ignored.
 */
export const COLOMBIAN_PHONE = /^(\+57\d{8}|9\d{8})$/;
export const colombianPhone = z.pipe(
  z.pipe(
    z.string({ error: "form.required" }),
    z.transform((value: string) => value.replace(/[\s\-().]/g, "")),
  ),
  z.string().check(z.minLength(1, "form.required"), z.regex(COLOMBIAN_PHONE, "form.phone_invalid")),
);


/** dd/MM/yyyy (the spec's payload) or yyyy-mm-dd, read back as yyyy-mm-dd; a real calendar day. */
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

/** A day that is today or later (storefront spec: past dates disabled). */
export const upcomingDay = calendarDay.check(z.refine((iso) => iso >= todayIso(), "form.date_past"));

/** yyyy-mm-dd -> dd/MM/yyyy, how forms send dates. */
export function toDayMonthYear(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d}/${m}/${y}`;
}
