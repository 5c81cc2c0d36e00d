/**
 * Prices, discounts and totals of a purchase: the total is the sum of the ticket prices, or of their discount
 * prices when a discount applies. Pure functions over rows the server read itself: no price a client sends is
 * ever read, so a tampered request cannot change what is charged.
 */

export interface PricedVariant {
  id: number;
  /** Minor units. */
  price: number;
}

export interface TicketPrice {
  productVariantId: number;
  price: number;
  /** The discounted price when the discount covers this subcategory, else null. */
  discountPrice: number | null;
}

export interface OrderTotals {
  /** Sum of the list prices. */
  subtotal: number;
  /** What the buyer pays: discount prices where they apply, list prices elsewhere. */
  total: number;
  /** subtotal - total, never negative. */
  discount: number;
}

/**
 * One price per ticket, in the order the tickets were sent. `discountPrices` maps a variant to its discount
 * price (discount_prices rows of the applied discount); a discount price above the list price is ignored, so a
 * misconfigured discount can never make a ticket dearer.
 */
export function priceTickets(
  ticketVariantIds: readonly number[],
  variants: ReadonlyMap<number, PricedVariant>,
  discountPrices: ReadonlyMap<number, number> = new Map(),
): TicketPrice[] {
  return ticketVariantIds.map((variantId) => {
    const variant = variants.get(variantId);
    if (!variant) throw new Error(`variant ${variantId} was not loaded`);
    const discounted = discountPrices.get(variantId);
    const discountPrice =
      discounted !== undefined && Number.isInteger(discounted) && discounted >= 0 && discounted <= variant.price ? discounted : null;
    return { productVariantId: variantId, price: variant.price, discountPrice };
  });
}

export function orderTotals(prices: readonly TicketPrice[]): OrderTotals {
  let subtotal = 0;
  let total = 0;
  for (const ticket of prices) {
    subtotal += ticket.price;
    total += ticket.discountPrice ?? ticket.price;
  }
  return { subtotal, total, discount: Math.max(0, subtotal - total) };
}

/**
 * The discount's `variation` column (a decimal text such as "0.15") as a fraction in [0, 1]; anything else is
 * not a usable discount. The wizard shows variation x 100 as the percentage.
 */
export function parseVariation(text: string): number | null {
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= 1 ? value : null;
}

/** How many tickets of each subcategory a purchase takes: what the stock recount compares against. */
export function ticketsPerVariant(ticketVariantIds: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const id of ticketVariantIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}
