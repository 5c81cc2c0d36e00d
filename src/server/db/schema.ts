/**
 * The whole domain model, designed once so later features add rows, not tables.
 * Money is integer minor units of the country's currency; timestamps are UTC (`timestamptz`).
 */
import { sql } from "drizzle-orm";
import { VEHICLE_KINDS } from "../../shared/domain/fleet";
import { ARRIVING_SOURCES, BOARDED, BOARDED_BY, DRIVER_MARKS, DRIVER_ACTIONS, REPLAN_REASONS, type OverrideRule } from "../../shared/domain/dispatch";
import type { Need } from "../../shared/domain/needs";
import { AUDIT_ACTIONS, STAFF_ACTIONS } from "../../shared/domain/audit-actions";
import { PAYMENT_TYPE, type EventType, type PaymentType, type PeriodicityType } from "../../shared/domain/event-kinds";
import { PAYMENT_CODES } from "../../shared/domain/payment-codes";
import { DISCOUNT_KINDS } from "../../shared/domain/discount-kinds";
import { REFUND_REASONS, REFUND_STATES } from "../../shared/domain/refunds";
import { INVOICE_KINDS } from "../../shared/domain/invoices";
import { DOCUMENT_TYPE_CODES } from "../../shared/domain/countries";
import { ACTIVE_WAITING_STATES, WAITING_STATE, WAITING_STATES } from "../../shared/domain/waiting-list";
import { QUOTE_STATES, PRIVATE_EVENT_PAYERS, PRIVATE_EVENT_PAYMENT_KINDS } from "../../shared/domain/private-events";
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { LEGS } from "../../shared/domain/legs";
import type { DaySummary } from "../../shared/schemas/answers/day-report";
import { ORDER_ACTORS, ORDER_STATES } from "../../shared/domain/order-states";
import { PAYMENT_STATES } from "../../shared/domain/payment-states";
import { PRIVATE_EVENT_STATE, STORED_PRIVATE_EVENT_STATES } from "../../shared/domain/private-event-states";
import { ROLE, ROLES } from "../../shared/domain/roles";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/* ---------- Geography ---------- */

export const countries = pgTable("countries", {
  code: varchar("code", { length: 2 }).primaryKey(),
  name: text("name").notNull(),
  currency: varchar("currency", { length: 3 }).notNull(),
  /** Minor units per major unit: COP and CLP have none in practice, EUR has 2. */
  currencyDecimals: integer("currency_decimals").notNull().default(0),
  defaultLocale: varchar("default_locale", { length: 5 }).notNull(),
  phonePrefix: varchar("phone_prefix", { length: 4 }).notNull(),
  /** National id label shown on the profile: RUT, RUN, Passport, DNI, Cédula ... */
  rutLabel: text("rut_label").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const locales = pgTable("locales", {
  code: varchar("code", { length: 5 }).primaryKey(),
  name: text("name").notNull(),
});

export const countryLocales = pgTable(
  "country_locales",
  {
    countryCode: varchar("country_code", { length: 2 }).notNull().references(() => countries.code),
    localeCode: varchar("locale_code", { length: 5 }).notNull().references(() => locales.code),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.localeCode] })],
);

export const channels = pgTable("channels", {
  host: text("host").primaryKey(),
  countryCode: varchar("country_code", { length: 2 }).notNull().references(() => countries.code),
  defaultLocale: varchar("default_locale", { length: 5 }).notNull().references(() => locales.code),
});

export const provinces = pgTable(
  "provinces",
  {
    id: serial("id").primaryKey(),
    countryCode: varchar("country_code", { length: 2 }).notNull().references(() => countries.code),
    name: text("name").notNull(),
  },
  (t) => [index("provinces_country_idx").on(t.countryCode)],
);

export const counties = pgTable(
  "counties",
  {
    id: serial("id").primaryKey(),
    provinceId: integer("province_id").notNull().references(() => provinces.id),
    name: text("name").notNull(),
    /** The county's centroid (WGS 84): where a pick-up is placed when its address cannot be geocoded. */
    lat: doublePrecision("lat"),
    lon: doublePrecision("lon"),
  },
  (t) => [index("counties_province_idx").on(t.provinceId)],
);

/* ---------- Catalogue ---------- */

export const places = pgTable("places", {
  id: serial("id").primaryKey(),
  countryCode: varchar("country_code", { length: 2 }).notNull().references(() => countries.code),
  name: text("name").notNull(),
  address: text("address").notNull(),
  countyId: integer("county_id").references(() => counties.id),
  imagePath: text("image_path"),
  /** `{ [locale]: { name } }` for venues whose name is translated. */
  translations: jsonb("translations").$type<Record<string, { name?: string }>>().notNull().default({}),
});

export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    /** 1 mass, 2 private (link-only), 3 alliance. */
    type: integer("type").$type<EventType>().notNull(),
    /** 1 fixed single date, 2 any date within [startDate, endDate], 3 a choice among calendar dates. */
    periodicityType: integer("periodicity_type").$type<PeriodicityType>().notNull(),
    /** 1 paid by the traveller, 2 funded by the organiser (`prepagado`). */
    paymentType: integer("payment_type").$type<PaymentType>().notNull().default(PAYMENT_TYPE.traveller),
    countryCode: varchar("country_code", { length: 2 }).notNull().references(() => countries.code),
    placeId: integer("place_id").notNull().references(() => places.id),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    endDate: timestamp("end_date", { withTimezone: true }).notNull(),
    /** `{ [locale]: { name, description, imagePath (banner), cardImagePath (list cards; banner when absent) } }`. */
    translations: jsonb("translations")
      .$type<Record<string, { name: string; description?: string; imagePath?: string; cardImagePath?: string }>>()
      .notNull(),
    recommended: boolean("recommended").notNull().default(false),
    published: boolean("published").notNull().default(true),
    cancelled: boolean("cancelled").notNull().default(false),
    /** Private events: only signed-in invited guests (or the owner) may book. */
    requiresLogin: boolean("requires_login").notNull().default(false),
    ownerId: integer("owner_id"),
    /**
     * Cancellation policy: a customer cancels with a full refund until this many hours before departure (null:
     * customers cannot cancel themselves); after that, nothing (`cancelLateKeepPercent` null) or a refund less
     * this percentage kept.
     */
    cancelFreeHours: integer("cancel_free_hours").default(48),
    cancelLateKeepPercent: integer("cancel_late_keep_percent"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("events_slug_idx").on(t.slug), index("events_country_type_idx").on(t.countryCode, t.type)],
);

