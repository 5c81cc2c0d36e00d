/**
 * Every back-office screen as a declaration: the list's columns and the form's fields over the resource's shared
 * schema (src/shared/schemas/admin), which the form validates with before the server validates with it again.
 */
import { formatDateTime, timeZoneOf } from "../../../shared/format/dates";
import { formatPercent, formatPrice } from "../../../shared/format/money";
import { EVENT_TYPE, PAYMENT_TYPE, PERIODICITY_TYPE } from "../../../shared/domain/event-kinds";
import { NEEDS } from "../../../shared/domain/needs";
import { DISCOUNT_KINDS } from "../../../shared/domain/discount-kinds";
import { COUNTRIES, LOCALES } from "../../../shared/locales";
import { PAYMENT_CODE, PAYMENT_CODES } from "../../../shared/domain/payment-codes";
import { adminEventSchema } from "../../../shared/schemas/admin/events";
import { adminCategorySchema, adminDiscountSchema, adminVariantSchema } from "../../../shared/schemas/admin/products";
import {
  adminCountySchema,
  adminPartnerSchema,
  adminPaymentMethodSchema,
  adminPlaceSchema,
  adminPostSchema,
  adminProvinceSchema,
  adminSlideSchema,
} from "../../../shared/schemas/admin/content";
import { adminVehicleSchema } from "../../../shared/schemas/admin/fleet";
import { VEHICLE_KINDS } from "../../../shared/domain/fleet";
import type { CellContext, FieldDecl, ResourceDecl, Row } from "./declarations";
import type { AdminKey } from "./texts";

const text = (row: Row, key: string) => String(row[key] ?? "");
const yesNo = (value: unknown, { texts }: CellContext) => (value ? texts["admin.yes"] : texts["admin.no"]);
/** An instant in its event's country's time zone, as the rest of the shop shows it. */
const when = (value: unknown, countryCode: unknown) => (typeof value === "string" ? formatDateTime(value, timeZoneOf(String(countryCode))) : "—");
const money = (amount: unknown, currency: unknown, { locale }: CellContext) => formatPrice(Number(amount), String(currency), locale);

const emptyTranslations = (keys: string[]) => Object.fromEntries(LOCALES.map((locale) => [locale, Object.fromEntries(keys.map((key) => [key, ""]))]));

/** How rows of other resources are named in choices and cells. */
const eventLabel = (item: Row) => `${text(item, "name")} · ${text(item, "slug")}`;
const countyLabel = (item: Row) => `${text(item, "name")} (${text(item, "provinceName")})`;
/** A province or a place, with its country. */
const nameAndCountry = (item: Row) => `${text(item, "name")} (${text(item, "countryCode")})`;
/** The province a row lies in, with its country. */
const provinceOf = (row: Row) => `${text(row, "provinceName")} (${text(row, "countryCode")})`;
const variantLabel = (item: Row) => `${text(item, "eventName")} · ${text(item, "name")} (${text(item, "provinceName")})`;

const translated = (fields: FieldDecl[], textKey: "name" | "alt" = "name"): FieldDecl => ({
  kind: "translations",
  name: "translations",
  label: "admin.form.translations",
  hint: "admin.form.translations_hint",
  textKey,
  fields,
  wide: true,
});

