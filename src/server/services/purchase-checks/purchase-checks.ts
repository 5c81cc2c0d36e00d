/**
 * Everything a purchase must satisfy before any seat is taken, re-checked on the server from
 * its own rows: the date belongs to a bookable event and is upcoming, the buyer may book a private event, the
 * payment method fits the event, every subcategory belongs to the event and the chosen province, passengers and
 * addresses fit the ticket and counties exist in the province. The discount, the prices (from the variant rows
 * read here) and the stock are the order's own: orders/place-order.ts decides them as it places the order. These
 * checks read the catalogue and the guest lists, so they sit above the orders' base (`services/orders/`), below the
 * purchase and the shares that call them; they call nothing of the orders' base, so a purchase enters it once.
 */
import { settlesCurrency } from "../../payments/currencies";
import { and, eq, sql } from "drizzle-orm";
import { PAYMENT_TYPE } from "../../../shared/domain/event-kinds";
import { WAITING_STATE } from "../../../shared/domain/waiting-list";
import type { Purchase } from "../../../shared/schemas/purchase";
import type { Db } from "../../db/client";
import { runStatement } from "../../db/statements";
import { callerFromRow, type Caller } from "../../auth/caller";
import type { SessionClaims } from "../../auth/session-tokens";
import { categories, counties, countries, eventDates, events, paymentMethods, productVariants, provinces } from "../../db/schema";
import { ShopError, type ShopErrorCode } from "../../../shared/domain/shop-error";
import type { PaymentCode } from "../../payments";
import { canViewPrivateEvent } from "../catalogue/event-detail";
import { checkInvitedSeats, type InvitedGuest } from "../invited-seats/guest-seats";
import { PAYMENT_CODE } from "../../../shared/domain/payment-codes";
import { SITES } from "../../../shared/locales";
import { sitePrefixOf } from "../../../shared/site-prefix";
import type { CheckedOrder } from "../orders/place-order";

/** A purchase checked, as the orders base takes it to price and place (services/orders/place-order.ts). */
export interface PurchaseCheck extends CheckedOrder {
  event: { id: number; placeId: number; countryCode: string; name: Record<string, { name: string }> };
  /**
   * The buyer's guest-list row on a private event published from a request, with the step that recounts their
   * seats under its lock inside the order's transaction.
   */
  guest: InvitedGuest | null;
}

const refuse = (code: ShopErrorCode, field?: string) => new ShopError(code, field ? { [field]: `errors.${code}` } : undefined);

export type BookableDate = Awaited<ReturnType<typeof checkBookable>>;

/**
 * The date, its event and currency, and whether the chosen method is enabled in the event's country: one query,
 * the purchase's only lookup of the date (the checks and the seat count below work from what it found).
 */
/** The purchase's lookups as prepared statements: parsed and planned once per connection, not per purchase. */
function buildLookups(db: Db) {
  return {
    bookableDate: db
      // Only what the checks read: whole rows (the event's texts in every language) cost more to send and map.
      .select({
        date: { startDate: eventDates.startDate },
        event: {
          id: events.id,
          published: events.published,
          cancelled: events.cancelled,
          requiresLogin: events.requiresLogin,
          ownerId: events.ownerId,
          paymentType: events.paymentType,
          placeId: events.placeId,
          countryCode: events.countryCode,
          // The names alone, for the payment's description.
          translations: sql<Record<string, { name: string }>>`(select coalesce(jsonb_object_agg(k, jsonb_build_object('name', v->'name')), '{}'::jsonb) from jsonb_each(${events.translations}) as t(k, v))`,
        },
        currency: countries.currency,
        methodId: paymentMethods.id,
      })
      .from(eventDates)
      .innerJoin(events, eq(events.id, eventDates.eventId))
      .innerJoin(countries, eq(countries.code, events.countryCode))
      .leftJoin(
        paymentMethods,
        and(eq(paymentMethods.countryCode, events.countryCode), eq(paymentMethods.code, sql.placeholder("paymentCode")), eq(paymentMethods.enabled, true)),
      )
      .where(eq(eventDates.id, sql.placeholder("eventDateId")))
      .limit(1)
      .prepare("purchase_bookable_date"),
    variants: db
      .select({
        variant: {
          id: productVariants.id,
          provinceId: productVariants.provinceId,
          price: productVariants.price,
          capacity: productVariants.capacity,
          stops: productVariants.stops,
          approaches: productVariants.approaches,
        },
        eventId: categories.eventId,
        // Which of the municipalities the buyer typed are of the chosen province, in the same round trip.
        knownCounties: sql<number[]>`(select coalesce(array_agg(${counties.id}), '{}') from ${counties} where ${counties.id} = any(${sql.placeholder("countyIds")}::int[]) and ${counties.provinceId} = ${sql.placeholder("provinceId")})`,
      })
      .from(productVariants)
      .innerJoin(categories, eq(categories.id, productVariants.categoryId))
      .where(sql`${productVariants.id} = any(${sql.placeholder("ids")}::int[])`)
      .prepare("purchase_variants"),
  };
}

