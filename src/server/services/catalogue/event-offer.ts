/**
 * What an event sells: its categories with their subcategories (product variants) and live stock, and the
 * provinces it picks people up in.
 */
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Locale } from "../../../shared/locales";
import type { Category, ProvinceOption } from "../../../shared/types/catalogue";
import { EVENT_TYPE } from "../../../shared/domain/event-kinds";
import { isDbId } from "../../../shared/domain/ids";
import { canViewPrivateEvent } from "./event-detail";
import type { Db } from "../../db/client";
import { categories, counties, eventDates, events, orders, places, productVariants, provinces } from "../../db/schema";
import { AWAITING_STATES } from "../../../shared/domain/order-states";
import { ShopError } from "../../../shared/domain/shop-error";
import { asTranslations, pick } from "./rows";
import { liveStock } from "./stock";

/** Who asks for an event's offer, and how they named it (private events are reached by link only). */
export interface OfferAccess {
  /** The event's id (digits) or slug, as the path named it. */
  ref: string;
  /** The signed-in person asking, if any. */
  viewerUserId?: number;
}

/** A private event is reached by its unguessable slug only, never by counting ids. */
function refCondition(ref: string) {
  if (/^\d+$/.test(ref)) {
    const id = Number(ref);
    return isDbId(id) ? and(eq(events.id, id), ne(events.type, EVENT_TYPE.private)) : undefined;
  }
  return eq(events.slug, ref.toLowerCase());
}

/**
 * A published event with its venue, in one query; 404 when unknown, unpublished or not for this person (a
 * private event named by id, a login-only one for someone who is neither its owner nor a guest), 410 when
 * cancelled or without an upcoming date, 422 when the asked date is not one of its upcoming dates.
 */
