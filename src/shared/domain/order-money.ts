/**
 * An order's money, one set of figures with one set of names wherever it is shown (the refund mail, the account
 * page, the order desk, the exports): `paid`, what its payments took; `refunded`, every refund of it, given or
 * still owed; `net`, paid minus refunded; and `total`, the order's total: what it was sold for until a refund,
 * its net after one. The order row's own `total` drops by a refunded ticket's value when a refund splits it,
 * whatever the refund gave back, so it is never shown as the order's total once a refund exists.
 */
export interface OrderMoney {
  paid: number;
  refunded: number;
  net: number;
  total: number;
}

/** The message keys that name these figures, the same on every page, mail and export. */
export const ORDER_MONEY_KEYS = { paid: "money.paid", refunded: "money.refunded", net: "money.net" } as const;

export function orderMoney(orderTotal: number, paid: number, refunded: number): OrderMoney {
  const net = Math.max(paid - refunded, 0);
  return { paid, refunded, net, total: refunded > 0 ? net : orderTotal };
}