const prepared = new WeakMap<Db, ReturnType<typeof buildLookups>>();

function preparedLookups(db: Db) {
  let lookups = prepared.get(db);
  if (!lookups) {
    lookups = buildLookups(db);
    prepared.set(db, lookups);
  }
  return lookups;
}

export async function findBookableDate(db: Db, eventDateId: number, paymentCode: PaymentCode, userId: number, now: Date) {
  const [row] = await preparedLookups(db).bookableDate.execute({ eventDateId, paymentCode });
  return checkBookable(db, row, paymentCode, userId, now);
}

/**
 * The caller, the date and the variants of a purchase in ONE statement (one round trip instead of five; every
 * purchase runs it): the caller's row for the session check, what `findBookableDate` reads of the date, what
 * `checkPurchase` reads of the variants and the typed municipalities, the caller's running waiting-list offer for
 * these seats, and whether any hold or offer ran out and still counts (then a sold-out refusal marks the event's
 * and tries again). The checks themselves run on the rows as before.
 *
 * When the seat counts still have the tickets asked for, it also draws the order's id from the orders' sequence:
 * the payment is started with that id before the order is written, so that the order and its started payment are
 * written together, in one statement and one commit (place-order.ts). A buyer the counts already refuse (a
 * sold-out rush's late many) draws none.
 */
const PURCHASE_LOOKUP_SQL = `
select
  u.id as caller_id, u.role as caller_role, u.email as caller_email, u.token_version as caller_token_version,
  u.verified_at is not null as caller_verified, u.country_code as caller_country_code, u.locale_code as caller_locale_code,
  b.start_date, b.event_id, b.published, b.cancelled, b.requires_login, b.owner_id, b.payment_type, b.place_id,
  b.country_code, b.names, b.currency, b.method_id,
  v.variants, v.enough, k.known_counties,
  case when v.enough and u.id is not null and b.event_id is not null then nextval('orders_id_seq') end as order_id,
  (select w.id from waiting_list w
    where w.user_id = $1 and w.event_date_id = $2 and w.product_variant_id = any($4::int[])
      and w.state = '${WAITING_STATE.offered}' and w.offer_expires_at > $7::timestamptz
    order by w.id limit 1) as running_offer_id,
  -- Whether any hold or offer in the shop ran out and still counts: the earliest end of a running one, read from
  -- its index at once (ending an order clears its hold_expires_at; the offers' index holds running ones only).
  coalesce((select min(o.hold_expires_at) from orders o where o.hold_expires_at is not null) <= $7::timestamptz, false)
    or coalesce((select min(w.offer_expires_at) from waiting_list w where w.state = '${WAITING_STATE.offered}') <= $7::timestamptz, false) as lapsed
from (select 1) as one
left join users u on u.id = $1
left join lateral (
  select d.start_date, e.id as event_id, e.published, e.cancelled, e.requires_login, e.owner_id, e.payment_type,
    e.place_id, e.country_code, c.currency, m.id as method_id,
    (select coalesce(jsonb_object_agg(t.k, jsonb_build_object('name', t.v->'name')), '{}'::jsonb) from jsonb_each(e.translations) as t(k, v)) as names
  from event_dates d
  join events e on e.id = d.event_id
  join countries c on c.code = e.country_code
  left join payment_methods m on m.country_code = e.country_code and m.code = $3 and m.enabled = true
  where d.id = $2
  limit 1
) b on true
left join lateral (
  select coalesce(jsonb_agg(jsonb_build_object('id', pv.id, 'provinceId', pv.province_id, 'price', pv.price, 'capacity', pv.capacity,
    'stops', pv.stops, 'approaches', pv.approaches, 'eventId', cat.event_id)), '[]'::jsonb) as variants,
    -- Whether the seat count of every subcategory found (pools aside) still has the tickets asked of it ($8: each
    -- ticket's subcategory), for refusing a sold-out purchase unwritten.
    coalesce(bool_and(coalesce(sc.stock, pv.stock) - coalesce(sc.taken, 0) >= (select count(*) from unnest($8::int[]) as asked(id) where asked.id = pv.id)), true) as enough
  from product_variants pv join categories cat on cat.id = pv.category_id
  left join seat_counts sc on sc.product_variant_id = pv.id and sc.event_date_id = $2
  where pv.id = any($4::int[])
) v on true
left join lateral (
  select coalesce(array_agg(co.id), '{}') as known_counties from counties co where co.id = any($5::int[]) and co.province_id = $6
) k on true`;

