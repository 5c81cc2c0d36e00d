/**
 * A passenger's rating link: `{passengerId}.{signature}` with the shop's signer (purpose "rating-v1", signed as the
 * tracking link is), mailed once after the return's drop-off (day-end.ts writes the invitation's row). The link
 * opens the passenger's own rating and nobody else's: changing the id breaks the signature. It answers for
 * RATING_LINK_DAYS after the invitation, then `rating_link_expired`; a signed link of a passenger never invited is
 * `rating_not_open`, and a second rating `rating_already_given` (the first one stands).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { ShopError } from "../../../shared/domain/shop-error";
import { sitePrefix, type CountryCode, type Locale } from "../../../shared/locales";
import type { RatingView } from "../../../shared/schemas/answers/day-report";
import type { Rating } from "../../../shared/schemas/day-report";
import type { Signer } from "../../auth/signer";
import type { ShopContext } from "../../context";
import { eventDates, events, passengers, rideRatings } from "../../db/schema";
import type { Env } from "../../env";
import { publicOrigin } from "../../origin";
import { pick } from "../catalogue/rows";

const DAY_MS = 86_400_000;

export function ratingToken(signer: Signer, passengerId: number): string {
  return `${passengerId}.${signer.sign("rating-v1", String(passengerId))}`;
}

/** The rating page of a passenger, in the buyer's site; `score` pre-chooses the stars tapped in the mail. */
export function ratingLink(env: Env, signer: Signer, passengerId: number, country: CountryCode, locale: Locale, score?: number): string {
  return `${publicOrigin(env)}${sitePrefix(country, locale)}/rate?token=${ratingToken(signer, passengerId)}${score ? `&score=${score}` : ""}`;
}

function passengerOf(signer: Signer, token: string): number {
  const [id = "", signature] = token.split(".");
  if (!/^\d{1,10}$/.test(id) || !signer.verify("rating-v1", id, signature)) throw new ShopError("rating_link_invalid");
  return Number(id);
}

async function invitation(deps: ShopContext, token: string) {
  const passengerId = passengerOf(deps.auth.signer, token);
  const [row] = await deps.db
    .select({ rating: rideRatings, name: passengers.name, translations: events.translations, startsAt: eventDates.startDate })
    .from(rideRatings)
    .innerJoin(passengers, eq(passengers.id, rideRatings.passengerId))
    .innerJoin(eventDates, eq(eventDates.id, rideRatings.eventDateId))
    .innerJoin(events, eq(events.id, eventDates.eventId))
    .where(eq(rideRatings.passengerId, passengerId));
  if (!row) throw new ShopError("rating_not_open");
  if (deps.now().getTime() > row.rating.invitedAt.getTime() + deps.env.RATING_LINK_DAYS * DAY_MS) throw new ShopError("rating_link_expired");
  return row;
}

function viewOf(row: Awaited<ReturnType<typeof invitation>>, locale: Locale): RatingView {
  return {
    firstName: row.name.split(/\s+/)[0] ?? "",
    eventName: pick(row.translations, locale)?.name ?? "",
    startsAt: row.startsAt.toISOString(),
    score: row.rating.score,
    comment: row.rating.comment,
    ratedAt: row.rating.ratedAt?.toISOString() ?? null,
  };
}

export async function ratingView(deps: ShopContext, token: string, locale: Locale): Promise<RatingView> {
  return viewOf(await invitation(deps, token), locale);
}

/** Rates the trip once: one conditional write, so two taps at once leave one rating and refuse the other. */
export async function rateTrip(deps: ShopContext, token: string, rating: Rating, locale: Locale): Promise<RatingView> {
  const row = await invitation(deps, token);
  const comment = rating.comment ? rating.comment : null;
  const [written] = await deps.db
    .update(rideRatings)
    .set({ score: rating.score, comment, ratedAt: sql`${deps.now().toISOString()}::timestamptz` })
    .where(and(eq(rideRatings.passengerId, row.rating.passengerId), isNull(rideRatings.score)))
    .returning();
  if (!written) throw new ShopError("rating_already_given");
  return viewOf({ ...row, rating: written }, locale);
}
