/**
 * A credit note's lines add up to its total. Its tickets are listed at their value, but a refund may give back
 * less (the cancellation policy's share kept, an amount staff chose) or more (the last refund of an order gives
 * back what is left of the payment, the share an earlier refund kept included): one more line says the
 * difference, so the document never shows a line of COP 45.000 under a total of COP 12.345.
 */
import type { InvoiceLine } from "./invoice-pdf";

export interface BalanceLabels {
  /** The part of the tickets' value not given back. */
  kept: string;
  /** Money given back beyond the tickets listed (what an earlier refund kept). */
  rest: string;
}

/** What a line counts towards its document's total. */
export const lineAmount = (line: InvoiceLine) => line.price - line.discount;

/** The lines, with a balancing line when they do not add up to `total`. */
export function creditNoteLines(lines: readonly InvoiceLine[], total: number, labels: BalanceLabels): InvoiceLine[] {
  const listed = lines.reduce((sum, line) => sum + lineAmount(line), 0);
  if (listed === total) return [...lines];
  const difference = total - listed;
  return [...lines, { description: difference < 0 ? labels.kept : labels.rest, price: difference, discount: 0 }];
}