const events: ResourceDecl = {
  name: "events",
  defaultSort: "startDate",
  columns: [
    { key: "id", label: "admin.field.id", sort: "id" },
    { key: "name", label: "admin.field.name", sort: "name" },
    { key: "slug", label: "admin.field.slug", sort: "slug" },
    { key: "type", label: "admin.field.type", sort: "type", cell: (row, { texts }) => texts[`admin.type.${row.type}` as AdminKey] },
    { key: "countryCode", label: "admin.field.country", sort: "countryCode" },
    { key: "startDate", label: "admin.field.first_date", sort: "startDate", cell: (row) => when(row.startDate, row.countryCode) },
    { key: "published", label: "admin.field.published", cell: (row, context) => yesNo(row.published, context) },
    { key: "cancelled", label: "admin.field.cancelled", cell: (row, context) => yesNo(row.cancelled, context) },
  ],
  rowLabel: (row) => text(row, "name"),
  schema: adminEventSchema,
  fields: [
    { kind: "text", name: "slug", label: "admin.field.slug", hint: "admin.field.slug_hint", maxLength: 120 },
    { kind: "select", name: "type", label: "admin.field.type", options: Object.values(EVENT_TYPE), numeric: true, optionLabel: (value) => `admin.type.${value}` as AdminKey },
    { kind: "country", name: "countryCode", label: "admin.field.country" },
    { kind: "ref", name: "placeId", label: "admin.field.place", resource: "places", optionLabel: nameAndCountry },
    { kind: "select", name: "periodicityType", label: "admin.field.periodicity", options: Object.values(PERIODICITY_TYPE), numeric: true, optionLabel: (value) => `admin.periodicity.${value}` as AdminKey },
    { kind: "select", name: "paymentType", label: "admin.field.payment_type", options: Object.values(PAYMENT_TYPE), numeric: true, optionLabel: (value) => `admin.payment_type.${value}` as AdminKey },
    {
      kind: "rows",
      name: "dates",
      label: "admin.field.dates",
      itemLabel: "admin.field.date",
      fields: [
        { kind: "datetime", name: "startDate", label: "admin.field.date", hint: "admin.field.date_hint" },
        { kind: "datetime", name: "endDate", label: "admin.field.date_end", hint: "admin.field.date_end_hint", optional: true },
      ],
      empty: () => ({ startDate: "", endDate: null }),
      wide: true,
    },
    { kind: "datetime", name: "endDate", label: "admin.field.end_date", hint: "admin.form.local_time" },
    {
      kind: "rows",
      name: "additionalStops",
      label: "admin.field.stops",
      itemLabel: "admin.field.stop",
      fields: [
        { kind: "text", name: "address", label: "admin.field.address", maxLength: 300 },
        { kind: "ref", name: "countyId", label: "admin.field.county", resource: "counties", optional: true, optionLabel: countyLabel },
        { kind: "text", name: "time", label: "admin.field.time", maxLength: 5 },
      ],
      empty: () => ({ address: "", countyId: null, time: "" }),
      wide: true,
    },
    translated([
      { kind: "text", name: "name", label: "admin.field.name", maxLength: 200 },
      { kind: "textarea", name: "description", label: "admin.field.description", maxLength: 4000 },
      { kind: "image", name: "imagePath", label: "admin.field.image", optional: true, cardName: "cardImagePath" },
    ]),
    { kind: "checkbox", name: "published", label: "admin.field.published" },
    { kind: "checkbox", name: "recommended", label: "admin.field.recommended" },
    { kind: "checkbox", name: "requiresLogin", label: "admin.field.requires_login" },
    { kind: "optional-number", name: "cancelFreeHours", label: "admin.field.cancel_free_hours", hint: "admin.field.cancel_free_hours_hint" },
    { kind: "optional-number", name: "cancelLateKeepPercent", label: "admin.field.cancel_late_keep", hint: "admin.field.cancel_late_keep_hint" },
    { kind: "checkbox", name: "cancelled", label: "admin.field.cancelled" },
  ],
  empty: () => ({
    slug: "",
    type: EVENT_TYPE.mass,
    countryCode: "CO",
    periodicityType: PERIODICITY_TYPE.fixed,
    paymentType: PAYMENT_TYPE.traveller,
    placeId: null,
    dates: [{ startDate: "" }],
    endDate: "",
    additionalStops: [],
    translations: emptyTranslations(["name", "description"]),
    published: false,
    cancelled: false,
    recommended: false,
    requiresLogin: false,
    cancelFreeHours: 48,
    cancelLateKeepPercent: null,
  }),
};

