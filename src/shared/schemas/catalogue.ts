/**
 * Queries and path parameters of the public catalogue calls. Messages are
 * catalogue keys; `country-code` refusals carry `errors.unknown_country`, which the API also uses as its code.
 */
import * as z from "zod/mini";
import { COUNTRIES, DEFAULT_COUNTRY } from "../locales";
import { numberParam, requiredText } from "./fields";
import { EVENT_TYPE_PARAMS, type EventType } from "../domain/event-kinds";
import { namesRow } from "./path-params";
import { SEARCH_QUERY_MAX } from "../search-limits";

/** `?country-code=`: case-insensitive, Colombia when missing or empty. */
export const countryCodeParam = z.pipe(
  z.transform((value: unknown) =>
    value === undefined || value === "" ? DEFAULT_COUNTRY : typeof value === "string" ? value.trim().toUpperCase() : value,
  ),
  z.enum(COUNTRIES, { error: "errors.unknown_country" }),
);

// The default makes the contract say what the server does: the parameter may be left out.
export const countryQuerySchema = z.object({ "country-code": z._default(countryCodeParam, DEFAULT_COUNTRY) });
export type CountryQuery = z.infer<typeof countryQuerySchema>;

/** A numeric database id in a path or query (`/events/{id}/product-variant`, `?eventDateId=`). */
export const idParam = z.pipe(
  z.string({ error: "errors.invalid_id" }).check(z.trim(), z.regex(/^\d{1,15}$/, "errors.invalid_id")),
  z.transform(Number),
);

export const idPathSchema = z.object({ id: idParam });

const eventRef = z.string().check(z.trim(), z.minLength(1, "errors.invalid_id"), z.maxLength(160, "errors.invalid_id"));

/** `/events/{slug or id}`: anything short enough to be a slug or an id; the service decides which. */
export const eventRefPathSchema = z.object({ ref: eventRef });
/** The signed-in event page's `/events/{slug or id}`: a ref that does not fit names no event (404). */
export const signedInEventRefPathSchema = z.object({ ref: namesRow(z.string().check(z.trim(), z.minLength(1, "errors.invalid_id"), z.maxLength(160, "errors.invalid_id"))) });

/** `/events/{id}/product-variant`, `/provinces/by-event/{id}`: an event's id, or its slug (a private event has only its slug). */
export const eventIdOrSlugPathSchema = z.object({ id: eventRef });

/** 1 mass, 2 private, 3 alliance. */
export const eventTypeParam = z.pipe(
  z.enum(EVENT_TYPE_PARAMS, { error: "errors.invalid_event_type" }),
  z.transform((value: (typeof EVENT_TYPE_PARAMS)[number]) => Number(value) as EventType),
);

export const LIST_LIMIT_MAX = 100;

export const eventsQuerySchema = z.extend(countryQuerySchema, {
  type: eventTypeParam,
  limit: numberParam(LIST_LIMIT_MAX),
});
export type EventsQuery = z.infer<typeof eventsQuerySchema>;

export const productVariantQuerySchema = z.object({ eventDateId: z.optional(idParam) });

/** The search box: the server is called only for a non-empty query, so blank is refused. */
export const searchQuerySchema = z.extend(countryQuerySchema, { q: requiredText(SEARCH_QUERY_MAX) });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** `/channels/{host}`: a host name, with or without a port. */
export const channelHostSchema = z.object({
  host: z.pipe(
    z.string().check(z.trim(), z.toLowerCase(), z.minLength(1, "form.required"), z.maxLength(253, "form.too_long")),
    z.transform((host: string) => host.replace(/:\d+$/, "")),
  ),
});
