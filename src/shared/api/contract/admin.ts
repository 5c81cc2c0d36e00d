/**
 * The back office: REST under /shop-api/admin/{resource}. Every resource answers the same five
 * calls (list with search, sort and page; create; read, replace and delete by id), declared once by `crud`;
 * GET by id answers exactly the body PUT takes. Admins write; staff may read; everyone else is refused.
 */
import type * as z from "zod/mini";
import { IMAGE_UPLOAD, rowIdPath, type RouteSpec } from "../route-spec";
import { adminDeletedSchema, adminPageOf, adminSavedOf } from "../../schemas/admin/common";
import * as events from "../../schemas/admin/events";
import * as products from "../../schemas/admin/products";
import * as content from "../../schemas/admin/content";
import { adminAuditItemSchema, adminAuditQuerySchema } from "../../schemas/admin/audit";
import { uploadedImageSchema } from "../../schemas/admin/uploads";
import * as fleet from "../../schemas/admin/fleet";
import * as seats from "../../schemas/admin/seats";

const staffRead = { 401: ["unauthorized"], 403: ["forbidden"] } as const;
const adminWrite = { 401: ["unauthorized"], 403: ["forbidden"] } as const;

type Page<I extends z.ZodMiniType> = ReturnType<typeof adminPageOf<I>>;
type Saved<B extends z.ZodMiniType> = ReturnType<typeof adminSavedOf<B>>;
type Base<N extends string> = `/shop-api/admin/${N}`;

interface Extra {
  /** Refusals a write may meet besides validation (409 for rows in use, …). */
  conflicts?: readonly string[];
  unprocessable?: readonly string[];
}

type Crud<N extends string, B extends z.ZodMiniType, I extends z.ZodMiniType, Q extends z.ZodMiniType> = {
  [K in `GET ${Base<N>}`]: RouteSpec & { auth: "staff"; query: Q; answer: Page<I> };
} & { [K in `POST ${Base<N>}`]: RouteSpec & { auth: "admin"; body: B; status: 201; answer: Saved<B> } } & {
  [K in `GET ${Base<N>}/:id`]: RouteSpec & { auth: "staff"; params: typeof rowIdPath; answer: B };
} & { [K in `PUT ${Base<N>}/:id`]: RouteSpec & { auth: "admin"; params: typeof rowIdPath; body: B; answer: Saved<B> } } & {
  [K in `DELETE ${Base<N>}/:id`]: RouteSpec & { auth: "admin"; params: typeof rowIdPath; answer: typeof adminDeletedSchema };
};

/** The five calls of one resource. */
function crud<const N extends string, B extends z.ZodMiniType, I extends z.ZodMiniType, Q extends z.ZodMiniType>(
  name: N,
  what: string,
  schemas: { body: B; item: I; query: Q },
  extra: Extra = {},
): Crud<N, B, I, Q> {
  const base = `/shop-api/admin/${name}`;
  const invalid = ["validation_failed", ...(extra.unprocessable ?? [])];
  const conflicts = ["admin_duplicate", ...(extra.conflicts ?? [])];
  return {
    [`GET ${base}`]: {
      tag: "admin",
      summary: `Admin: ${what}, searched, sorted and a page at a time (staff may read)`,
      auth: "staff",
      query: schemas.query,
      answer: adminPageOf(schemas.item),
      refusals: { ...staffRead, 422: ["validation_failed"] },
    },
    [`POST ${base}`]: {
      tag: "admin",
      summary: `Admin: a new one of ${what}`,
      auth: "admin",
      body: schemas.body,
      status: 201,
      answer: adminSavedOf(schemas.body),
      refusals: { ...adminWrite, 409: conflicts, 422: [...invalid, "admin_reference_missing"] },
    },
    [`GET ${base}/:id`]: {
      tag: "admin",
      summary: `Admin: one of ${what}, exactly as PUT takes it (staff may read)`,
      auth: "staff",
      params: rowIdPath,
      answer: schemas.body,
      refusals: { ...staffRead, 404: ["not_found"] },
    },
    [`PUT ${base}/:id`]: {
      tag: "admin",
      summary: `Admin: replace one of ${what}`,
      auth: "admin",
      params: rowIdPath,
      body: schemas.body,
      answer: adminSavedOf(schemas.body),
      refusals: { ...adminWrite, 404: ["not_found"], 409: conflicts, 422: [...invalid, "admin_reference_missing"] },
    },
    [`DELETE ${base}/:id`]: {
      tag: "admin",
      summary: `Admin: delete one of ${what} (refused while other rows or orders need it)`,
      auth: "admin",
      params: rowIdPath,
      answer: adminDeletedSchema,
      refusals: { ...adminWrite, 404: ["not_found"], 409: ["admin_in_use"] },
    },
  } as unknown as Crud<N, B, I, Q>;
}

const route = <const R extends RouteSpec>(spec: R) => spec;