/** A calendar entry: the `eventDateId` a purchase names. Stock is counted per variant and event date. */
export const eventDates = pgTable(
  "event_dates",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id").notNull().references(() => events.id, { onDelete: "cascade" }),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    /** When this date's show ends (the return leg leaves after it); null: the event's own length from the start. */
    endDate: timestamp("end_date", { withTimezone: true }),
  },
  (t) => [index("event_dates_event_idx").on(t.eventId)],
);

export const additionalStops = pgTable("additional_stops", {
  id: serial("id").primaryKey(),
  eventId: integer("event_id").notNull().references(() => events.id, { onDelete: "cascade" }),
  address: text("address").notNull(),
  countyId: integer("county_id").references(() => counties.id),
  time: time("time").notNull(),
});

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  eventId: integer("event_id").notNull().references(() => events.id, { onDelete: "cascade" }),
  priority: integer("priority").notNull(),
  /** `{ [locale]: { name, description, imagePath } }`. */
  translations: jsonb("translations")
    .$type<Record<string, { name: string; description?: string; imagePath?: string }>>()
    .notNull(),
});

/** A subcategory (product variant): one ticket kind, per province, with its price and stock. */
export const productVariants = pgTable(
  "product_variants",
  {
    id: serial("id").primaryKey(),
    categoryId: integer("category_id").notNull().references(() => categories.id, { onDelete: "cascade" }),
    provinceId: integer("province_id").notNull().references(() => provinces.id),
    /** Minor units. */
    price: integer("price").notNull(),
    /** Passengers per ticket. */
    capacity: integer("capacity").notNull(),
    /** Pick-up address lines per ticket. */
    stops: integer("stops").notNull(),
    /** Tickets on sale per event date. */
    stock: integer("stock").notNull(),
    /** Fixed pick-up points: when present the buyer picks one instead of typing an address. */
    approaches: jsonb("approaches").$type<{ address: string; countyId: number }[]>().notNull().default([]),
    translations: jsonb("translations")
      .$type<Record<string, { name: string; description?: string; imagePath?: string }>>()
      .notNull(),
  },
  (t) => [index("product_variants_category_idx").on(t.categoryId)],
);

export const discounts = pgTable(
  "discounts",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    eventId: integer("event_id").notNull().references(() => events.id, { onDelete: "cascade" }),
    /** Fraction off, e.g. 0.15; the percentage shown is variation x 100. */
    variation: text("variation").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    usageLimit: integer("usage_limit"),
    timesUsed: integer("times_used").notNull().default(0),
    /** percentage (`variation`) or fixed (`amount` off each ticket, minor units). */
    kind: text("kind", { enum: DISCOUNT_KINDS }).notNull().default("percentage"),
    amount: integer("amount"),
    /** Orders one customer may place with the code (null: no limit). */
    perCustomerLimit: integer("per_customer_limit"),
    /** The subcategories it applies to; empty: every subcategory of the event. */
    variantIds: jsonb("variant_ids").$type<number[]>().notNull().default([]),
  },
  (t) => [uniqueIndex("discounts_code_event_idx").on(t.code, t.eventId)],
);

export const discountPrices = pgTable(
  "discount_prices",
  {
    discountId: integer("discount_id").notNull().references(() => discounts.id, { onDelete: "cascade" }),
    productVariantId: integer("product_variant_id").notNull().references(() => productVariants.id, { onDelete: "cascade" }),
    discountPrice: integer("discount_price").notNull(),
  },
  (t) => [primaryKey({ columns: [t.discountId, t.productVariantId] })],
);

export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: serial("id").primaryKey(),
    countryCode: varchar("country_code", { length: 2 }).notNull().references(() => countries.code),
    /** webpay | mercadopago | transferencia | prepagado */
    code: text("code").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
  },
  (t) => [uniqueIndex("payment_methods_country_code_idx").on(t.countryCode, t.code)],
);

/* ---------- People ---------- */

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phoneNumber: text("phone_number").notNull(),
    rut: text("rut"),
    /** The kind of document `rut` holds, as the buyer said (DOCUMENT_TYPE_CODES); null: not said. */
    documentType: text("document_type", { enum: DOCUMENT_TYPE_CODES }),
    gender: text("gender"),
    birthday: date("birthday"),
    countryCode: varchar("country_code", { length: 2 }).notNull().references(() => countries.code),
    localeCode: varchar("locale_code", { length: 5 }).notNull().references(() => locales.code),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** The mail server refused the address for good (a permanent 5xx): shown at log-in until an email change. */
    emailUndeliverableAt: timestamp("email_undeliverable_at", { withTimezone: true }),
    /** The server's reply to that refusal, for staff and the log. */
    emailUndeliverableReason: text("email_undeliverable_reason"),
    /** customer | staff | admin */
    role: text("role", { enum: ROLES }).notNull().default(ROLE.customer),
    /** Carried in every session token; raised by log-out, a new password or a new email, which ends older sessions. */
    tokenVersion: integer("token_version").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_idx").on(sql`lower(${t.email})`)],
);