async function loadSellableEvent(db: Db, access: OfferAccess, now: Date, eventDateId?: number) {
  const condition = refCondition(access.ref.trim());
  if (!condition) throw new ShopError("not_found");
  const at = now.toISOString();
  const [row] = await db
    .select({
      id: events.id,
      cancelled: events.cancelled,
      requiresLogin: events.requiresLogin,
      ownerId: events.ownerId,
      placeId: places.id,
      placeAddress: places.address,
      // Epoch milliseconds: both drivers hand a float8 over as a number, whereas timestamps come as Date or text.
      nextDate: sql<number | null>`(select extract(epoch from min(${eventDates.startDate}))::float8 * 1000 from ${eventDates} where ${eventDates.eventId} = ${events.id} and ${eventDates.startDate} > ${at}::timestamptz)`,
      // When the next hold runs out its seats go back on sale, with no write to say so: an answer with stock is good until then.
      nextHoldExpiry: sql<number | null>`(select extract(epoch from min(${orders.holdExpiresAt}))::float8 * 1000 from ${orders} where ${orders.eventId} = ${events.id} and ${inArray(orders.state, [...AWAITING_STATES])} and ${orders.holdExpiresAt} > ${at}::timestamptz)`,
      dateIsUpcoming:
        eventDateId === undefined || !isDbId(eventDateId)
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${eventDates} where ${eventDates.id} = ${eventDateId} and ${eventDates.eventId} = ${events.id} and ${eventDates.startDate} > ${at}::timestamptz)`,
    })
    .from(events)
    .innerJoin(places, eq(places.id, events.placeId))
    .where(and(condition, eq(events.published, true)))
    .limit(1);
  if (!row) throw new ShopError("not_found");
  if (row.requiresLogin) {
    const allowed = access.viewerUserId !== undefined && (await canViewPrivateEvent(db, row.id, row.ownerId, access.viewerUserId));
    if (!allowed) throw new ShopError("not_found");
  }
  if (row.cancelled || row.nextDate === null) throw new ShopError("event_gone");
  if (eventDateId !== undefined && !row.dateIsUpcoming) {
    throw new ShopError("unknown_event_date", { eventDateId: "errors.unknown_event_date" });
  }
  return row;
}

const collator = new Intl.Collator("es", { sensitivity: "base", numeric: true });

/**
 * What an answer about one event depends on beyond the event's rows, for the answer cache of the public reads:
 * whether it is the same for every caller (not for a login-only event), and when it changes by the clock alone.
 */
export interface EventAnswerFacts {
  eventId: number;
  /** The same answer for whoever asks (anonymous or signed in). */
  shared: boolean;
  /** The first moment the answer may differ with no write: the next upcoming date starts, or a hold runs out. */
  until: Date | null;
}

function earliest(...epochMs: (number | string | null | undefined)[]): Date | null {
  const times = epochMs.filter((ms) => ms !== null && ms !== undefined).map(Number);
  return times.length ? new Date(Math.min(...times)) : null;
}

/**
 * `/events/{id}/product-variant[?eventDateId=]`: categories by priority descending, the one whose priority
 * equals the number of categories flagged recommended; subcategories of every province
 * (the page filters by the chosen one) by price, then name. Stock is live for the asked date, or the
 * lowest over the upcoming dates when none is asked. Three queries whatever the catalogue's size, the last two
 * sent together.
 */
export async function getEventCategories(
  db: Db,
  access: OfferAccess,
  options: { eventDateId?: number; locale: Locale; now: Date },
): Promise<Category[]> {
  return (await readEventOffer(db, access, options)).categories;
}

/** The offer and what it depends on (see `getEventCategories`). */
export async function readEventOffer(
  db: Db,
  access: OfferAccess,
  options: { eventDateId?: number; locale: Locale; now: Date },
): Promise<{ categories: Category[]; facts: EventAnswerFacts }> {
  const event = await loadSellableEvent(db, access, options.now, options.eventDateId);

  const [rows, stock] = await Promise.all([
    db
      .select({ category: categories, variant: productVariants })
      .from(categories)
      .leftJoin(productVariants, eq(productVariants.categoryId, categories.id))
      .where(eq(categories.eventId, event.id))
      .orderBy(desc(categories.priority), asc(categories.id), asc(productVariants.price), asc(productVariants.id)),
    liveStock(db, { eventId: event.id, eventDateId: options.eventDateId, now: options.now }),
  ]);

  const byCategory = new Map<number, Category>();
  for (const { category, variant } of rows) {
    let entry = byCategory.get(category.id);
    if (!entry) {
      entry = {
        id: category.id,
        priority: category.priority,
        recommended: false,
        translations: asTranslations(category.translations),
        subCategories: [],
      };
      byCategory.set(category.id, entry);
    }
    if (variant) {
      entry.subCategories.push({
        productVariantId: variant.id,
        provinceId: variant.provinceId,
        price: variant.price,
        capacity: variant.capacity,
        stops: variant.stops,
        stock: stock.get(variant.id) ?? 0,
        approach: variant.approaches,
        placeId: event.placeId,
        placeAddress: event.placeAddress,
        translations: asTranslations(variant.translations),
      });
    }
  }
  const list = [...byCategory.values()];
  const nameOf = (translations: Record<string, { name: string }>) => pick(translations, options.locale)?.name ?? "";
  for (const category of list) {
    category.recommended = category.priority === list.length;
    category.subCategories.sort(
      (a, b) => a.price - b.price || collator.compare(nameOf(a.translations), nameOf(b.translations)) || a.productVariantId - b.productVariantId,
    );
  }
  return { categories: list, facts: { eventId: event.id, shared: !event.requiresLogin, until: earliest(event.nextDate, event.nextHoldExpiry) } };
}

/** `/provinces/by-event/{id}`: the provinces the event picks people up in, each with its counties. */
export async function getEventProvinces(db: Db, access: OfferAccess, now: Date): Promise<ProvinceOption[]> {
  return (await readEventProvinces(db, access, now)).provinces;
}

/** The provinces and what they depend on (see `getEventProvinces`). */
export async function readEventProvinces(db: Db, access: OfferAccess, now: Date): Promise<{ provinces: ProvinceOption[]; facts: EventAnswerFacts }> {
  const event = await loadSellableEvent(db, access, now);
  const facts: EventAnswerFacts = { eventId: event.id, shared: !event.requiresLogin, until: earliest(event.nextDate) };
  const provinceRows = await db
    .selectDistinct({ id: provinces.id, name: provinces.name })
    .from(provinces)
    .innerJoin(productVariants, eq(productVariants.provinceId, provinces.id))
    .innerJoin(categories, eq(categories.id, productVariants.categoryId))
    .where(eq(categories.eventId, event.id));
  if (provinceRows.length === 0) return { provinces: [], facts };
  const countyRows = await db
    .select({ id: counties.id, name: counties.name, provinceId: counties.provinceId })
    .from(counties)
    .where(inArray(counties.provinceId, provinceRows.map((row) => row.id)));
  const list = provinceRows
    .sort((a, b) => collator.compare(a.name, b.name))
    .map((province) => ({
      id: province.id,
      name: province.name,
      counties: countyRows
        .filter((county) => county.provinceId === province.id)
        .sort((a, b) => collator.compare(a.name, b.name))
        .map(({ id, name }) => ({ id, name })),
    }));
  return { provinces: list, facts };
}