interface PurchaseLookupRow {
  caller_id: number | null;
  caller_role: string;
  caller_email: string;
  caller_token_version: number;
  caller_verified: boolean;
  caller_country_code: string;
  caller_locale_code: string;
  start_date: Date | string | null;
  event_id: number | null;
  published: boolean;
  cancelled: boolean;
  requires_login: boolean;
  owner_id: number | null;
  payment_type: number;
  place_id: number;
  country_code: string;
  names: Record<string, { name: string }>;
  currency: string;
  method_id: number | null;
  variants: (VariantRow["variant"] & { eventId: number })[];
  known_counties: number[];
  enough: boolean | null;
  running_offer_id: number | null;
  lapsed: boolean | null;
  order_id: number | string | null;
}

type VariantRow = Awaited<ReturnType<ReturnType<typeof buildLookups>["variants"]["execute"]>>[number];

export interface PurchaseLookup {
  caller: Caller;
  bookable: BookableDate;
  /** The variants' rows as `checkPurchase` reads them. */
  variantRows: VariantRow[];
  /** The caller's waiting-list offer for these seats that is running now, if any. */
  runningOffer: number | null;
  /** Whether some hold or waiting-list offer (of any event) ran out but still counts against its seats. */
  lapsed: boolean;
  /** Whether the seat count already lacks the tickets asked for some subcategory (seat pools not looked at). */
  soldOut: boolean;
  /** The id drawn for the order when the seat counts have its tickets (null when they lack them: `soldOut`). */
  orderId: number | null;
  /** The purchase checked (`checkPurchase`) on the rows the lookup read. */
  order: PurchaseCheck;
}

/**
 * What a purchase reads before its checks, in one statement, and the checks on it (`checkPurchase`): `unauthorized`
 * first, then the date's refusals, then the tickets'.
 */
export async function lookUpPurchase(db: Db, claims: SessionClaims, body: Purchase, now: Date): Promise<PurchaseLookup> {
  const variantIds = [...new Set(body.tickets.map((ticket) => ticket.productVariantId))];
  const countyIds = [...new Set(body.tickets.flatMap((ticket) => ticket.addresses.map((line) => line.commune_id)))];
  const [row] = await runStatement<PurchaseLookupRow>(db, PURCHASE_LOOKUP_SQL, [
    claims.userId,
    body.eventDateId,
    body.paymentCode,
    variantIds,
    countyIds,
    body.provinceId,
    now,
    body.tickets.map((ticket) => ticket.productVariantId),
  ]);
  const caller = callerFromRow(
    row?.caller_id == null
      ? undefined
      : {
          id: Number(row.caller_id),
          role: row.caller_role,
          email: row.caller_email,
          tokenVersion: Number(row.caller_token_version),
          verified: row.caller_verified,
          countryCode: row.caller_country_code,
          localeCode: row.caller_locale_code,
        },
    claims,
  );
  const date =
    row?.event_id == null
      ? undefined
      : {
          date: { startDate: new Date(row.start_date!) },
          event: {
            id: Number(row.event_id),
            published: row.published,
            cancelled: row.cancelled,
            requiresLogin: row.requires_login,
            ownerId: row.owner_id === null ? null : Number(row.owner_id),
            paymentType: Number(row.payment_type),
            placeId: Number(row.place_id),
            countryCode: row.country_code,
            translations: row.names,
          },
          currency: row.currency,
          methodId: row.method_id === null ? null : Number(row.method_id),
        };
  const bookable = await checkBookable(db, date as BookableRow | undefined, body.paymentCode, caller.id, now);
  const knownCounties = (row!.known_counties ?? []).map(Number);
  const variantRows = row!.variants.map(({ eventId, ...variant }) => ({ variant, eventId, knownCounties }));
  return {
    order: await checkPurchase(db, caller.id, body, bookable, now, variantRows),
    caller,
    bookable,
    variantRows,
    runningOffer: row!.running_offer_id == null ? null : Number(row!.running_offer_id),
    lapsed: row!.lapsed === true,
    soldOut: row!.enough === false,
    orderId: row!.order_id == null ? null : Number(row!.order_id),
  };
}

type BookableRow = Awaited<ReturnType<ReturnType<typeof buildLookups>["bookableDate"]["execute"]>>[number];

async function checkBookable(db: Db, row: BookableRow | undefined, paymentCode: PaymentCode, userId: number, now: Date) {
  if (!row) throw refuse("unknown_event_date", "eventDateId");
  const { event, date } = row;
  if (!event.published) throw refuse("not_found");
  if (event.cancelled) throw refuse("event_gone");
  if (date.startDate <= now) throw refuse("unknown_event_date", "eventDateId");
  if (event.requiresLogin && !(await canViewPrivateEvent(db, event.id, event.ownerId, userId))) throw refuse("event_not_invited");
  // Organiser-funded events (paymentType 2) book with prepagado only; other events with a method of their country.
  if (event.paymentType === PAYMENT_TYPE.organiser) {
    if (paymentCode !== PAYMENT_CODE.prepagado) throw refuse("prepaid_only", "paymentCode");
  } else if (paymentCode === PAYMENT_CODE.prepagado || row.methodId === null || !settlesCurrency(paymentCode, row.currency)) {
    throw refuse("payment_method_unavailable", "paymentCode");
  }
  return row;
}

