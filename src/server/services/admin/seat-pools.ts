/**
 * Seats that follow the vans, in the back office: a date's own stock of a subcategory, and seat pools (the seats
 * one event date drives in one province, shared by the subcategories that draw on them, as pretix's quotas).
 * The purchase is guarded by the database's seat counter (migration 0014); here the figures are read and the
 * settings written. Every write locks the subcategories it touches first, in id order: their rows FOR UPDATE (against
 * another back-office write) and their seat-stock locks (src/server/db/seat-stock-lock.ts), which a purchase waits
 * for and makes this wait for: no sale slips between the recount and the write, and the pool's seat counter is
 * recounted from the seat counts under those locks.
 */
import { AUDIT_ACTION } from "../../../shared/domain/audit-actions";
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { AWAITING_STATES, ORDER_STATE } from "../../../shared/domain/order-states";
import { ShopError } from "../../../shared/domain/shop-error";
import { formatDateTime, timeZoneOf } from "../../../shared/format/dates";
import type { AdminDateStock, AdminSeatPool, AdminSeatPoolItem, EventSeats } from "../../../shared/schemas/admin/seats";
import type { ListQuery } from "../../../shared/schemas/admin/common";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { lockSeatStock } from "../../db/seat-stock-lock";
import { categories, eventDates, events, orders, productVariants, provinces, seatCounts, seatPools, seatPoolVariants, tickets, waitingList } from "../../db/schema";
import { WAITING_STATE } from "../../../shared/domain/waiting-list";
import { holdsSeats } from "../catalogue/stock";
import { iso } from "../catalogue/rows";
import { writeAudit, type Actor } from "../audit/write-audit";
import type { AdminResource } from "./crud";
import { runList, totalField } from "./list";

const eventName = sql<string>`coalesce(${events.translations}->'es_CO'->>'name', ${events.slug})`;
const variantName = sql<string>`coalesce(${productVariants.translations}->'es_CO'->>'name', '')`;
const categoryName = sql<string>`coalesce(${categories.translations}->'es_CO'->>'name', '')`;

/** Tickets sold (paid) and held (unpaid, hold still running) per subcategory and date. */
export interface Cell {
  sold: number;
  held: number;
}
const cellKey = (variantId: number, eventDateId: number) => `${variantId}:${eventDateId}`;

