/**
 * What a purchase benchmark sells: the next date of a demo event and the subcategories of its first province that
 * need no pick-up approach, so every buyer's one-seat purchase is the wizard's simplest, and a municipality of it.
 */
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "../../../src/server/db/client";
import { categories, counties, eventDates, events, productVariants } from "../../../src/server/db/schema";

export async function benchOffer(db: Db, slug: string) {
  const [event] = await db.select().from(events).where(eq(events.slug, slug));
  if (!event) throw new Error(`the demo data has no event ${slug}`);
  const [date] = await db
    .select()
    .from(eventDates)
    .where(and(eq(eventDates.eventId, event.id), gt(eventDates.startDate, new Date())))
    .orderBy(asc(eventDates.startDate))
    .limit(1);
  if (!date) throw new Error(`${slug} has no upcoming date`);
  const offered = (
    await db
      .select({ variant: productVariants })
      .from(productVariants)
      .innerJoin(categories, eq(categories.id, productVariants.categoryId))
      .where(eq(categories.eventId, event.id))
      .orderBy(asc(productVariants.id))
  ).map((row) => row.variant);
  const provinceId = offered[0]!.provinceId;
  const bookable = offered.filter((variant) => variant.provinceId === provinceId && variant.approaches.length === 0);
  const [county] = await db.select({ id: counties.id }).from(counties).where(eq(counties.provinceId, provinceId)).limit(1);
  if (!county) throw new Error(`${slug}'s province has no municipality`);
  return { event, date, provinceId, bookable, countyId: county.id };
}