const categories: ResourceDecl = {
  name: "categories",
  defaultSort: "event",
  columns: [
    { key: "id", label: "admin.field.id", sort: "id" },
    { key: "name", label: "admin.field.name", sort: "name" },
    { key: "eventName", label: "admin.field.event", sort: "event" },
    { key: "priority", label: "admin.field.priority", sort: "priority" },
    { key: "variants", label: "admin.field.variants" },
  ],
  rowLabel: (row) => text(row, "name"),
  schema: adminCategorySchema,
  fields: [
    { kind: "ref", name: "eventId", label: "admin.field.event", resource: "events", optionLabel: eventLabel },
    { kind: "number", name: "priority", label: "admin.field.priority", min: 0 },
    translated([
      { kind: "text", name: "name", label: "admin.field.name", maxLength: 200 },
      { kind: "textarea", name: "description", label: "admin.field.description", maxLength: 2000 },
    ]),
  ],
  empty: () => ({ eventId: null, priority: 1, translations: emptyTranslations(["name", "description"]) }),
};

const variants: ResourceDecl = {
  name: "variants",
  defaultSort: "event",
  columns: [
    { key: "id", label: "admin.field.id", sort: "id" },
    { key: "name", label: "admin.field.name", sort: "name" },
    { key: "eventName", label: "admin.field.event", sort: "event", cell: (row) => `${text(row, "eventName")} · ${text(row, "categoryName")}` },
    { key: "provinceName", label: "admin.field.province", sort: "province" },
    { key: "price", label: "admin.field.price", sort: "price", cell: (row, context) => money(row.price, row.currency, context) },
    { key: "capacity", label: "admin.field.capacity" },
    { key: "stock", label: "admin.field.stock", sort: "stock" },
  ],
  rowLabel: (row) => text(row, "name"),
  schema: adminVariantSchema,
  fields: [
    { kind: "ref", name: "categoryId", label: "admin.field.category", resource: "categories", optionLabel: (item) => `${text(item, "eventName")} · ${text(item, "name")}` },
    { kind: "ref", name: "provinceId", label: "admin.field.province", resource: "provinces", optionLabel: nameAndCountry },
    { kind: "number", name: "price", label: "admin.field.price", hint: "admin.field.price_hint", min: 0 },
    { kind: "number", name: "stock", label: "admin.field.stock", hint: "admin.field.stock_hint", min: 0 },
    { kind: "number", name: "capacity", label: "admin.field.capacity", min: 1 },
    { kind: "number", name: "stops", label: "admin.field.stops_per_ticket", min: 1 },
    {
      kind: "rows",
      name: "approaches",
      label: "admin.field.approaches",
      itemLabel: "admin.field.approach",
      fields: [
        { kind: "text", name: "address", label: "admin.field.address", maxLength: 300 },
        { kind: "ref", name: "countyId", label: "admin.field.county", resource: "counties", optionLabel: countyLabel },
      ],
      empty: () => ({ address: "", countyId: null }),
      wide: true,
    },
    translated([
      { kind: "text", name: "name", label: "admin.field.name", maxLength: 200 },
      { kind: "textarea", name: "description", label: "admin.field.description", maxLength: 2000 },
    ]),
  ],
  empty: () => ({ categoryId: null, provinceId: null, price: 0, capacity: 1, stops: 1, stock: 0, approaches: [], translations: emptyTranslations(["name", "description"]) }),
};