/** One-time tokens for verification, password reset and email change: only the SHA-256 of the token is stored. */
export const userTokens = pgTable(
  "user_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** verify | reset | email */
    purpose: text("purpose").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** For an email change: the address the link was mailed to, which becomes the account's once it is opened. */
    newEmail: text("new_email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_tokens_hash_idx").on(t.tokenHash)],
);

export const frequentFriends = pgTable(
  "frequent_friends",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    fullname: text("fullname").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("frequent_friends_user_idx").on(t.userId)],
);

export const frequentAddresses = pgTable(
  "frequent_addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    countyId: integer("county_id").notNull().references(() => counties.id),
    myAddress: boolean("my_address").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("frequent_addresses_user_idx").on(t.userId)],
);

/* ---------- Orders ---------- */

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id),
    eventId: integer("event_id").notNull().references(() => events.id),
    eventDateId: integer("event_date_id").references(() => eventDates.id),
    /** The day chosen for periodicityType 2 events (any date in the range). */
    travelDate: date("travel_date"),
    provinceId: integer("province_id").notNull().references(() => provinces.id),
    paymentCode: text("payment_code", { enum: PAYMENT_CODES }).notNull(),
    state: text("state", { enum: ORDER_STATES }).notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    subtotal: integer("subtotal").notNull(),
    total: integer("total").notNull(),
    discountId: integer("discount_id").references(() => discounts.id),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /**
     * A partial refund moves the refunded tickets to a cancelled order of their own, split from the paid one:
     * every reader of seats, manifests and check-ins already leaves cancelled orders out.
     */
    splitFromId: integer("split_from_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId),
    index("orders_event_idx").on(t.eventId, t.eventDateId),
    // The hold sweeper reads only live holds (ending an order clears its hold_expires_at).
    index("orders_hold_idx").on(t.holdExpiresAt).where(sql`${t.holdExpiresAt} is not null`),
  ],
);

export const tickets = pgTable(
  "tickets",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    productVariantId: integer("product_variant_id").notNull().references(() => productVariants.id),
    price: integer("price").notNull(),
    discountPrice: integer("discount_price"),
    placeId: integer("place_id").references(() => places.id),
  },
  (t) => [index("tickets_order_idx").on(t.orderId), index("tickets_variant_idx").on(t.productVariantId)],
);

