/**
 * What every back-office resource shares (/shop-api/admin/{resource}): the list query (search, sort, page and
 * the resource's own filters), the page and save answers, and the field rules its forms reuse. The body a
 * resource's POST and PUT take is also what its GET by id answers, so a form loads a row and sends it back as is.
 */
import * as z from "zod/mini";
import { COUNTRIES, LOCALES } from "../../locales";
import { databaseId, numberParam, requiredText } from "../fields";

export const ADMIN_PAGE_SIZE_MAX = 100;

/** A numeric id in a query filter (`?eventId=4`). */
export const idFilter = z.optional(
  z.pipe(z.string({ error: "errors.invalid_id" }).check(z.trim(), z.regex(/^\d{1,9}$/, "errors.invalid_id")), z.transform(Number)),
);
export const countryFilter = z.optional(
  z.pipe(
    z.transform((value: unknown) => (typeof value === "string" ? value.trim().toUpperCase() : value)),
    z.enum(COUNTRIES, { error: "errors.unknown_country" }),
  ),
);

/**
 * GET /shop-api/admin/{resource}: `q` searches the resource's texts, `sort` one of its sortable columns
 * (`dir` asc by default), `page` from 1; `filters` are the resource's own narrowing parameters.
 */
export function listQueryOf<const S extends readonly [string, ...string[]], F extends Record<string, z.ZodMiniType> = Record<never, never>>(sortKeys: S, filters?: F) {
  return z.object({
    q: z.optional(z.string().check(z.trim(), z.maxLength(120, "form.too_long"))),
    sort: z.optional(z.enum(sortKeys, { error: "admin.invalid_sort" })),
    dir: z.optional(z.enum(["asc", "desc"], { error: "admin.invalid_sort" })),
    page: numberParam(100_000),
    pageSize: numberParam(ADMIN_PAGE_SIZE_MAX),
    ...(filters ?? ({} as F)),
  });
}

export interface ListQuery {
  q?: string;
  sort?: string;
  dir?: "asc" | "desc";
  page?: number;
  pageSize?: number;
  [filter: string]: unknown;
}

/** A page of a resource's list. */
export function adminPageOf<I extends z.ZodMiniType>(item: I) {
  return z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
}

/** What POST and PUT answer: the row's id and the row as GET by id now answers it. */
export function adminSavedOf<B extends z.ZodMiniType>(body: B) {
  return z.object({ id: z.number(), item: body });
}

export const adminDeletedSchema = z.object({ id: z.number() });

export const countryCodeField = z.enum(COUNTRIES, { error: "errors.unknown_country" });

/** A row this one points at (a select in the form sends it as a string). */
export const refField = (message = "errors.invalid_id") => databaseId(message);
export const optionalRef = (message = "errors.invalid_id") => z.nullable(databaseId(message));

export const wholeNumber = (min: number, max: number) =>
  z.number({ error: "admin.number_invalid" }).check(z.int("admin.number_invalid"), z.gte(min, "admin.number_invalid"), z.lte(max, "admin.number_invalid"));

export const sortOrderField = wholeNumber(0, 10_000);

/**
 * A picture's public path: one the upload route answered (`/uploads/…`) or a demo image (`/demo/…`). Never
 * another host, never a climb out of the folder.
 */
export const imagePathField = z.string({ error: "form.required" }).check(
  z.trim(),
  z.minLength(1, "form.required"),
  z.maxLength(300, "form.too_long"),
  z.regex(/^\/(?:uploads|demo)\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(?:webp|png|jpe?g|avif|gif)$/, "admin.image_invalid"),
);
export const optionalImagePath = z.optional(imagePathField);

/** An instant with its offset ("2026-09-12T20:00:00.000Z"); the forms send the browser's local time as UTC. */
export const instantField = z.iso.datetime({ offset: true, error: "form.date_invalid" });

/** A texted name: may be left empty in a locale nobody writes in; the translations as a whole need one. */
export const optionalName = (max = 200) => z.string().check(z.trim(), z.maxLength(max, "form.too_long"));
export const optionalText = (max = 4000) => z.optional(z.string().check(z.trim(), z.maxLength(max, "form.too_long")));

type Entry = z.ZodMiniType<{ name?: string; alt?: string }>;

/**
 * One entry per locale, each optional. Entries whose key text (`name`, or `alt` for slides) is empty are
 * dropped when stored; at least one must have it, reported on the first locale's field.
 */
export function translationsOf<E extends Entry>(entry: E, key: "name" | "alt" = "name") {
  const shape = Object.fromEntries(LOCALES.map((locale) => [locale, z.optional(entry)])) as { [L in (typeof LOCALES)[number]]: z.ZodMiniOptional<E> };
  return z.object(shape).check(
    z.refine((value) => Object.values(value).some((one) => Boolean((one as Record<string, unknown> | undefined)?.[key])), {
      error: "admin.translation_required",
      path: ["es_CO", key],
    }),
  );
}

/** The translations as stored: only locales whose key text was written, without empty optional texts. */
export function storedTranslations<T extends Record<string, unknown>>(value: Partial<Record<string, T | undefined>>, key: "name" | "alt" = "name"): Record<string, T> {
  const stored: Record<string, T> = {};
  for (const [locale, entry] of Object.entries(value)) {
    if (!entry || !entry[key]) continue;
    stored[locale] = Object.fromEntries(Object.entries(entry).filter(([, text]) => text !== undefined && text !== null && text !== "")) as T;
  }
  return stored;
}

export { requiredText };