const discounts: ResourceDecl = {
  name: "discounts",
  defaultSort: "code",
  columns: [
    { key: "id", label: "admin.field.id", sort: "id" },
    { key: "code", label: "admin.field.code", sort: "code" },
    { key: "eventName", label: "admin.field.event", sort: "event" },
    { key: "variation", label: "admin.field.variation", cell: (row, { locale }) => formatPercent(Math.round(Number(row.variation) * 10000) / 100, locale) },
    { key: "validUntil", label: "admin.field.valid_until", sort: "validUntil", cell: (row) => when(row.validUntil, row.countryCode) },
    { key: "timesUsed", label: "admin.field.times_used", sort: "timesUsed", cell: (row) => `${row.timesUsed}${row.usageLimit ? ` / ${row.usageLimit}` : ""}` },
  ],
  rowLabel: (row) => text(row, "code"),
  schema: adminDiscountSchema,
  fields: [
    { kind: "text", name: "code", label: "admin.field.code", maxLength: 40 },
    { kind: "ref", name: "eventId", label: "admin.field.event", resource: "events", optionLabel: eventLabel },
    { kind: "select", name: "kind", label: "admin.field.discount_kind", options: DISCOUNT_KINDS, optionLabel: (value) => `admin.discount_kind.${value}` as AdminKey },
    { kind: "number", name: "variation", label: "admin.field.variation", step: 0.01, min: 0 },
    { kind: "optional-number", name: "amount", label: "admin.field.discount_amount", hint: "admin.field.discount_amount_hint" },
    { kind: "optional-number", name: "usageLimit", label: "admin.field.usage_limit", hint: "admin.field.usage_limit_hint" },
    { kind: "optional-number", name: "perCustomerLimit", label: "admin.field.per_customer_limit", hint: "admin.field.usage_limit_hint" },
    {
      kind: "rows",
      name: "variants",
      label: "admin.field.discount_variants",
      itemLabel: "admin.field.variant",
      fields: [
        { kind: "ref", name: "productVariantId", label: "admin.field.variant", resource: "variants", optionLabel: variantLabel },
      ],
      empty: () => ({ productVariantId: null }),
      wide: true,
    },
    { kind: "datetime", name: "validFrom", label: "admin.field.valid_from", optional: true, hint: "admin.form.local_time" },
    { kind: "datetime", name: "validUntil", label: "admin.field.valid_until", optional: true, hint: "admin.form.local_time" },
    {
      kind: "rows",
      name: "prices",
      label: "admin.field.prices",
      itemLabel: "admin.field.variant",
      fields: [
        { kind: "ref", name: "productVariantId", label: "admin.field.variant", resource: "variants", optionLabel: variantLabel },
        { kind: "number", name: "discountPrice", label: "admin.field.discount_price", min: 0 },
      ],
      empty: () => ({ productVariantId: null, discountPrice: 0 }),
      wide: true,
    },
  ],
  empty: () => ({ code: "", eventId: null, kind: "percentage", variation: 0.1, amount: null, validFrom: null, validUntil: null, usageLimit: null, perCustomerLimit: null, variants: [], prices: [] }),
};

const slides: ResourceDecl = {
  name: "landing-slides",
  defaultSort: "sortOrder",
  columns: [
    { key: "id", label: "admin.field.id", sort: "id" },
    { key: "alt", label: "admin.field.alt" },
    { key: "countryCode", label: "admin.field.country", sort: "countryCode" },
    { key: "url", label: "admin.field.url" },
    { key: "sortOrder", label: "admin.field.sort_order", sort: "sortOrder" },
  ],
  rowLabel: (row) => text(row, "alt") || text(row, "url"),
  schema: adminSlideSchema,
  fields: [
    { kind: "country", name: "countryCode", label: "admin.field.country" },
    { kind: "text", name: "url", label: "admin.field.url", maxLength: 300 },
    { kind: "number", name: "sortOrder", label: "admin.field.sort_order", min: 0 },
    { kind: "image", name: "imagePath", label: "admin.field.image", wide: true },
    translated([{ kind: "text", name: "alt", label: "admin.field.alt", maxLength: 200 }], "alt"),
  ],
  empty: () => ({ countryCode: "CO", url: "/", imagePath: "", translations: emptyTranslations(["alt"]), sortOrder: 0 }),
};

const partners: ResourceDecl = {
  name: "partners",
  defaultSort: "sortOrder",
  columns: [
    { key: "id", label: "admin.field.id", sort: "id" },
    { key: "name", label: "admin.field.name", sort: "name" },
    { key: "url", label: "admin.field.url" },
    { key: "sortOrder", label: "admin.field.sort_order", sort: "sortOrder" },
  ],
  rowLabel: (row) => text(row, "name"),
  schema: adminPartnerSchema,
  fields: [
    { kind: "text", name: "name", label: "admin.field.name", maxLength: 120 },
    { kind: "optional-text", name: "url", label: "admin.field.url", type: "url", maxLength: 300 },
    { kind: "number", name: "sortOrder", label: "admin.field.sort_order", min: 0 },
    { kind: "image", name: "imagePath", label: "admin.field.image", wide: true },
  ],
  empty: () => ({ name: "", imagePath: "", url: null, sortOrder: 0 }),
};

