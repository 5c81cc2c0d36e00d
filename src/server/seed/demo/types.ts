/** The shape of the demo catalogue, written as data so the seed and the image generator read the same list. */
import type { CountryCode } from "../../../shared/locales";
import type { Text } from "../text";

/** 1 a fixed date, 2 any day in a range, 3 a choice among listed dates; days count from the seed's today. */
export type Schedule =
  | { periodicity: 1; day: number; time: string; hours: number }
  | { periodicity: 2; fromDay: number; toDay: number; time: string; hours: number }
  | { periodicity: 3; days: number[]; time: string; hours: number };

export type CategoryKind = "shared" | "private" | "bus";

/** Drawing themes for the generated banners (scripts/generate-demo-images.ts). */
export type Motif = "stage" | "ball" | "mountain" | "flower" | "rings" | "confetti" | "book" | "race" | "coffee" | "wave";

export interface EventSeed {
  slug: string;
  country: CountryCode;
  /** 1 mass, 2 private, 3 alliance. */
  type: 1 | 2 | 3;
  venue: string;
  name: Text;
  blurb: Text;
  when: Schedule;
  paymentType?: 1 | 2;
  recommended?: boolean;
  requiresLogin?: boolean;
  cancelled?: boolean;
  stops?: { address: string; province: string; county: string; time: string }[];
  /**
   * Categories in priority order (the first gets the highest priority), the one-seat base price in the
   * country's minor units, and a price factor per province people are picked up in.
   */
  offer: { categories: CategoryKind[]; base: number; provinces: Record<string, number> };
  art: { from: string; to: string; motif: Motif };
}

export interface VenueSeed {
  country: CountryCode;
  name: string;
  address: string;
  province: string;
  county: string;
  /** Translated venue names where one exists ("Parque Simón Bolívar" stays, "Book Fair grounds" ...). */
  translations?: Partial<Record<"en_US" | "pt_BR", string>>;
}