/** A variant outside the chosen province: the province itself may not exist (or be of another country). */
async function provinceRefusal(db: Db, provinceId: number, countryCode: string, field: string) {
  const [province] = await db
    .select({ id: provinces.id })
    .from(provinces)
    .where(and(eq(provinces.id, provinceId), eq(provinces.countryCode, countryCode)))
    .limit(1);
  return province ? refuse("variant_not_in_province", field) : refuse("unknown_province", "provinceId");
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The checks after `findBookableDate` found the date (the purchase expires the event's run-out holds in between);
 * `readVariants`: the variants' rows already read with the date (`lookUpPurchase`).
 */
export async function checkPurchase(db: Db, userId: number, body: Purchase, bookable: BookableDate, now: Date, readVariants?: VariantRow[]): Promise<PurchaseCheck> {
  const { event, currency } = bookable;
  // A country's site sells only its own country's events, as it lists and shows only those: a purchase sent from
  // another country's site is refused as that site's page of the event is (it does not exist there). A purchase
  // naming no site (the default site's paths, or an API client's own URL) is judged by the event alone.
  const prefix = sitePrefixOf(body.url);
  if (prefix && SITES.find((site) => site.prefix === prefix)?.country !== event.countryCode) throw refuse("not_found", "url");
  // A private event published from a request: guests on its list only, within their seats (invited-seats/guest-seats.ts).
  const guest = event.requiresLogin ? await checkInvitedSeats(db, event.id, userId, body.tickets.length, now) : null;

  const variantIds = [...new Set(body.tickets.map((ticket) => ticket.productVariantId))];
  const countyIds = [...new Set(body.tickets.flatMap((ticket) => ticket.addresses.map((line) => line.commune_id)))];
  const variantRows = readVariants ?? (await preparedLookups(db).variants.execute({ ids: variantIds, countyIds, provinceId: body.provinceId }));
  const variants = new Map(variantRows.map((row) => [row.variant.id, row]));

  // Every subcategory must be of this event and of the chosen province (which also proves the province valid).
  for (const [index, ticket] of body.tickets.entries()) {
    const row = variants.get(ticket.productVariantId);
    if (!row || row.eventId !== event.id) throw refuse("variant_not_in_event", `tickets.${index}.productVariantId`);
    if (row.variant.provinceId !== body.provinceId) throw await provinceRefusal(db, body.provinceId, event.countryCode, `tickets.${index}.productVariantId`);
  }

  const typedCounties = new Set<number>();
  body.tickets.forEach((ticket, index) => {
    const at = `tickets.${index}`;
    const { variant } = variants.get(ticket.productVariantId)!;
    if (ticket.placeId !== event.placeId) throw refuse("place_not_in_event", `${at}.placeId`);
    if (ticket.passengers.length > variant.capacity) throw refuse("over_capacity", `${at}.passengers`);
    if (ticket.addresses.length > variant.stops) throw refuse("too_many_addresses", `${at}.addresses`);
    if (variant.approaches.length > 0) {
      // Fixed pick-up points: each line must be one of them, not an address the buyer typed.
      ticket.addresses.forEach((line, lineIndex) => {
        const known = variant.approaches.some((approach) => approach.countyId === line.commune_id && sameAddress(approach.address, line.address));
        if (!known) throw refuse("approach_invalid", `${at}.addresses.${lineIndex}`);
      });
    } else {
      for (const line of ticket.addresses) typedCounties.add(line.commune_id);
    }
  });

  const knownCounties = new Set((variantRows[0]?.knownCounties ?? []).map(Number));
  if ([...typedCounties].some((id) => !knownCounties.has(id))) throw refuse("unknown_county", "tickets");

  return {
    userId,
    event: { id: event.id, placeId: event.placeId, countryCode: event.countryCode, name: event.translations },
    eventDateId: body.eventDateId,
    eventStart: bookable.date.startDate,
    provinceId: body.provinceId,
    currency,
    paymentCode: body.paymentCode,
    tickets: body.tickets.map((ticket) => ({ productVariantId: ticket.productVariantId, placeId: ticket.placeId, passengers: ticket.passengers, addresses: ticket.addresses })),
    variants: new Map(variantRows.map((row) => [row.variant.id, row.variant])),
    discountCode: body.discountCode ?? null,
    guest,
  };
}