const posts: ResourceDecl = {
  name: "community-posts",
  defaultSort: "id",
  columns: [
    { key: "id", label: "admin.field.id", sort: "id" },
    { key: "user", label: "admin.field.user", sort: "user" },
    { key: "countryCode", label: "admin.field.country", sort: "countryCode" },
    { key: "message", label: "admin.field.message" },
  ],
  rowLabel: (row) => text(row, "user"),
  schema: adminPostSchema,
  fields: [
    { kind: "country", name: "countryCode", label: "admin.field.country" },
    { kind: "text", name: "user", label: "admin.field.user", maxLength: 120 },
    { kind: "textarea", name: "message", label: "admin.field.message", maxLength: 2000, wide: true },
    { kind: "tags", name: "tags", label: "admin.field.tags", hint: "admin.form.tags_hint" },
    { kind: "image", name: "imagePath", label: "admin.field.image", wide: true },
  ],
  empty: () => ({ countryCode: "CO", message: "", user: "", imagePath: "", tags: [] }),
};

const paymentMethods: ResourceDecl = {
  name: "payment-methods",
  defaultSort: "countryCode",
  columns: [
    { key: "id", label: "admin.field.id", sort: "id" },
    { key: "countryCode", label: "admin.field.country", sort: "countryCode" },
    { key: "code", label: "admin.field.payment_code", sort: "code", cell: (row, { texts }) => texts[`admin.payment_code.${row.code}` as AdminKey] ?? text(row, "code") },
    { key: "sortOrder", label: "admin.field.sort_order", sort: "sortOrder" },
    { key: "enabled", label: "admin.field.enabled", cell: (row, context) => yesNo(row.enabled, context) },
  ],
  rowLabel: (row) => `${text(row, "countryCode")} · ${text(row, "code")}`,
  schema: adminPaymentMethodSchema,
  fields: [
    { kind: "country", name: "countryCode", label: "admin.field.country" },
    { kind: "select", name: "code", label: "admin.field.payment_code", options: PAYMENT_CODES, optionLabel: (value) => `admin.payment_code.${value}` as AdminKey },
    { kind: "number", name: "sortOrder", label: "admin.field.sort_order", min: 0 },
    { kind: "checkbox", name: "enabled", label: "admin.field.enabled" },
  ],
  empty: () => ({ countryCode: "CO", code: PAYMENT_CODE.transferencia, sortOrder: 0, enabled: true }),
};

const provinces: ResourceDecl = {
  name: "provinces",
  defaultSort: "name",
  columns: [
    { key: "id", label: "admin.field.id", sort: "id" },
    { key: "name", label: "admin.field.name", sort: "name" },
    { key: "countryCode", label: "admin.field.country", sort: "countryCode" },
    { key: "counties", label: "admin.field.counties" },
  ],
  rowLabel: (row) => text(row, "name"),
  schema: adminProvinceSchema,
  fields: [
    { kind: "country", name: "countryCode", label: "admin.field.country" },
    { kind: "text", name: "name", label: "admin.field.name", maxLength: 120 },
  ],
  empty: () => ({ countryCode: "CO", name: "" }),
};

