/**
 * Loads the event's offer into $offer: the provinces once, the categories again whenever the date changes
 * (stock is counted per date). Failing to load provinces or product variants goes to /error404.
 */
import { useEffect, useState } from "react";
import { api } from "../../client/api";
import type { Locale } from "../../shared/locales";
import type { Category, ProvinceOption } from "../../shared/types/catalogue";
import { $offer } from "../../stores/booking";

/** Seats held for this person by a waiting-list offer: on sale for them, whatever the shop shows others. */
export interface HeldSeats {
  productVariantId: number;
  seats: number;
}

function withHeld(categories: Category[], held: HeldSeats | null): Category[] {
  if (!held) return categories;
  return categories.map((category) => ({
    ...category,
    subCategories: category.subCategories.map((sub) => (sub.productVariantId === held.productVariantId ? { ...sub, stock: sub.stock + held.seats } : sub)),
  }));
}

/** `eventRef` is the event's slug: a private event's offer is not reachable by its id. */
export function useOffer(eventRef: string, eventDateId: number | null, locale: Locale, prefix: string, held: HeldSeats | null = null): boolean {
  const heldVariant = held?.productVariantId ?? null;
  const heldSeats = held?.seats ?? 0;
  const [provinces, setProvinces] = useState<ProvinceOption[] | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    api("GET /api/provinces/by-event/:id", { params: { id: eventRef } })
      .then((rows) => live && setProvinces(rows))
      .catch(() => live && window.location.replace(`${prefix}/error404`));
    return () => {
      live = false;
    };
  }, [eventRef, prefix]);

  useEffect(() => {
    if (!provinces) return;
    let live = true;
    const query = eventDateId ? `?eventDateId=${eventDateId}` : "";
    api("GET /api/events/:id/product-variant", { params: { id: eventRef }, query })
      .then((categories) => {
        if (!live) return;
        $offer.set({ categories: withHeld(categories, heldVariant === null ? null : { productVariantId: heldVariant, seats: heldSeats }), provinces, locale });
        setReady(true);
      })
      .catch(() => live && window.location.replace(`${prefix}/error404`));
    return () => {
      live = false;
    };
  }, [eventRef, eventDateId, provinces, locale, prefix, heldVariant, heldSeats]);

  return ready;
}