export const passengers = pgTable("passengers", {
  id: serial("id").primaryKey(),
  ticketId: integer("ticket_id").notNull().references(() => tickets.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  passengerAddress: text("passenger_address").notNull(),
  /** What the passenger needs on board (CHECK: a list of NEEDS). */
  needs: jsonb("needs").$type<Need[]>().notNull().default([]),
});

export const addressLines = pgTable("address_lines", {
  id: serial("id").primaryKey(),
  ticketId: integer("ticket_id").notNull().references(() => tickets.id, { onDelete: "cascade" }),
  address: text("address").notNull(),
  countyId: integer("county_id").notNull().references(() => counties.id),
});

export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    /** Webpay token, MercadoPago preference or payment id. */
    providerReference: text("provider_reference"),
    state: text("state", { enum: PAYMENT_STATES }).notNull(),
    amount: integer("amount").notNull(),
    rawAnswers: jsonb("raw_answers").$type<unknown[]>().notNull().default([]),
    idempotencyKey: text("idempotency_key"),
    /** Who paid when it was not the order's account holder (a friend through their share's link; migration 0095). */
    payerName: text("payer_name"),
    payerEmail: text("payer_email"),
    payerLocale: text("payer_locale"),
    createdAt: createdAt(),
  },
  // Only rows a provider's confirmation gave a key are indexed (migration 0041): a new attempt writes no entry.
  (t) => [uniqueIndex("payments_idempotency_idx").on(t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`), index("payments_order_idx").on(t.orderId)],
);

/**
 * Seats taken of a subcategory on an event date: the tickets of paid and awaiting orders, kept by triggers on
 * `tickets` and `orders` (migration 0005) in the transaction that changes them, for every writer alike. The
 * trigger refuses (SQLSTATE RD001 `stock_exhausted`) a change that raises `taken` past the variant's stock, so
 * a purchase takes its seats with one conditional write on this row instead of locking and recounting.
 */
export const seatCounts = pgTable(
  "seat_counts",
  {
    productVariantId: integer("product_variant_id").notNull().references(() => productVariants.id, { onDelete: "cascade" }),
    eventDateId: integer("event_date_id").notNull().references(() => eventDates.id, { onDelete: "cascade" }),
    taken: integer("taken").notNull().default(0),
    /** This date's own stock of the subcategory (tickets); null: the subcategory's `stock`. */
    stock: integer("stock"),
  },
  (t) => [primaryKey({ columns: [t.productVariantId, t.eventDateId] })],
);

/**
 * The seats one event date drives in one province (its vans), shared by the subcategories that draw on it, as
 * pretix's quotas: what is sold of them together never passes `seats`. `taken` counts seats (tickets x passengers
 * per ticket), kept by the database with the seat counts (migration 0014).
 */
export const seatPools = pgTable(
  "seat_pools",
  {
    id: serial("id").primaryKey(),
    eventDateId: integer("event_date_id").notNull().references(() => eventDates.id, { onDelete: "cascade" }),
    provinceId: integer("province_id").notNull().references(() => provinces.id),
    name: text("name").notNull(),
    seats: integer("seats").notNull(),
    taken: integer("taken").notNull().default(0),
  },
  (t) => [index("seat_pools_event_date_idx").on(t.eventDateId), uniqueIndex("seat_pools_id_date_idx").on(t.id, t.eventDateId)],
);

/** A subcategory drawing on a pool on the pool's date; at most one pool per subcategory and date (the key). */
export const seatPoolVariants = pgTable(
  "seat_pool_variants",
  {
    poolId: integer("pool_id").notNull(),
    productVariantId: integer("product_variant_id").notNull().references(() => productVariants.id, { onDelete: "cascade" }),
    eventDateId: integer("event_date_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.productVariantId, t.eventDateId] }), index("seat_pool_variants_pool_idx").on(t.poolId)],
);

/**
 * One passenger boarding one leg: the one boarding record, written by the door's scan or the driver's phone
 * (services/boarding), the first that let them on standing; an order's code writes one per passenger.
 */
export const boardings = pgTable(
  "boardings",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").notNull().references(() => orders.id),
    ticketId: integer("ticket_id").references(() => tickets.id),
    passengerId: integer("passenger_id")
      .notNull()
      .references(() => passengers.id, { onDelete: "cascade" }),
    leg: text("leg", { enum: LEGS }).notNull(),
    staffId: integer("staff_id").references(() => users.id),
    /** The scan's nonce: one scan of an order's code writes the same nonce on each passenger's row. */
    nonce: text("nonce").notNull(),
    /** Who saw the passenger board: the door's scanner or the driver's phone (a tick or a scan). */
    boardedBy: text("boarded_by", { enum: BOARDED_BY }).notNull().default(BOARDED.door),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("boardings_passenger_leg_idx").on(t.passengerId, t.leg), index("boardings_order_idx").on(t.orderId), index("boardings_nonce_idx").on(t.nonce)],
);

/**
 * A second boarding of a passenger and leg that another door recorded while offline: kept beside the check-in
 * that stands (the earlier scan wins), never merged into it, so staff see that a ticket rode twice.
 */
export const boardingConflicts = pgTable(
  "boarding_conflicts",
  {
    id: serial("id").primaryKey(),
    boardingId: integer("boarding_id")
      .notNull()
      .references(() => boardings.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    passengerId: integer("passenger_id")
      .notNull()
      .references(() => passengers.id, { onDelete: "cascade" }),
    leg: text("leg", { enum: LEGS }).notNull(),
    staffId: integer("staff_id").references(() => users.id, { onDelete: "set null" }),
    nonce: text("nonce").notNull(),
    scannedAt: timestamp("scanned_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("boarding_conflicts_scan_idx").on(t.nonce, t.passengerId, t.leg), index("boarding_conflicts_order_idx").on(t.orderId)],
);

/* ---------- Private events ---------- */

export const privateEvents = pgTable(
  "private_events",
  {
    id: serial("id").primaryKey(),
    ownerId: integer("owner_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    endDate: timestamp("end_date", { withTimezone: true }).notNull(),
    location: text("location").notNull(),
    address: text("address").notNull(),
    countyId: integer("county_id").notNull().references(() => counties.id),
    additionalStops: jsonb("additional_stops").$type<{ address: string; countyId: number; time: string }[]>().notNull().default([]),
    imagePath: text("image_path"),
    /** The card-sized copy of the picture (600x400), beside the banner in imagePath. */
    cardImagePath: text("card_image_path"),
    invitation: text("invitation").notNull(),
    state: text("state", { enum: STORED_PRIVATE_EVENT_STATES }).notNull().default(PRIVATE_EVENT_STATE.saved),
    /** Why staff rejected it: the owner reads it. */
    rejectionReason: text("rejection_reason"),
    /** Seats no guest claimed this many hours before the start are released. */
    claimHours: integer("claim_hours").notNull().default(48),
    eventId: integer("event_id").references(() => events.id),
    /** Guests the organiser expects to ride (the quote's seats unless staff say otherwise). */
    guestsExpected: integer("guests_expected"),
    /** Provinces guests may be picked up in (the venue's province is always one). */
    pickupProvinceIds: jsonb("pickup_province_ids").$type<number[]>().notNull().default([]),
    payer: text("payer", { enum: PRIVATE_EVENT_PAYERS }).notNull().default("organiser"),
    /** Staff's quote at approval: prices in minor units of `currency`. */
    quote: jsonb("quote").$type<StoredQuote>(),
    quoteState: text("quote_state", { enum: QUOTE_STATES }),
    /** Seats the event carries: the quoted seats plus any the organiser bought since. */
    quotedSeats: integer("quoted_seats"),
    createdAt: createdAt(),
  },
  (t) => [index("private_events_owner_idx").on(t.ownerId), index("private_events_event_idx").on(t.eventId)],
);

export interface StoredQuote {
  currency: string;
  perSeat: number | null;
  total: number;
  seats: number;
  validUntil: string;
  provinces: { provinceId: number; perSeat: number }[];
}

/** Orders the organiser of a request pays (the quote, or more seats at the quoted price): applied once when paid. */
export const privateEventPayments = pgTable(
  "private_event_payments",
  {
    orderId: integer("order_id").primaryKey().references(() => orders.id, { onDelete: "cascade" }),
    privateEventId: integer("private_event_id").notNull().references(() => privateEvents.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PRIVATE_EVENT_PAYMENT_KINDS }).notNull(),
    seats: integer("seats").notNull(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
  },
  (t) => [index("private_event_payments_private_event_idx").on(t.privateEventId)],
);

/** A passenger's share of a shared purchase: their own order (one ticket), paid through a personal link. */
export const paymentShares = pgTable(
  "payment_shares",
  {
    id: serial("id").primaryKey(),
    buyerOrderId: integer("buyer_order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    orderId: integer("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    /** SHA-256 of the personal link's token. */
    tokenHash: text("token_hash").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    deadline: timestamp("deadline", { withTimezone: true }).notNull(),
    /** When the deadline job released it unpaid (the buyer was told once). */
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_shares_order_idx").on(t.orderId),
    uniqueIndex("payment_shares_token_idx").on(t.tokenHash),
    index("payment_shares_buyer_idx").on(t.buyerOrderId),
  ],
);

export const guests = pgTable(
  "guests",
  {
    id: serial("id").primaryKey(),
    privateEventId: integer("private_event_id").notNull().references(() => privateEvents.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    /** Seats the invitation gives (1 unless the sheet has a seats column). */
    seats: integer("seats").notNull().default(1),
    /** SHA-256 of the personal claim link's token. */
    claimTokenHash: text("claim_token_hash"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
  },
  (t) => [index("guests_private_event_idx").on(t.privateEventId), index("guests_email_idx").on(sql`lower(${t.email})`)],
);

/* ---------- Content and leads ---------- */

export const landingSlides = pgTable("landing_slides", {
  id: serial("id").primaryKey(),
  countryCode: varchar("country_code", { length: 2 }).notNull().references(() => countries.code),
  url: text("url").notNull(),
  imagePath: text("image_path").notNull(),
  /** Alt text per locale. */
  translations: jsonb("translations").$type<Record<string, { alt: string }>>().notNull().default({}),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const communityPosts = pgTable("community_posts", {
  id: serial("id").primaryKey(),
  countryCode: varchar("country_code", { length: 2 }).notNull().references(() => countries.code),
  message: text("message").notNull(),
  user: text("user_name").notNull(),
  imagePath: text("image_path").notNull(),
  tags: jsonb("tags").$type<string[]>().notNull().default([]),
});

export const partners = pgTable("partners", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  imagePath: text("image_path").notNull(),
  url: text("url"),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  countryCode: varchar("country_code", { length: 2 }).notNull().references(() => countries.code),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

export const marriageRequests = pgTable("marriage_requests", {
  id: serial("id").primaryKey(),
  countryCode: varchar("country_code", { length: 2 }).notNull().references(() => countries.code),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  date: date("date").notNull(),
  place: text("place").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

/**
 * Company requests: a company asking the shop for a price, from the about-us page form (name, email, phone, date,
 * place, message); posted to /api/quote, the contract's older name. A quote is only a private event's.
 */
export const companyRequests = pgTable("company_requests", {
  id: serial("id").primaryKey(),
  countryCode: varchar("country_code", { length: 2 }).notNull().references(() => countries.code),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  date: date("date").notNull(),
  place: text("place").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

/* ---------- Side effects ---------- */

/**
 * The transactional outbox: a mail, a refund or any other side effect is written
 * here in the same transaction as the change that causes it, and src/server/outbox delivers it afterwards,
 * retrying with backoff. `done_at` set: delivered; `attempts` counts claims, `last_error` keeps the latest failure.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<unknown>().notNull(),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    /** The request that caused the job (X-Request-Id, in the request log too); null for the shop's own jobs. */
    requestId: text("request_id"),
    /** The local part of this row's mail's Message-ID: random per row, the same on every retry of it. */
    /** Done without sending, on purpose (MAIL_SKIP_REASONS): why. */
    skippedReason: text("skipped_reason"),
    mailKey: text("mail_key").notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdAt: createdAt(),
  },
  // The worker's claim reads only what is still to do, oldest due first.
  (t) => [index("outbox_due_idx").on(t.runAt).where(sql`${t.doneAt} is null`)],
);

/**
 * Requests sent with an Idempotency-Key (a purchase, a share's payment), by what they did (`scope`), whose they are
 * (`owner`: the buyer's id or the share's link) and the key: the first send claims the row, a repeat with the same
 * body (`body_hash`) within a day is given its `answer`; null while the first send still runs.
 */
export const idempotentRequests = pgTable(
  "idempotent_requests",
  {
    scope: text("scope").notNull(),
    owner: text("owner").notNull(),
    key: text("key").notNull(),
    bodyHash: text("body_hash").notNull(),
    answer: jsonb("answer").$type<unknown>(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: "idempotent_requests_pk", columns: [t.scope, t.owner, t.key] }), index("idempotent_requests_created_idx").on(t.createdAt)],
);

/* ---------- Event-day operations ---------- */

/**
 * What a staff member did to an order (confirm or reject a bank transfer), once per order and action: the
 * unique index makes a repeated click a no-op, and the row says who did it and why.
 */
export const staffActions = pgTable(
  "staff_actions",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    staffId: integer("staff_id").notNull().references(() => users.id),
    /** transfer_confirm | transfer_reject, the audit log's words for the same decisions. */
    action: text("action", { enum: STAFF_ACTIONS }).notNull(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("staff_actions_order_action_idx").on(t.orderId, t.action)],
);

/** "Your van arrives in about N minutes": one row per passenger and leg, so nobody is told twice. */
export const vehicleNotices = pgTable(
  "vehicle_notices",
  {
    id: serial("id").primaryKey(),
    passengerId: integer("passenger_id").notNull().references(() => passengers.id, { onDelete: "cascade" }),
    /** outbound | return */
    leg: text("leg", { enum: LEGS }).notNull(),
    staffId: integer("staff_id").references(() => users.id),
    /** The E.164 number told, or null when the passenger's phone could not be read. */
    phone: text("phone"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("vehicle_notices_passenger_leg_idx").on(t.passengerId, t.leg)],
);

/* ---------- Back office ---------- */

/**
 * Every change made through the back office (/shop-api/admin/*): who, when, which row of which resource, and the
 * row as the admin API speaks it before and after (null for a create's before and a delete's after). Written in
 * the change's own transaction, so a change without its entry cannot commit. The rows of resource `orders` are
 * an order's history: staff actions, and every change of its state by whoever made it (services/order-life/).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's email at the time: kept readable after the account is gone. */
    userEmail: text("user_email").notNull(),
    resource: text("resource").notNull(),
    resourceId: integer("resource_id").notNull(),
    /** create | update | delete, or a staff action on an order (AUDIT_ACTIONS). */
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    before: jsonb("before").$type<unknown>(),
    after: jsonb("after").$type<unknown>(),
    createdAt: createdAt(),
    /** Who acted: staff (every back-office row), or on an order also its buyer, a gateway or the sweeper (ORDER_ACTORS). */
    actor: text("actor", { enum: ORDER_ACTORS }).notNull().default("staff"),
  },
  // Listed newest first by id, never by time: no index on created_at (migration 0041 dropped it).
  (t) => [index("audit_log_resource_idx").on(t.resource, t.resourceId)],
);

/* ---------- Fleet and dispatch ---------- */

/** The vehicles the shop can send, each based in a province. */
export const vehicles = pgTable(
  "vehicles",
  {
    id: serial("id").primaryKey(),
    plate: text("plate").notNull(),
    label: text("label").notNull(),
    seats: integer("seats").notNull(),
    kind: text("kind", { enum: VEHICLE_KINDS }).notNull(),
    active: boolean("active").notNull().default(true),
    provinceId: integer("province_id").notNull().references(() => provinces.id),
    createdAt: createdAt(),
    /** What the vehicle carries for passengers' needs (CHECK: a list of NEEDS). */
    carries: jsonb("carries").$type<Need[]>().notNull().default([]),
    /**
     * Its home base, where its day starts: exact coordinates (both or neither), else a county's centroid, else its
     * province's counties' centroids. The planner uses the vehicles based near the venue (DISPATCH_FLEET_RADIUS_KM).
     */
    baseCountyId: integer("base_county_id").references(() => counties.id),
    baseLat: doublePrecision("base_lat"),
    baseLon: doublePrecision("base_lon"),
  },
  (t) => [uniqueIndex("vehicles_plate_idx").on(t.plate), index("vehicles_province_idx").on(t.provinceId)],
);

/** Where geocoded addresses fell (null: the geocoder knows no such address), so an address is asked once. */
export const geocodeCache = pgTable("geocode_cache", {
  key: text("key").primaryKey(),
  lat: doublePrecision("lat"),
  lon: doublePrecision("lon"),
  createdAt: createdAt(),
});

/**
 * The dispatch plan of one event date and leg. `version` moves on with every change (the optimistic check of
 * two dispatchers at once); `publishedVersion` is the version passengers were last told.
 */
export const dispatchPlans = pgTable(
  "dispatch_plans",
  {
    id: serial("id").primaryKey(),
    eventDateId: integer("event_date_id").notNull().references(() => eventDates.id, { onDelete: "cascade" }),
    leg: text("leg", { enum: LEGS }).notNull(),
    version: integer("version").notNull().default(1),
    publishedVersion: integer("published_version"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** The planner's notes of the last computation (why the plan is looser than it could be). */
    notes: jsonb("notes").$type<{ code: string; groupIds: string[] }[]>().notNull().default([]),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Minutes every run of the plan was moved by (the show ran late): kept when the plan is timed again. */
    shiftMinutes: integer("shift_minutes").notNull().default(0),
    /** Why the plan must be computed again before it is published again (its date moved, its end changed), or null. */
    replanReason: text("replan_reason", { enum: REPLAN_REASONS }),
    /** The runs as last published (what drivers' phones show while later changes wait to be published), or null. */
    publishedRuns: jsonb("published_runs").$type<PublishedRun[]>(),
  },
  (t) => [uniqueIndex("dispatch_plans_date_leg_idx").on(t.eventDateId, t.leg)],
);

/** A run of a plan as it was published: its vehicle, driver, times and stops with their pick-up groups. */
export interface PublishedRun {
  id: number;
  vehicleId: number | null;
  driverId: number | null;
  locked: boolean;
  capacity: number;
  departsAt: string;
  arrivesAt: string;
  waveMinutes: number;
  overrides: RunOverride[];
  stops: { address: string; countyId: number | null; lat: number; lon: number; approximate: boolean; time: string; groups: { id: string; passengerIds: number[] }[] }[];
}

/** A broken rule kept by the dispatcher: whose ride (or which driver's shift), how long, against which limit. */
export interface RunOverride {
  rule: OverrideRule;
  passengerId?: number;
  driverId?: number;
  minutes: number;
  limitMinutes: number;
  by: string;
  at: string;
}

/** One vehicle's trip of a plan: its stops in driving order. No vehicle: "vehicle needed" with `seatsNeeded`. */
export const dispatchRuns = pgTable(
  "dispatch_runs",
  {
    id: serial("id").primaryKey(),
    planId: integer("plan_id").notNull().references(() => dispatchPlans.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    vehicleId: integer("vehicle_id").references(() => vehicles.id, { onDelete: "set null" }),
    driverId: integer("driver_id").references(() => users.id, { onDelete: "set null" }),
    locked: boolean("locked").notNull().default(false),
    seatsNeeded: integer("seats_needed").notNull(),
    capacity: integer("capacity").notNull(),
    departsAt: timestamp("departs_at", { withTimezone: true }).notNull(),
    arrivesAt: timestamp("arrives_at", { withTimezone: true }).notNull(),
    /** Rules the dispatcher chose to break on this run, as refused before the override (shown on the board). */
    overrides: jsonb("overrides").$type<RunOverride[]>().notNull().default([]),
    /**
     * Minutes the planner moved the run from the leg's usual time for a vehicle's second wave (outbound earlier,
     * return later; 0 for a first wave). Every re-timing keeps them, so a vehicle's waves never fold onto each other.
     */
    waveMinutes: integer("wave_minutes").notNull().default(0),
  },
  (t) => [index("dispatch_runs_plan_idx").on(t.planId), index("dispatch_runs_driver_idx").on(t.driverId)],
);

export const dispatchStops = pgTable(
  "dispatch_stops",
  {
    id: serial("id").primaryKey(),
    runId: integer("run_id").notNull().references(() => dispatchRuns.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    address: text("address").notNull(),
    countyId: integer("county_id").references(() => counties.id, { onDelete: "set null" }),
    lat: doublePrecision("lat").notNull(),
    lon: doublePrecision("lon").notNull(),
    /** The county's centroid stands in for an address the geocoder could not place. */
    approximate: boolean("approximate").notNull(),
    /** Outbound: pick-up time; return: drop-off time. */
    time: timestamp("time", { withTimezone: true }).notNull(),
  },
  (t) => [index("dispatch_stops_run_idx").on(t.runId)],
);

/** Who is picked up (or dropped) at a stop; a passenger is in exactly one stop of a plan (the primary key). */
export const dispatchStopPassengers = pgTable(
  "dispatch_stop_passengers",
  {
    planId: integer("plan_id").notNull().references(() => dispatchPlans.id, { onDelete: "cascade" }),
    stopId: integer("stop_id").notNull().references(() => dispatchStops.id, { onDelete: "cascade" }),
    passengerId: integer("passenger_id").notNull().references(() => passengers.id, { onDelete: "cascade" }),
    /** The pick-up group (one ticket at one address) the passenger rides with. */
    groupId: text("group_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.passengerId] }), index("dispatch_stop_passengers_stop_idx").on(t.stopId)],
);

/**
 * A passenger's published pick-up (outbound) or drop-off (return): what the last published plan says, shown on
 * the order, the manifest and the calendar files, and what the passenger was last told (`told*`), so a later
 * publish tells again only those whose time moved past the threshold or whose vehicle changed.
 */
export const publishedPickups = pgTable(
  "published_pickups",
  {
    passengerId: integer("passenger_id").notNull().references(() => passengers.id, { onDelete: "cascade" }),
    leg: text("leg", { enum: LEGS }).notNull(),
    eventDateId: integer("event_date_id").notNull().references(() => eventDates.id, { onDelete: "cascade" }),
    planVersion: integer("plan_version").notNull(),
    runId: integer("run_id"),
    vehicleId: integer("vehicle_id"),
    time: timestamp("time", { withTimezone: true }).notNull(),
    /** When the run leaves: outbound its first stop, return the venue (what a returning passenger is told). */
    departsAt: timestamp("departs_at", { withTimezone: true }).notNull(),
    address: text("address").notNull(),
    countyId: integer("county_id"),
    toldTime: timestamp("told_time", { withTimezone: true }),
    toldVehicleId: integer("told_vehicle_id"),
    toldAt: timestamp("told_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.passengerId, t.leg] }), index("published_pickups_date_idx").on(t.eventDateId, t.leg)],
);

/** Every action a driver's phone sent, by its nonce: a repeated send (the phone was offline) is done once. */
export const driverActions = pgTable("driver_actions", {
  nonce: text("nonce").primaryKey(),
  driverId: integer("driver_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  runId: integer("run_id").references(() => dispatchRuns.id, { onDelete: "set null" }),
  action: text("action", { enum: DRIVER_ACTIONS }).notNull(),
  passengerId: integer("passenger_id"),
  stopPosition: integer("stop_position"),
  happenedAt: timestamp("happened_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** A passenger the driver marked as not come (a no-show), per leg; a boarding (`boardings`) removes the mark. */
export const runBoardings = pgTable(
  "run_boardings",
  {
    passengerId: integer("passenger_id").notNull().references(() => passengers.id, { onDelete: "cascade" }),
    leg: text("leg", { enum: LEGS }).notNull(),
    state: text("state", { enum: DRIVER_MARKS }).notNull(),
    driverId: integer("driver_id").references(() => users.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
    nonce: text("nonce").notNull(),
    /** When the passenger was texted that the van left without them (once per passenger and leg). */
    noShowToldAt: timestamp("no_show_told_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.passengerId, t.leg] })],

);

/**
 * "Van arriving" told for one stop of one run and leg (the stop's address names it: a re-plan writes the stop rows
 * again but keeps their addresses), by the live day or the driver's button, whichever came first.
 */
export const vehicleArrivals = pgTable(
  "vehicle_arrivals",
  {
    id: serial("id").primaryKey(),
    runId: integer("run_id")
      .notNull()
      .references(() => dispatchRuns.id, { onDelete: "cascade" }),
    leg: text("leg", { enum: LEGS }).notNull(),
    stopKey: text("stop_key").notNull(),
    source: text("source", { enum: ARRIVING_SOURCES }).notNull(),
    /** The minutes the text said. */
    minutes: integer("minutes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("vehicle_arrivals_run_leg_stop_idx").on(t.runId, t.leg, t.stopKey)],
);

/**
 * Where a run's van was, as its driver's phone saw it (`at`: the phone's clock when the fix was taken; sent late
 * from an offline queue, so `received_at` may be much later). One fix per run and instant: a batch sent twice is
 * stored once. The live screens read the latest per run (services/dispatch/positions).
 */
export const vehiclePositions = pgTable(
  "vehicle_positions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    runId: integer("run_id").notNull().references(() => dispatchRuns.id, { onDelete: "cascade" }),
    driverUserId: integer("driver_user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    lat: doublePrecision("lat").notNull(),
    lon: doublePrecision("lon").notNull(),
    /** The fix's accuracy radius in metres, as the phone reported it. */
    accuracyM: doublePrecision("accuracy_m"),
    at: timestamp("at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("vehicle_positions_run_at_idx").on(t.runId, t.at)],
);

/* ---------- Money back ---------- */

/**
 * Money given back for an order: all of it, or the tickets moved to `split_order_id`. A card payment's refund is
 * asked of its gateway by an outbox job (`pending` until it answers); a transfer or a prepaid order is paid back
 * by hand (`awaiting_manual` until staff mark it paid). The idempotency key makes a repeated request one refund.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    splitOrderId: integer("split_order_id").references(() => orders.id, { onDelete: "set null" }),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    method: text("method").notNull(),
    /** Minor units of `currency`. */
    amount: integer("amount").notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    reason: text("reason", { enum: REFUND_REASONS }).notNull(),
    /** Staff's own words, kept for the order's history. */
    note: text("note"),
    state: text("state", { enum: REFUND_STATES }).notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    gatewayAnswer: jsonb("gateway_answer").$type<unknown>(),
    /** Where staff sent a hand-paid refund (bank, account, holder), as the buyer gave it. */
    bankDetails: text("bank_details"),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    paidBy: integer("paid_by").references(() => users.id, { onDelete: "set null" }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("refunds_idempotency_idx").on(t.idempotencyKey), index("refunds_order_idx").on(t.orderId), index("refunds_state_idx").on(t.state)],
);

/* ---------- Mail preferences ---------- */

/**
 * Addresses that asked (one-click List-Unsubscribe) never to get the mails the shop sends to people who did not
 * sign up: private-event invitations. Lower case, so one address is one row.
 */
export const mailOptOuts = pgTable("mail_opt_outs", {
  email: text("email").primaryKey(),
  createdAt: createdAt(),
});

/* ---------- Waiting list ---------- */

/**
 * People waiting for a sold-out subcategory on one date, in the order they joined (by id). An `offered` place
 * holds its seats in the seat count until `offerExpiresAt` (a trigger, migration 0013).
 */
export const waitingList = pgTable(
  "waiting_list",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    eventId: integer("event_id").notNull().references(() => events.id, { onDelete: "cascade" }),
    eventDateId: integer("event_date_id").notNull().references(() => eventDates.id, { onDelete: "cascade" }),
    productVariantId: integer("product_variant_id").notNull().references(() => productVariants.id, { onDelete: "cascade" }),
    seats: integer("seats").notNull(),
    state: text("state", { enum: WAITING_STATES }).notNull().default(WAITING_STATE.waiting),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** The order bought through the offer. */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("waiting_list_active_idx")
      .on(t.userId, t.eventDateId, t.productVariantId)
      .where(sql`${t.state} IN (${sql.raw(ACTIVE_WAITING_STATES.map((state) => `'${state}'`).join(", "))})`),
    index("waiting_list_line_idx").on(t.productVariantId, t.eventDateId, t.id),
    index("waiting_list_event_idx").on(t.eventId),
    // Running offers by their end (the sweep, and a sold-out purchase asking whether any ran out).
    index("waiting_list_offer_idx").on(t.offerExpiresAt).where(sql`${t.state} = ${sql.raw(`'${WAITING_STATE.offered}'`)}`),
  ],
);

/* ---------- Invoices (migration 0035: issued by triggers when an order is paid or refunded) ---------- */

export const invoiceCounters = pgTable("invoice_counters", {
  countryCode: varchar("country_code", { length: 2 }).primaryKey().references(() => countries.code),
  lastInvoice: integer("last_invoice").notNull().default(0),
  lastCreditNote: integer("last_credit_note").notNull().default(0),
});

export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: INVOICE_KINDS }).notNull(),
    countryCode: varchar("country_code", { length: 2 }).notNull().references(() => countries.code),
    number: integer("number").notNull(),
    orderId: integer("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    refundId: integer("refund_id").references(() => refunds.id, { onDelete: "cascade" }),
    invoiceId: integer("invoice_id"),
    currency: varchar("currency", { length: 3 }).notNull(),
    /** Tax-inclusive, minor units. */
    total: integer("total").notNull(),
    /** Fixed from INVOICE_TAX_RATES when first rendered; basis points (1900 = 19 %). */
    tax: integer("tax"),
    taxRate: integer("tax_rate"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("invoices_number_idx").on(t.countryCode, t.kind, t.number)],
);

/* ---------- How the day went ---------- */

/**
 * A passenger's rating of their trip: the row is written when the rating link is sent (after the return's
 * drop-off, once per passenger), and rated once (`score` 1–5 and an optional comment; a second rating is refused
 * by the row already holding one). Run and driver are the return's, as the passenger was invited.
 */
export const rideRatings = pgTable(
  "ride_ratings",
  {
    passengerId: integer("passenger_id")
      .primaryKey()
      .references(() => passengers.id, { onDelete: "cascade" }),
    eventDateId: integer("event_date_id")
      .notNull()
      .references(() => eventDates.id, { onDelete: "cascade" }),
    runId: integer("run_id").references(() => dispatchRuns.id, { onDelete: "set null" }),
    driverId: integer("driver_id").references(() => users.id, { onDelete: "set null" }),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull(),
    score: smallint("score"),
    comment: text("comment"),
    ratedAt: timestamp("rated_at", { withTimezone: true }),
  },
  (t) => [index("ride_ratings_event_date_idx").on(t.eventDateId)],
);

/** An event date whose last drop-off the shop has seen pass: the day's summary went to the operations address once. */
export const dayEnds = pgTable("day_ends", {
  eventDateId: integer("event_date_id")
    .primaryKey()
    .references(() => eventDates.id, { onDelete: "cascade" }),
  endedAt: timestamp("ended_at", { withTimezone: true }).notNull(),
  /** The address the summary was sent to; null: no operations address was set. */
  mailedTo: text("mailed_to"),
  /** The day's summary as computed at its end (and again whenever its report is opened): what the list of days shows. */
  summary: jsonb("summary").$type<DaySummary>(),
});
