/** The public catalogue under /api: no token needed. Events, their offer, geography, landing content and the lead forms. */
import * as z from "zod/mini";
import { route, type RouteSpec } from "../route-spec";
import {
  channelHostSchema,
  countryQuerySchema,
  eventIdOrSlugPathSchema,
  eventRefPathSchema,
  eventsQuerySchema,
  productVariantQuerySchema,
  searchQuerySchema,
} from "../../schemas/catalogue";
import { contactSchema, marriageSchema, quoteSchema } from "../../schemas/leads";
import * as catalogue from "../../schemas/answers/catalogue";

const countryRefusal = { 422: ["unknown_country"] } as const;

export const catalogueRoutes = {
  "GET /api/health": route({
    tag: "catalogue",
    summary: "The process answers",
    description: "Liveness: answers without touching the database, so it stays cheap for a load balancer to ask often.",
    answer: catalogue.healthSchema,
  }),
  "GET /api/ready": route({
    tag: "catalogue",
    summary: "The shop can serve: its database answers",
    description: "Readiness: runs one query on the database; 503 `not_ready` while it cannot be reached.",
    answer: catalogue.readySchema,
    refusals: { 503: ["not_ready"] },
  }),
  "GET /api/landing-slides": route({
    tag: "catalogue",
    summary: "Landing slides of a country, in sort order",
    description: "`url` is a site path without the country/locale prefix; `alt` is in the caller's language.",
    query: countryQuerySchema,
    answer: z.array(catalogue.landingSlideSchema),
    refusals: countryRefusal,
  }),
  "GET /api/recommended-events": route({
    tag: "catalogue",
    summary: "Recommended events (types 1 and 3), soonest first",
    query: countryQuerySchema,
    answer: z.array(catalogue.recommendedEventSchema),
    refusals: countryRefusal,
  }),
  "GET /api/events": route({
    tag: "catalogue",
    summary: "Upcoming events of a type, soonest first",
    description: "`type=2` (private) answers `[]`. Each item carries its next 10 upcoming calendars at most.",
    query: eventsQuerySchema,
    answer: z.array(catalogue.eventListItemSchema),
    refusals: { 422: ["validation_failed", "unknown_country"] },
  }),
  "GET /api/search": route({
    tag: "catalogue",
    summary: "Upcoming events whose name or venue contains q",
    description: "Ignores case, accents and apostrophes.",
    query: searchQuerySchema,
    answer: z.array(catalogue.eventListItemSchema),
    refusals: { 422: ["validation_failed", "unknown_country"] },
  }),
  "GET /api/events/:id/product-variant": route({
    tag: "catalogue",
    summary: "What an event sells: categories by priority, with every province's subcategories and live stock",
    description: "`id` is the event's id or slug. A private event answers only by its slug, and a login-only one only to its owner and guests (bearer), as its detail does.",
    params: eventIdOrSlugPathSchema,
    query: productVariantQuerySchema,
    answer: z.array(catalogue.categorySchema),
    refusals: { 404: ["not_found"], 410: ["event_gone"], 422: ["validation_failed", "unknown_event_date"] },
  }),
  "GET /api/events/:ref": route({
    tag: "catalogue",
    summary: "One event by slug or id",
    description: "A login-only private event answers only its message (`{ id, slug, message }`).",
    params: eventRefPathSchema,
    answer: catalogue.eventViewSchema,
    refusals: { 404: ["not_found"], 410: ["event_gone"] },
  }),
  "GET /api/provinces/by-event/:id": route({
    tag: "catalogue",
    summary: "Provinces an event sells in, each with all its counties",
    description: "`id` is the event's id or slug, under the same rule as the event's offer.",
    params: eventIdOrSlugPathSchema,
    answer: z.array(catalogue.provinceOptionSchema),
    refusals: { 404: ["not_found"], 410: ["event_gone"], 422: ["validation_failed"] },
  }),
  "GET /api/countries": route({ tag: "catalogue", summary: "The countries the shop sells in", answer: z.array(catalogue.countrySchema) }),
  "GET /api/locales": route({
    tag: "catalogue",
    summary: "A country's languages, its own first",
    query: countryQuerySchema,
    answer: z.array(catalogue.localeOptionSchema),
    refusals: countryRefusal,
  }),
  "GET /api/channels/:host": route({
    tag: "catalogue",
    summary: "The country and language a host name serves (unknown hosts: CO / es_CO)",
    params: channelHostSchema,
    answer: catalogue.channelSchema,
    refusals: { 422: ["validation_failed"] },
  }),
  "GET /api/counties": route({
    tag: "catalogue",
    summary: "A country's counties, by province then name",
    query: countryQuerySchema,
    answer: z.array(catalogue.countyOptionSchema),
    refusals: countryRefusal,
  }),
  "GET /api/landing-comments": route({
    tag: "catalogue",
    summary: "Community posts of a country",
    query: countryQuerySchema,
    answer: z.array(catalogue.communityPostSchema),
    refusals: countryRefusal,
  }),
  "GET /api/partners": route({ tag: "catalogue", summary: "Partner logos", answer: z.array(catalogue.partnerSchema) }),
  "GET /api/payment-methods": route({
    tag: "catalogue",
    summary: "A country's payment methods in display order (first = default)",
    query: countryQuerySchema,
    answer: z.array(catalogue.paymentMethodSchema),
    refusals: countryRefusal,
  }),
  "POST /api/contact": route({
    tag: "catalogue",
    summary: "The contact form",
    query: countryQuerySchema,
    body: contactSchema,
    status: 201,
    answer: catalogue.leadStoredSchema,
    refusals: { 422: ["validation_failed", "unknown_country"], 429: ["too_many_attempts"] },
  }),
  "POST /api/marriage": route({
    tag: "catalogue",
    summary: "The marriage request form",
    query: countryQuerySchema,
    body: marriageSchema,
    status: 201,
    answer: catalogue.leadStoredSchema,
    refusals: { 422: ["validation_failed", "unknown_country"], 429: ["too_many_attempts"] },
  }),
  "POST /api/quote": route({
    tag: "catalogue",
    summary: "The about-us quote form",
    query: countryQuerySchema,
    body: quoteSchema,
    status: 201,
    answer: catalogue.leadStoredSchema,
    refusals: { 422: ["validation_failed", "unknown_country"], 429: ["too_many_attempts"] },
  }),

} as const satisfies Record<string, RouteSpec>;