export const adminRoutes = {
  ...crud(
    "events",
    "events with their dates, stops and texts",
    { body: events.adminEventSchema, item: events.adminEventItemSchema, query: events.adminEventsQuerySchema },
    { conflicts: ["event_cancel_needs_confirmation", "admin_date_has_orders"], unprocessable: ["unknown_event_date"] },
  ),
  ...crud("categories", "an event's categories", { body: products.adminCategorySchema, item: products.adminCategoryItemSchema, query: products.adminCategoriesQuerySchema }),
  ...crud(
    "variants",
    "subcategories (a category's ticket per province: price, capacity, stock per date)",
    { body: products.adminVariantSchema, item: products.adminVariantItemSchema, query: products.adminVariantsQuerySchema },
    { conflicts: ["stock_below_sold"] },
  ),
  "GET /shop-api/admin/variants/:id/stock": route({
    tag: "admin",
    summary: "Admin: a subcategory's tickets per event date: sold, held by unpaid orders and still on sale (staff may read)",
    auth: "staff",
    params: rowIdPath,
    answer: products.variantStockSchema,
    refusals: { ...staffRead, 404: ["not_found"] },
  }),
  "PUT /shop-api/admin/variants/:id/date-stock": route({
    tag: "admin",
    summary: "Admin: one event date's own stock of a subcategory (null: its usual stock again), never below what the date has sold and held; audited",
    auth: "admin",
    params: rowIdPath,
    body: seats.adminDateStockSchema,
    answer: products.variantStockSchema,
    refusals: { ...adminWrite, 404: ["not_found"], 409: ["stock_below_sold"], 422: ["validation_failed", "unknown_event_date"] },
  }),
  ...crud(
    "seat-pools",
    "seat pools (the seats one event date drives in one province, shared by the subcategories that draw on them), each with its seats sold, held and left",
    { body: seats.adminSeatPoolSchema, item: seats.adminSeatPoolItemSchema, query: seats.adminSeatPoolsQuerySchema },
    { conflicts: ["pool_below_sold"], unprocessable: ["unknown_event_date", "pool_variant_invalid"] },
  ),
  "GET /shop-api/admin/seats": route({
    tag: "admin",
    summary: "Admin: an event's dates, each with its subcategories' tickets and its seat pools' seats: sold, held by unpaid orders, left (staff may read)",
    auth: "staff",
    query: seats.eventSeatsQuerySchema,
    answer: seats.eventSeatsSchema,
    refusals: { ...staffRead, 404: ["not_found"], 422: ["validation_failed"] },
  }),
  ...crud("discounts", "discount codes", { body: products.adminDiscountSchema, item: products.adminDiscountItemSchema, query: products.adminDiscountsQuerySchema }),
  ...crud("landing-slides", "landing slides", { body: content.adminSlideSchema, item: content.adminSlideItemSchema, query: content.adminSlidesQuerySchema }),
  ...crud("partners", "partners", { body: content.adminPartnerSchema, item: content.adminPartnerItemSchema, query: content.adminPartnersQuerySchema }),
  ...crud("community-posts", "community posts", { body: content.adminPostSchema, item: content.adminPostItemSchema, query: content.adminPostsQuerySchema }),
  ...crud("payment-methods", "payment methods per country", {
    body: content.adminPaymentMethodSchema,
    item: content.adminPaymentMethodItemSchema,
    query: content.adminPaymentMethodsQuerySchema,
  }),
  ...crud("provinces", "provinces", { body: content.adminProvinceSchema, item: content.adminProvinceItemSchema, query: content.adminProvincesQuerySchema }),
  ...crud("counties", "counties", { body: content.adminCountySchema, item: content.adminCountyItemSchema, query: content.adminCountiesQuerySchema }),
  ...crud("places", "venues", { body: content.adminPlaceSchema, item: content.adminPlaceItemSchema, query: content.adminPlacesQuerySchema }),
  ...crud("vehicles", "the fleet's vehicles (plate, seats, kind, home province)", { body: fleet.adminVehicleSchema, item: fleet.adminVehicleItemSchema, query: fleet.adminVehiclesQuerySchema }),
  "GET /shop-api/admin/accounts": route({
    tag: "admin",
    summary: "Admin: accounts by email or name and role, to give one the staff, admin or driver role",
    auth: "admin",
    query: fleet.adminAccountsQuerySchema,
    answer: adminPageOf(fleet.adminAccountItemSchema),
    refusals: { ...adminWrite, 422: ["validation_failed"] },
  }),
  "PUT /shop-api/admin/accounts/:id/role": route({
    tag: "admin",
    summary: "Admin: an account's role (customer, staff, admin, driver), audited; takes effect on the account's next call",
    auth: "admin",
    params: rowIdPath,
    body: fleet.adminAccountRoleSchema,
    answer: fleet.adminAccountItemSchema,
    refusals: { ...adminWrite, 404: ["not_found"], 409: ["admin_own_role"], 422: ["validation_failed"] },
  }),
  "POST /shop-api/admin/images": route({
    tag: "admin",
    summary: "Admin: a picture (multipart/form-data, field `file`): JPEG, PNG, WebP, GIF or AVIF up to 8 MB, stored re-encoded as WebP banner and card",
    auth: "admin",
    upload: IMAGE_UPLOAD,
    status: 201,
    answer: uploadedImageSchema,
    refusals: { ...adminWrite, 413: ["payload_too_large"], 422: ["upload_missing", "image_unreadable", "image_too_many_pixels"] },
  }),
  "GET /shop-api/admin/audit": route({
    tag: "admin",
    summary: "Admin: the back office's changes (who, when, which row, before and after), newest first",
    auth: "admin",
    query: adminAuditQuerySchema,
    answer: adminPageOf(adminAuditItemSchema),
    refusals: { ...adminWrite, 422: ["validation_failed"] },
  }),
} as const satisfies Record<string, RouteSpec>;
