/**
 * The client-held tickets and the order total: one ticket per unit of each chosen subcategory, in the order the categories are shown,
 * each carrying the address lines and passengers typed for it. The server prices the order again;
 * these amounts are only shown.
 */
import { pickTranslation } from "../shared/pick-translation";
import type { Locale } from "../shared/locales";
import type { AddressLineInput, DiscountAnswer, PassengerInput } from "../shared/schemas/purchase";
import type { Approach, Category } from "../shared/types/catalogue";
import { provinceSubcategories, sortCategories } from "./booking-offer";

export interface ClientTicket {
  /** `{productVariantId}-{n}`: stays put when another subcategory's quantity changes. */
  key: string;
  placeId: number;
  placeAddress: string;
  capacity: number;
  stops: number;
  productVariantId: number;
  price: number;
  /** The category's name. */
  name: string;
  subcategoryName: string;
  discountPrice: number | null;
  approaches: Approach[];
  passengers: PassengerInput[];
  addresses: AddressLineInput[];
}

export interface TicketInputs {
  provinceId: number | null;
  quantity: Record<string, number>;
  discount: DiscountAnswer | null;
  addressInputs: Record<string, AddressLineInput[]>;
  passengerInputs: Record<string, PassengerInput[]>;
}

export const ticketKey = (productVariantId: number, n: number) => `${productVariantId}-${n}`;

/** The discounted price of a subcategory when the applied discount covers it. */
export function discountPriceOf(discount: DiscountAnswer | null, productVariantId: number): number | null {
  const entry = discount?.productVariants.find((variant) => variant.product_variant_id === productVariantId);
  return entry ? entry.discount_price : null;
}

export function buildTickets(categories: readonly Category[], inputs: TicketInputs, locale: Locale): ClientTicket[] {
  if (inputs.provinceId === null) return [];
  const tickets: ClientTicket[] = [];
  for (const category of sortCategories(categories)) {
    const name = pickTranslation(category.translations, locale)?.name ?? "";
    for (const subcategory of provinceSubcategories(category, inputs.provinceId, locale)) {
      const count = inputs.quantity[subcategory.productVariantId] ?? 0;
      for (let n = 0; n < count; n++) {
        const key = ticketKey(subcategory.productVariantId, n);
        tickets.push({
          key,
          placeId: subcategory.placeId,
          placeAddress: subcategory.placeAddress,
          capacity: subcategory.capacity,
          stops: subcategory.stops,
          productVariantId: subcategory.productVariantId,
          price: subcategory.price,
          name,
          subcategoryName: pickTranslation(subcategory.translations, locale)?.name ?? "",
          discountPrice: discountPriceOf(inputs.discount, subcategory.productVariantId),
          approaches: subcategory.approach,
          addresses: inputs.addressInputs[key] ?? [],
          passengers: inputs.passengerInputs[key] ?? [],
        });
      }
    }
  }
  return tickets;
}

export interface OrderTotals {
  /** What is paid: the sum of discount prices where a discount applies, else of prices. */
  total: number;
  /** The sum of the prices, shown crossed out when it differs from the total. */
  original: number;
  discounted: boolean;
  count: number;
}

/** The total is the sum of the ticket prices, or of their discount prices when a discount applies. */
export function orderTotals(tickets: readonly Pick<ClientTicket, "price" | "discountPrice">[]): OrderTotals {
  const original = tickets.reduce((sum, ticket) => sum + ticket.price, 0);
  const total = tickets.reduce((sum, ticket) => sum + (ticket.discountPrice ?? ticket.price), 0);
  return { total, original, discounted: total !== original, count: tickets.length };
}

/** The discount percentage shown is the variation times 100 (0.15 -> 15, 0.125 -> 12.5). */
export function discountPercent(variation: number): number {
  return Math.round(variation * 100 * 100) / 100;
}