const counties: ResourceDecl = {
  name: "counties",
  defaultSort: "name",
  columns: [
    { key: "id", label: "admin.field.id", sort: "id" },
    { key: "name", label: "admin.field.name", sort: "name" },
    { key: "provinceName", label: "admin.field.province", sort: "province", cell: provinceOf },
    { key: "lat", label: "admin.field.lat", cell: (row) => (row.lat === null ? "—" : `${text(row, "lat")}, ${text(row, "lon")}`) },
  ],
  rowLabel: (row) => text(row, "name"),
  schema: adminCountySchema,
  fields: [
    { kind: "ref", name: "provinceId", label: "admin.field.province", resource: "provinces", optionLabel: nameAndCountry },
    { kind: "text", name: "name", label: "admin.field.name", maxLength: 120 },
    { kind: "optional-number", name: "lat", label: "admin.field.lat", step: 0.0001, min: -90 },
    { kind: "optional-number", name: "lon", label: "admin.field.lon", step: 0.0001, min: -180 },
  ],
  empty: () => ({ provinceId: null, name: "", lat: null, lon: null }),
};

const vehicles: ResourceDecl = {
  name: "vehicles",
  defaultSort: "plate",
  columns: [
    { key: "id", label: "admin.field.id", sort: "id" },
    { key: "plate", label: "admin.field.plate", sort: "plate" },
    { key: "label", label: "admin.field.label", sort: "label" },
    { key: "seats", label: "admin.field.seats", sort: "seats" },
    { key: "kind", label: "admin.field.kind", cell: (row, { texts }) => texts[`admin.kind.${text(row, "kind")}` as AdminKey] ?? text(row, "kind") },
    { key: "provinceName", label: "admin.field.province", sort: "province", cell: provinceOf },
    { key: "active", label: "admin.field.active", cell: (row, context) => yesNo(row.active, context) },
  ],
  rowLabel: (row) => text(row, "plate"),
  schema: adminVehicleSchema,
  fields: [
    { kind: "text", name: "plate", label: "admin.field.plate", maxLength: 16 },
    { kind: "text", name: "label", label: "admin.field.label", maxLength: 120 },
    { kind: "number", name: "seats", label: "admin.field.seats", min: 1 },
    { kind: "select", name: "kind", label: "admin.field.kind", options: VEHICLE_KINDS, optionLabel: (kind) => `admin.kind.${kind}` as AdminKey },
    { kind: "ref", name: "provinceId", label: "admin.field.province", resource: "provinces", optionLabel: nameAndCountry },
    { kind: "checkbox", name: "active", label: "admin.field.active" },
    { kind: "checklist", name: "carries", label: "admin.field.carries", hint: "admin.field.carries_hint", options: NEEDS, optionLabel: (need) => `admin.need.${need}` as AdminKey },
  ],
  empty: () => ({ plate: "", label: "", seats: 15, kind: "van", active: true, provinceId: null, carries: [] }),
};

const places: ResourceDecl = {
  name: "places",
  defaultSort: "name",
  columns: [
    { key: "id", label: "admin.field.id", sort: "id" },
    { key: "name", label: "admin.field.name", sort: "name" },
    { key: "countryCode", label: "admin.field.country", sort: "countryCode" },
    { key: "address", label: "admin.field.address" },
  ],
  rowLabel: (row) => text(row, "name"),
  schema: adminPlaceSchema,
  fields: [
    { kind: "country", name: "countryCode", label: "admin.field.country" },
    { kind: "text", name: "name", label: "admin.field.name", maxLength: 200 },
    { kind: "text", name: "address", label: "admin.field.address", maxLength: 300 },
    { kind: "ref", name: "countyId", label: "admin.field.county", resource: "counties", optional: true, optionLabel: countyLabel },
    { kind: "image", name: "imagePath", label: "admin.field.image", optional: true, wide: true },
    { kind: "translations", name: "translations", label: "admin.form.translations", textKey: "name", fields: [{ kind: "text", name: "name", label: "admin.field.name", maxLength: 200 }], wide: true },
  ],
  empty: () => ({ countryCode: "CO", name: "", address: "", countyId: null, imagePath: null, translations: emptyTranslations(["name"]) }),
};

export const RESOURCES: Record<string, ResourceDecl> = Object.fromEntries(
  [events, categories, variants, discounts, slides, partners, posts, paymentMethods, provinces, counties, places, vehicles].map((decl) => [decl.name, decl]),
);

export { COUNTRIES };
