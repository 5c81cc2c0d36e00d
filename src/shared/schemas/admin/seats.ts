/**
 * /shop-api/admin/seat-pools and /shop-api/admin/seats: the seats that follow the vans. A subcategory's stock may
 * be set per event date (null: its own stock, the same every date); subcategories of one event date and province
 * may draw on a seat pool (the seats of the vans planned to drive), which what they sell together never passes.
 * Subcategory figures count tickets; pool figures count seats (tickets x passengers per ticket).
 */
import * as z from "zod/mini";
import { idFilter, listQueryOf, refField, requiredText, wholeNumber } from "./common";

export const adminSeatPoolSchema = z.object({
  eventDateId: refField("admin.event_date_required"),
  provinceId: refField("errors.unknown_province"),
  name: requiredText(120),
  seats: wholeNumber(0, 100_000),
  variantIds: z.array(refField("admin.variant_required")).check(z.minLength(1, "admin.variant_required"), z.maxLength(200, "form.too_long")),
});
export type AdminSeatPool = z.output<typeof adminSeatPoolSchema>;

export const SEAT_POOL_SORTS = ["id", "name", "date", "province", "seats"] as const;
export const adminSeatPoolsQuerySchema = listQueryOf(SEAT_POOL_SORTS, { eventId: idFilter, eventDateId: idFilter });

/** Seats of a pool or tickets of a subcategory on one date: paid, held by unpaid orders whose hold runs, left. */
const figures = { sold: z.number(), held: z.number(), left: z.number() };

export const adminSeatPoolItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  eventId: z.number(),
  eventName: z.string(),
  eventDateId: z.number(),
  startDate: z.string(),
  timeZone: z.string(),
  provinceId: z.number(),
  provinceName: z.string(),
  seats: z.number(),
  variantIds: z.array(z.number()),
  ...figures,
});
export type AdminSeatPoolItem = z.infer<typeof adminSeatPoolItemSchema>;

/** PUT /shop-api/admin/variants/{id}/date-stock: one date's own stock of the subcategory, or null for its usual stock. */
export const adminDateStockSchema = z.object({
  eventDateId: refField("admin.event_date_required"),
  stock: z.nullable(wholeNumber(0, 100_000)),
});
export type AdminDateStock = z.output<typeof adminDateStockSchema>;

export const eventSeatsQuerySchema = z.object({
  eventId: z.pipe(z.string({ error: "errors.invalid_id" }).check(z.trim(), z.regex(/^\d{1,9}$/, "errors.invalid_id")), z.transform(Number)),
});

/** GET /shop-api/admin/seats?eventId=: every date of the event, its subcategories' tickets and its pools' seats. */
export const eventSeatsSchema = z.object({
  eventId: z.number(),
  eventName: z.string(),
  timeZone: z.string(),
  dates: z.array(
    z.object({
      eventDateId: z.number(),
      startDate: z.string(),
      variants: z.array(
        z.object({
          id: z.number(),
          name: z.string(),
          categoryName: z.string(),
          provinceId: z.number(),
          provinceName: z.string(),
          capacity: z.number(),
          /** The subcategory's usual stock, and this date's own (null: the usual one applies). */
          stock: z.number(),
          dateStock: z.nullable(z.number()),
          poolId: z.nullable(z.number()),
          ...figures,
        }),
      ),
      pools: z.array(
        z.object({ id: z.number(), name: z.string(), provinceId: z.number(), provinceName: z.string(), seats: z.number(), variantIds: z.array(z.number()), ...figures }),
      ),
    }),
  ),
});
export type EventSeats = z.infer<typeof eventSeatsSchema>;
