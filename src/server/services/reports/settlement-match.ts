/**
 * The gateway's side laid beside the shop's: a gateway's settlement file (src/server/payments/
 * settlement.ts) read against the reconciliation of the same period. Each payment the gateway settled gets its
 * settled amount, fee and release time; a refund the gateway took back likewise. What does not match is flagged:
 * a line the shop has no payment or refund of (`settled_unknown`), a settled amount other than the shop's
 * (`settled_amount_differs`), a capture older than SETTLEMENT_DAYS before the file's last release that the file does
 * not settle (`not_settled`). A movement's own finding (the shop's books) comes first; only a movement the books
 * found nothing wrong with takes a settlement finding.
 */
import { and, eq, inArray } from "drizzle-orm";
import { ShopError } from "../../../shared/domain/shop-error";
import { MOVEMENT_KIND, RECONCILIATION_FINDING, SETTLEMENT_DAYS, type SettlementGateway } from "../../../shared/domain/reconciliation";
import type { Movement, Reconciliation, UnknownSettlement } from "../../../shared/schemas/answers/reconciliation";
import type { SettlementQuery } from "../../../shared/schemas/reconciliation";
import type { ShopContext } from "../../context";
import { payments, refunds } from "../../db/schema";
import { SETTLEMENT_READERS, SettlementFileError, type SettlementLine } from "../../payments/settlement";
import { reconciliation } from "./reconciliation";

const DAY_MS = 86_400_000;

/** The reconciliation of the query's period with the uploaded settlement file of its gateway laid beside it. */
export async function reconcileSettlement(deps: ShopContext, query: SettlementQuery, bytes: Buffer): Promise<Reconciliation> {
  let lines: SettlementLine[];
  try {
    lines = SETTLEMENT_READERS[query.gateway](bytes, query.currency);
  } catch (error) {
    if (error instanceof SettlementFileError) throw new ShopError("settlement_file_unreadable", { file: "errors.settlement_file_unreadable" }, { detail: error.detail });
    throw error;
  }
  const report = await reconciliation(deps, query);
  const refundIds = report.movements.filter((one) => one.kind === MOVEMENT_KIND.refund && one.gateway === query.gateway).map((one) => one.id);
  // A refund line names the payment it gives back (MercadoPago's SOURCE_ID is the payment's id).
  const refundPayments = new Map<number, string>();
  if (refundIds.length > 0) {
    const rows = await deps.db.select({ id: refunds.id, reference: payments.providerReference }).from(refunds).innerJoin(payments, eq(payments.id, refunds.paymentId)).where(inArray(refunds.id, refundIds));
    for (const row of rows) if (row.reference) refundPayments.set(row.id, row.reference);
  }
  const matched = settle(report, query.gateway, query.currency, lines, refundPayments);
  // A line the period does not list may still be a movement of the shop's from another period: only one it has no
  // payment of at all is unknown to it.
  const unmatchedIds = [...new Set(matched.unknownSettlements.map((line) => line.gatewayId))];
  if (unmatchedIds.length > 0) {
    const known = await deps.db
      .select({ reference: payments.providerReference })
      .from(payments)
      .where(and(eq(payments.method, query.gateway), inArray(payments.providerReference, unmatchedIds)));
    const knownIds = new Set(known.map((row) => row.reference));
    matched.unknownSettlements = matched.unknownSettlements.filter((line) => !knownIds.has(line.gatewayId));
  }
  matched.findings = matched.movements.filter((one) => one.finding !== null).length + matched.unknownSettlements.length;
  return matched;
}

/**
 * Pure: the report with the file's lines set on its movements of `gateway`, `refundPayments` naming each refund's
 * payment id at the gateway. Each line explains one movement: a capture by its payment id, a refund by its payment's
 * id, refunds of one payment taken in the order they were made.
 */
export function settle(report: Reconciliation, gateway: SettlementGateway, currency: string, lines: readonly SettlementLine[], refundPayments: ReadonlyMap<number, string>): Reconciliation {
  const waiting = new Map<string, SettlementLine[]>();
  for (const line of lines) {
    const key = `${line.kind}:${line.gatewayId}`;
    waiting.set(key, [...(waiting.get(key) ?? []), line]);
  }
  const take = (key: string) => {
    const queue = waiting.get(key);
    return queue && queue.length > 0 ? queue.shift()! : null;
  };
  const lastSettledAt = lines.reduce<string | null>((last, line) => (last === null || line.settledAt > last ? line.settledAt : last), null);
  const dueBefore = lastSettledAt ? Date.parse(lastSettledAt) - SETTLEMENT_DAYS * DAY_MS : null;

  const movements = report.movements.map((movement): Movement => {
    if (movement.gateway !== gateway) return movement;
    const paymentId = movement.kind === MOVEMENT_KIND.payment ? movement.gatewayId : (refundPayments.get(movement.id) ?? null);
    const line = paymentId ? take(`${movement.kind}:${paymentId}`) : null;
    if (!line) {
      const late = movement.kind === MOVEMENT_KIND.payment && dueBefore !== null && Date.parse(movement.at) < dueBefore;
      return late && movement.finding === null ? { ...movement, finding: RECONCILIATION_FINDING.not_settled } : movement;
    }
    const differs = line.gross !== movement.amount;
    return {
      ...movement,
      settledAmount: line.gross,
      settledFee: line.fee,
      settledAt: line.settledAt,
      finding: movement.finding ?? (differs ? RECONCILIATION_FINDING.settled_amount_differs : null),
    };
  });
  const unknownSettlements: UnknownSettlement[] = [...waiting.values()].flat().sort((a, b) => a.line - b.line).map((line) => ({ gateway, currency, ...line }));
  return {
    ...report,
    movements,
    unknownSettlements,
    findings: movements.filter((one) => one.finding !== null).length + unknownSettlements.length,
    settlement: { gateway, currency, lines: lines.length, lastSettledAt },
  };
}