export async function countCells(db: Db, eventDateIds: number[], now: Date): Promise<Map<string, Cell>> {
  if (eventDateIds.length === 0) return new Map();
  const rows = await db
    .select({
      variantId: tickets.productVariantId,
      eventDateId: orders.eventDateId,
      sold: sql<number>`count(*) filter (where ${eq(orders.state, ORDER_STATE.paid)})`.mapWith(Number),
      held: sql<number>`count(*) filter (where ${inArray(orders.state, [...AWAITING_STATES])})`.mapWith(Number),
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(inArray(orders.eventDateId, eventDateIds), holdsSeats(now)))
    .groupBy(tickets.productVariantId, orders.eventDateId);
  const cells = new Map(rows.map((row) => [cellKey(row.variantId, row.eventDateId!), { sold: row.sold, held: row.held }]));
  // Seats offered to the next in a waiting list are held for them, as an unpaid order's are.
  const offered = await db
    .select({ variantId: waitingList.productVariantId, eventDateId: waitingList.eventDateId, seats: sql<number>`sum(${waitingList.seats})`.mapWith(Number) })
    .from(waitingList)
    .where(and(inArray(waitingList.eventDateId, eventDateIds), eq(waitingList.state, WAITING_STATE.offered)))
    .groupBy(waitingList.productVariantId, waitingList.eventDateId);
  for (const row of offered) {
    const key = cellKey(row.variantId, row.eventDateId);
    const cell = cells.get(key) ?? { sold: 0, held: 0 };
    cells.set(key, { sold: cell.sold, held: cell.held + row.seats });
  }
  return cells;
}

/** A pool's seats sold, held and left: its members' tickets times their passengers per ticket. */
export function poolFigures(seats: number, members: { capacity: number; cell: Cell | undefined }[]) {
  const sold = members.reduce((sum, member) => sum + (member.cell?.sold ?? 0) * member.capacity, 0);
  const held = members.reduce((sum, member) => sum + (member.cell?.held ?? 0) * member.capacity, 0);
  return { sold, held, left: Math.max(seats - sold - held, 0) };
}

/**
 * Tickets of a subcategory still on sale on a date: the date's stock (its own, else the subcategory's) less what
 * is sold and held, and no more than the pool's seats left can carry (seats ÷ passengers per ticket).
 */
export function ticketsLeft(stock: number, cell: Cell | undefined, pool: { left: number } | null, capacity: number): number {
  const own = stock - (cell?.sold ?? 0) - (cell?.held ?? 0);
  const pooled = pool ? Math.floor(pool.left / capacity) : own;
  return Math.max(Math.min(own, pooled), 0);
}

/** GET /shop-api/admin/seats: every date of an event, its subcategories' tickets and its pools' seats. */
export async function eventSeats(db: Db, eventId: number, now: Date): Promise<EventSeats | undefined> {
  const [event] = await db.select({ id: events.id, name: eventName, countryCode: events.countryCode }).from(events).where(eq(events.id, eventId));
  if (!event) return undefined;
  const dates = await db.select().from(eventDates).where(eq(eventDates.eventId, eventId)).orderBy(asc(eventDates.startDate), asc(eventDates.id));
  const dateIds = dates.map((date) => date.id);
  const [variants, own, pools, members, cells] = await Promise.all([
    db
      .select({
        id: productVariants.id,
        name: variantName,
        categoryName,
        provinceId: productVariants.provinceId,
        provinceName: provinces.name,
        capacity: productVariants.capacity,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .innerJoin(categories, eq(categories.id, productVariants.categoryId))
      .innerJoin(provinces, eq(provinces.id, productVariants.provinceId))
      .where(eq(categories.eventId, eventId))
      .orderBy(asc(provinces.name), asc(productVariants.price), asc(productVariants.id)),
    dateIds.length ? db.select().from(seatCounts).where(inArray(seatCounts.eventDateId, dateIds)) : [],
    dateIds.length
      ? db
          .select({ id: seatPools.id, eventDateId: seatPools.eventDateId, name: seatPools.name, provinceId: seatPools.provinceId, provinceName: provinces.name, seats: seatPools.seats })
          .from(seatPools)
          .innerJoin(provinces, eq(provinces.id, seatPools.provinceId))
          .where(inArray(seatPools.eventDateId, dateIds))
          .orderBy(asc(seatPools.name), asc(seatPools.id))
      : [],
    dateIds.length ? db.select().from(seatPoolVariants).where(inArray(seatPoolVariants.eventDateId, dateIds)) : [],
    countCells(db, dateIds, now),
  ]);
  const dateStock = new Map(own.map((row) => [cellKey(row.productVariantId, row.eventDateId), row.stock]));
  const poolOf = new Map(members.map((row) => [cellKey(row.productVariantId, row.eventDateId), row.poolId]));
  const capacityOf = new Map(variants.map((variant) => [variant.id, variant.capacity]));
  return {
    eventId: event.id,
    eventName: event.name,
    timeZone: timeZoneOf(event.countryCode),
    dates: dates.map((date) => {
      const datePools = pools
        .filter((pool) => pool.eventDateId === date.id)
        .map((pool) => {
          const variantIds = members.filter((member) => member.poolId === pool.id).map((member) => member.productVariantId).sort((a, b) => a - b);
          const figures = poolFigures(
            pool.seats,
            variantIds.map((id) => ({ capacity: capacityOf.get(id) ?? 1, cell: cells.get(cellKey(id, date.id)) })),
          );
          return { id: pool.id, name: pool.name, provinceId: pool.provinceId, provinceName: pool.provinceName, seats: pool.seats, variantIds, ...figures };
        });
      return {
        eventDateId: date.id,
        startDate: iso(date.startDate),
        variants: variants.map((variant) => {
          const key = cellKey(variant.id, date.id);
          const cell = cells.get(key);
          const own = dateStock.get(key) ?? null;
          const poolId = poolOf.get(key) ?? null;
          const pool = datePools.find((candidate) => candidate.id === poolId) ?? null;
          return {
            ...variant,
            dateStock: own,
            poolId,
            sold: cell?.sold ?? 0,
            held: cell?.held ?? 0,
            left: ticketsLeft(own ?? variant.stock, cell, pool, variant.capacity),
          };
        }),
        pools: datePools,
      };
    }),
  };
}

/** The subcategories' rows locked FOR UPDATE, then their seat-stock locks, in id order (see the file's comment). */
async function lockVariants(tx: Db, variantIds: number[]) {
  const ids = [...new Set(variantIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.select({ id: productVariants.id }).from(productVariants).where(inArray(productVariants.id, ids)).orderBy(asc(productVariants.id)).for("update");
  await lockSeatStock(tx, ids);
}

/** PUT /shop-api/admin/variants/{id}/date-stock: one date's own stock, never below what that date sold and holds. */
export async function setDateStock(ctx: ShopContext, actor: Actor, variantId: number, body: AdminDateStock): Promise<{ eventId: number }> {
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    await lockVariants(tx, [variantId]);
    const [variant] = await tx
      .select({ stock: productVariants.stock, eventId: categories.eventId, countryCode: events.countryCode, startDate: eventDates.startDate })
      .from(productVariants)
      .innerJoin(categories, eq(categories.id, productVariants.categoryId))
      .innerJoin(events, eq(events.id, categories.eventId))
      .leftJoin(eventDates, and(eq(eventDates.eventId, categories.eventId), eq(eventDates.id, body.eventDateId)))
      .where(eq(productVariants.id, variantId));
    if (!variant) throw new ShopError("not_found");
    if (!variant.startDate) throw new ShopError("unknown_event_date", { eventDateId: "errors.unknown_event_date" });
    const cell = (await countCells(tx, [body.eventDateId], now)).get(cellKey(variantId, body.eventDateId)) ?? { sold: 0, held: 0 };
    const stock = body.stock ?? variant.stock;
    if (cell.sold + cell.held > stock) {
      throw new ShopError(
        "stock_below_sold",
        { stock: "errors.stock_below_sold_field" },
        { date: formatDateTime(iso(variant.startDate), timeZoneOf(variant.countryCode)), sold: cell.sold, held: cell.held, minimum: cell.sold + cell.held, stock },
      );
    }
    const [before] = await tx
      .select({ stock: seatCounts.stock })
      .from(seatCounts)
      .where(and(eq(seatCounts.productVariantId, variantId), eq(seatCounts.eventDateId, body.eventDateId)));
    await tx
      .insert(seatCounts)
      .values({ productVariantId: variantId, eventDateId: body.eventDateId, taken: 0, stock: body.stock })
      .onConflictDoUpdate({ target: [seatCounts.productVariantId, seatCounts.eventDateId], set: { stock: body.stock } });
    await writeAudit(tx, actor, "date-stock", variantId, AUDIT_ACTION.update, { eventDateId: body.eventDateId, stock: before?.stock ?? null }, body);
    return { eventId: variant.eventId };
  });
  ctx.catalogue.announce({ area: "events", eventIds: [result.eventId] });
  return result;
}

async function readPool(db: Db, id: number): Promise<AdminSeatPool | undefined> {
  const [pool] = await db.select().from(seatPools).where(eq(seatPools.id, id));
  if (!pool) return undefined;
  const members = await db.select({ id: seatPoolVariants.productVariantId }).from(seatPoolVariants).where(eq(seatPoolVariants.poolId, id)).orderBy(asc(seatPoolVariants.productVariantId));
  return { eventDateId: pool.eventDateId, provinceId: pool.provinceId, name: pool.name, seats: pool.seats, variantIds: members.map((member) => member.id) };
}

/**
 * A pool's members must be subcategories of the date's event in the pool's province, in no other pool that date;
 * its seats never below what they have sold and hold. Answers the members' passengers per ticket.
 */
async function checkPool(tx: Db, body: AdminSeatPool, poolId: number | null, now: Date) {
  const [date] = await tx
    .select({ eventId: eventDates.eventId, startDate: eventDates.startDate })
    .from(eventDates)
    .where(eq(eventDates.id, body.eventDateId));
  if (!date) throw new ShopError("unknown_event_date", { eventDateId: "errors.unknown_event_date" });
  const variantIds = [...new Set(body.variantIds)];
  const variants = await tx
    .select({ id: productVariants.id, capacity: productVariants.capacity, provinceId: productVariants.provinceId, eventId: categories.eventId })
    .from(productVariants)
    .innerJoin(categories, eq(categories.id, productVariants.categoryId))
    .where(inArray(productVariants.id, variantIds));
  const taken = await tx
    .select({ poolId: seatPoolVariants.poolId })
    .from(seatPoolVariants)
    .where(and(eq(seatPoolVariants.eventDateId, body.eventDateId), inArray(seatPoolVariants.productVariantId, variantIds)));
  const fits = variants.length === variantIds.length && variants.every((variant) => variant.eventId === date.eventId && variant.provinceId === body.provinceId);
  if (!fits || taken.some((row) => row.poolId !== poolId)) throw new ShopError("pool_variant_invalid", { variantIds: "errors.pool_variant_invalid" });
  const cells = await countCells(tx, [body.eventDateId], now);
  const figures = poolFigures(
    body.seats,
    variants.map((variant) => ({ capacity: variant.capacity, cell: cells.get(cellKey(variant.id, body.eventDateId)) })),
  );
  if (figures.sold + figures.held > body.seats) {
    throw new ShopError(
      "pool_below_sold",
      { seats: "errors.pool_below_sold_field" },
      { seats: body.seats, sold: figures.sold, held: figures.held, minimum: figures.sold + figures.held },
    );
  }
  return variantIds;
}

/**
 * The seat counters of the pools chosen, recounted from the seat counts (tickets x passengers per ticket). Run
 * under the members' subcategory locks; `capacity` stands for one subcategory's passengers per ticket about to change.
 */
export async function recountPools(tx: Db, pools: SQL, capacity?: { variantId: number; capacity: number }) {
  const perTicket = capacity
    ? sql`case when ${productVariants.id} = ${capacity.variantId} then ${capacity.capacity}::int else ${productVariants.capacity} end`
    : sql`${productVariants.capacity}`;
  await tx.execute(sql`
    update ${seatPools} set taken = coalesce((
      select sum(${seatCounts.taken} * ${perTicket})
      from ${seatPoolVariants}
      join ${seatCounts} on ${seatCounts.productVariantId} = ${seatPoolVariants.productVariantId} and ${seatCounts.eventDateId} = ${seatPoolVariants.eventDateId}
      join ${productVariants} on ${productVariants.id} = ${seatPoolVariants.productVariantId}
      where ${seatPoolVariants.poolId} = ${seatPools.id}), 0)
    where ${pools}`);
}

/** Members replaced and the pool's seat counter recounted from the seat counts, under the members' locks. */
async function writeMembers(tx: Db, poolId: number, eventDateId: number, variantIds: number[]) {
  await tx.delete(seatPoolVariants).where(eq(seatPoolVariants.poolId, poolId));
  await tx.insert(seatPoolVariants).values(variantIds.map((productVariantId) => ({ poolId, productVariantId, eventDateId })));
  await recountPools(tx, eq(seatPools.id, poolId));
}

async function membersOf(tx: Db, poolId: number): Promise<number[]> {
  const rows = await tx.select({ id: seatPoolVariants.productVariantId }).from(seatPoolVariants).where(eq(seatPoolVariants.poolId, poolId));
  return rows.map((row) => row.id);
}

const SORTS = { id: seatPools.id, name: seatPools.name, date: eventDates.startDate, province: provinces.name, seats: seatPools.seats };

async function listPools(db: Db, query: ListQuery, now = new Date()) {
  const page = await runList(
    db,
    {
      select: (target) =>
        target
          .select({
            id: seatPools.id,
            name: seatPools.name,
            eventId: events.id,
            eventName,
            countryCode: events.countryCode,
            eventDateId: seatPools.eventDateId,
            startDate: eventDates.startDate,
            provinceId: seatPools.provinceId,
            provinceName: provinces.name,
            seats: seatPools.seats,
            total: totalField,
          })
          .from(seatPools)
          .innerJoin(eventDates, eq(eventDates.id, seatPools.eventDateId))
          .innerJoin(events, eq(events.id, eventDates.eventId))
          .innerJoin(provinces, eq(provinces.id, seatPools.provinceId))
          .$dynamic(),
      search: [seatPools.name, provinces.name, sql`${events.translations}::text`, events.slug],
      sorts: SORTS,
      defaultSort: "date",
      filters: { eventId: events.id, eventDateId: seatPools.eventDateId },
      id: seatPools.id,
      toItem: (row: { total: number }) => row,
    },
    query,
  );
  type Row = Omit<AdminSeatPoolItem, "startDate" | "timeZone" | "variantIds" | "sold" | "held" | "left"> & { startDate: Date; countryCode: string };
  const rows = page.items as Row[];
  const poolIds = rows.map((row) => row.id);
  const [members, cells] = await Promise.all([
    poolIds.length
      ? db
          .select({ poolId: seatPoolVariants.poolId, variantId: seatPoolVariants.productVariantId, capacity: productVariants.capacity })
          .from(seatPoolVariants)
          .innerJoin(productVariants, eq(productVariants.id, seatPoolVariants.productVariantId))
          .where(inArray(seatPoolVariants.poolId, poolIds))
      : [],
    countCells(db, [...new Set(rows.map((row) => row.eventDateId))], now),
  ]);
  const items: AdminSeatPoolItem[] = rows.map(({ countryCode, startDate, ...row }) => {
    const own = members.filter((member) => member.poolId === row.id);
    const { total: _total, ...rest } = row as Row & { total?: number };
    return {
      ...rest,
      startDate: iso(startDate),
      timeZone: timeZoneOf(countryCode),
      variantIds: own.map((member) => member.variantId).sort((a, b) => a - b),
      ...poolFigures(
        row.seats,
        own.map((member) => ({ capacity: member.capacity, cell: cells.get(cellKey(member.variantId, row.eventDateId)) })),
      ),
    };
  });
  return { ...page, items };
}

export const seatPoolsResource: AdminResource<AdminSeatPool> = {
  name: "seat-pools",
  // What the event's offer shows as left follows the pool.
  area: "events",
  read: readPool,
  async insert(tx, body, context) {
    await lockVariants(tx, body.variantIds);
    const variantIds = await checkPool(tx, body, null, context.now);
    const [row] = await tx
      .insert(seatPools)
      .values({ eventDateId: body.eventDateId, provinceId: body.provinceId, name: body.name, seats: body.seats })
      .returning({ id: seatPools.id });
    await writeMembers(tx, row!.id, body.eventDateId, variantIds);
    return row!.id;
  },
  async update(tx, id, body, _before, context) {
    await lockVariants(tx, [...(await membersOf(tx, id)), ...body.variantIds]);
    await tx.select({ id: seatPools.id }).from(seatPools).where(eq(seatPools.id, id)).for("update");
    const variantIds = await checkPool(tx, body, id, context.now);
    // The members first: they name the pool's date, which may move.
    await tx.delete(seatPoolVariants).where(eq(seatPoolVariants.poolId, id));
    await tx.update(seatPools).set({ eventDateId: body.eventDateId, provinceId: body.provinceId, name: body.name, seats: body.seats }).where(eq(seatPools.id, id));
    await writeMembers(tx, id, body.eventDateId, variantIds);
  },
  async remove(tx, id) {
    await lockVariants(tx, await membersOf(tx, id));
    await tx.delete(seatPools).where(eq(seatPools.id, id));
  },
  // Only that it exists: the members' subcategories are locked before the pool (the purchase's order), in the write.
  async lock(tx, id) {
    return (await tx.select({ id: seatPools.id }).from(seatPools).where(eq(seatPools.id, id))).length > 0;
  },
  list: listPools,
  async eventIds(db, body) {
    const [row] = await db.select({ eventId: eventDates.eventId }).from(eventDates).where(eq(eventDates.id, body.eventDateId));
    return row ? [row.eventId] : [];
  },
};

