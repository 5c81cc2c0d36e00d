/**
 * Reconciliation: every payment that took money and every refund between two days, by gateway, with the gateway's
 * own ids, the order it belongs to and what does not match (shared/domain/reconciliation.ts), so finance can lay a
 * gateway's settlement statement beside the shop's books line by line. A day is the wall-clock day of the order's
 * event country, the clock its gateway account and its invoices keep. Totals count money that moved: captures, and
 * refunds the gateway (or staff, for one paid by hand) confirmed; a refund still pending is listed, not counted.
 */
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { PAYMENT_STATE, PAYMENT_STATES, type PaymentState } from "../../../shared/domain/payment-states";
import { PAYMENT_CODE, isPaymentCode } from "../../../shared/domain/payment-codes";
import { REFUND_STATE } from "../../../shared/domain/refunds";
import { MOVEMENT_KIND, RECONCILIATION_FINDING, type ReconciliationFinding } from "../../../shared/domain/reconciliation";
import { ORDER_STATE, ORDER_STATES, stateLabel, type OrderState } from "../../../shared/domain/order-states";
import { timeZoneOf } from "../../../shared/format/dates";
import { translate, type MessageKey } from "../../../shared/i18n";
import type { Locale } from "../../../shared/locales";
import type { Movement, Reconciliation } from "../../../shared/schemas/answers/reconciliation";
import type { ExportCellType, ExportTable } from "../../../shared/schemas/answers/order-desk";
import type { ReconciliationQuery } from "../../../shared/schemas/reconciliation";
import type { ShopContext } from "../../context";
import { auditLog, events, orders, payments, refunds } from "../../db/schema";
import { AUDIT_ACTION } from "../../../shared/domain/audit-actions";
import { PAYMENT_HISTORY } from "../payment-life/payment-life";
import { major, wallClock } from "../order-desk/order-exports";

/** Payment rows whose gateway took money (kept, owed back, given back, or taken twice). */
const MONEY_TAKEN: readonly PaymentState[] = [
  PAYMENT_STATE.approved,
  PAYMENT_STATE.amount_mismatch,
  PAYMENT_STATE.refund_due,
  PAYMENT_STATE.refunded,
  PAYMENT_STATE.duplicate,
  PAYMENT_STATE.duplicate_refunded,
];
/** Refunds a gateway makes itself, and must confirm; the others staff pay by hand. */
const GATEWAY_REFUNDS: readonly string[] = [PAYMENT_CODE.webpay, PAYMENT_CODE.mercadopago];
/** A gateway refund not confirmed within a day is a finding: the refund job asks every few minutes. */
const REFUND_CONFIRMATION_MS = 24 * 3_600_000;
/** Every country's wall clock is within 14 hours of UTC: the database is asked for a window that wide around the days. */
const ZONE_MARGIN_MS = 14 * 3_600_000;

/** The instant a payment took its money: its first move to a state of money taken, or its row's birth (a seeded or duplicate capture). */
const capturedAt = sql<Date>`coalesce((
  select min(${auditLog.createdAt}) from ${auditLog}
  where ${auditLog.resource} = ${PAYMENT_HISTORY} and ${auditLog.resourceId} = ${payments.id} and ${auditLog.action} = ${AUDIT_ACTION.payment_state}
    and ${auditLog.after}->>'state' in (${sql.raw(MONEY_TAKEN.map((state) => `'${state}'`).join(", "))})
), ${payments.createdAt})`.mapWith((value: string | Date) => new Date(value));

/** A movement no settlement file was laid beside (services/reports/settlement-match.ts fills these). */
const UNSETTLED = { settledAmount: null, settledFee: null, settledAt: null } as const;

export async function reconciliation(deps: ShopContext, query: ReconciliationQuery): Promise<Reconciliation> {
  const { db } = deps;
  const start = new Date(Date.parse(`${query.from}T00:00:00Z`) - ZONE_MARGIN_MS);
  const end = new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000 + ZONE_MARGIN_MS);
  const inDays = (at: Date, timeZone: string) => {
    const day = wallClock(at, timeZone).slice(0, 10);
    return day >= query.from && day <= query.to;
  };

  const paymentRows = await db
    .select({ payment: payments, at: capturedAt, orderState: orders.state, currency: orders.currency, country: events.countryCode })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(and(inArray(payments.state, [...MONEY_TAKEN]), sql`${payments.amount} > 0`, sql`${capturedAt} >= ${start}`, sql`${capturedAt} < ${end}`))
    .orderBy(asc(payments.id));
  const refundedAt = sql<Date>`coalesce(${refunds.paidAt}, ${refunds.createdAt})`;
  const refundRows = await db
    .select({ refund: refunds, orderState: orders.state, country: events.countryCode })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(and(gte(refundedAt, start), lt(refundedAt, end)))
    .orderBy(asc(refunds.id));
  const paymentIds = paymentRows.map((row) => row.payment.id);
  // Every refund of a listed payment, whenever it was made: what it took is set against all that went back.
  const givenBack = new Map<number, number>();
  if (paymentIds.length > 0) {
    const sums = await db
      .select({ paymentId: refunds.paymentId, amount: sql<number>`sum(${refunds.amount})`.mapWith(Number) })
      .from(refunds)
      .where(inArray(refunds.paymentId, paymentIds))
      .groupBy(refunds.paymentId);
    for (const sum of sums) if (sum.paymentId !== null) givenBack.set(sum.paymentId, sum.amount);
  }

  const movements: Movement[] = [];
  for (const row of paymentRows) {
    const { payment } = row;
    const timeZone = timeZoneOf(row.country);
    if (!inDays(row.at, timeZone)) continue;
    const back = givenBack.get(payment.id) ?? 0;
    const answers = gatewayFacts(payment.rawAnswers, row.currency);
    movements.push({
      kind: MOVEMENT_KIND.payment,
      id: payment.id,
      at: row.at.toISOString(),
      localTime: wallClock(row.at, timeZone),
      timeZone,
      gateway: payment.method,
      gatewayId: payment.providerReference,
      authorizationCode: answers.authorizationCode,
      orderId: payment.orderId,
      orderState: row.orderState,
      currency: row.currency,
      amount: payment.amount,
      fee: answers.fee,
      state: payment.state,
      finding: paymentFinding(payment.state, row.orderState, payment.amount, back),
      ...UNSETTLED,
    });
  }
  const now = deps.now().getTime();
  for (const row of refundRows) {
    const { refund } = row;
    const timeZone = timeZoneOf(row.country);
    const at = refund.paidAt ?? refund.createdAt;
    if (!inDays(at, timeZone)) continue;
    const viaGateway = GATEWAY_REFUNDS.includes(refund.method);
    const unconfirmed =
      viaGateway &&
      ((refund.state === REFUND_STATE.pending && now - refund.createdAt.getTime() > REFUND_CONFIRMATION_MS) || (refund.state === REFUND_STATE.refunded && refund.gatewayAnswer == null));
    movements.push({
      kind: MOVEMENT_KIND.refund,
      id: refund.id,
      at: at.toISOString(),
      localTime: wallClock(at, timeZone),
      timeZone,
      gateway: refund.method,
      gatewayId: viaGateway ? refundGatewayId(refund.gatewayAnswer) : null,
      authorizationCode: null,
      orderId: refund.orderId,
      orderState: row.orderState,
      currency: refund.currency,
      amount: refund.amount,
      fee: null,
      state: refund.state,
      finding: unconfirmed ? RECONCILIATION_FINDING.refund_unconfirmed : null,
      ...UNSETTLED,
    });
  }
  movements.sort((a, b) => a.at.localeCompare(b.at) || a.kind.localeCompare(b.kind) || a.id - b.id);
  return {
    from: query.from,
    to: query.to,
    movements,
    totals: totalsOf(movements),
    findings: movements.filter((movement) => movement.finding !== null).length,
    unknownSettlements: [],
    settlement: null,
  };
}

/** What does not match on a payment that took money, given what went back of it. */
export function paymentFinding(state: string, orderState: string, amount: number, givenBack: number): ReconciliationFinding | null {
  if (givenBack > amount) return RECONCILIATION_FINDING.refunded_more_than_paid;
  const open = givenBack < amount;
  if (state === PAYMENT_STATE.duplicate) return RECONCILIATION_FINDING.duplicate_unreturned;
  if (state === PAYMENT_STATE.refund_due && open) return RECONCILIATION_FINDING.refund_owed;
  if (state === PAYMENT_STATE.amount_mismatch && open) return RECONCILIATION_FINDING.amount_mismatch;
  if (state === PAYMENT_STATE.approved && orderState !== ORDER_STATE.paid && open) return RECONCILIATION_FINDING.captured_unpaid_order;
  return null;
}

/** Per gateway and currency, in the movements' order of first appearance. */
function totalsOf(movements: Movement[]): Reconciliation["totals"] {
  const totals = new Map<string, Reconciliation["totals"][number]>();
  for (const movement of movements) {
    const key = `${movement.gateway} ${movement.currency}`;
    const line = totals.get(key) ?? { gateway: movement.gateway, currency: movement.currency, payments: 0, refunds: 0, fees: 0, net: 0, count: 0 };
    line.count += 1;
    if (movement.kind === MOVEMENT_KIND.payment) {
      line.payments += movement.amount;
      line.fees += movement.fee ?? 0;
    } else if (movement.state === REFUND_STATE.refunded) line.refunds += movement.amount;
    line.net = line.payments - line.refunds - line.fees;
    totals.set(key, line);
  }
  return [...totals.values()];
}

/** The fee and authorization code a gateway's answers carry (MercadoPago's `fee_details`, Webpay's `authorization_code`). */
export function gatewayFacts(rawAnswers: readonly unknown[], currency: string): { fee: number | null; authorizationCode: string | null } {
  let fee: number | null = null;
  let authorizationCode: string | null = null;
  for (const entry of rawAnswers) {
    const raw = (entry as { raw?: unknown } | null)?.raw as { fee_details?: unknown; authorization_code?: unknown; response_code?: unknown } | undefined;
    if (!raw || typeof raw !== "object") continue;
    if (Array.isArray(raw.fee_details)) {
      const units = raw.fee_details.reduce((sum: number, detail: unknown) => sum + (typeof (detail as { amount?: unknown }).amount === "number" ? (detail as { amount: number }).amount : 0), 0);
      fee = Math.round(units / major(1, currency));
    }
    if (typeof raw.authorization_code === "string" && raw.authorization_code !== "000000" && (raw.response_code === undefined || raw.response_code === 0)) authorizationCode = raw.authorization_code;
  }
  return { fee, authorizationCode };
}

/** The gateway's id of a refund it confirmed (MercadoPago's refund id), when its answer carries one. */
function refundGatewayId(answer: unknown): string | null {
  const raw = (answer as { raw?: unknown } | null)?.raw ?? answer;
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === "number" || typeof id === "string" ? String(id) : null;
}

type Column = readonly [MessageKey, ExportCellType];
const COLUMNS = [
  ["reconciliation.col.date", "date"],
  ["reconciliation.col.time_zone", "text"],
  ["reconciliation.col.kind", "text"],
  ["reconciliation.col.gateway", "text"],
  ["reconciliation.col.gateway_id", "text"],
  ["reconciliation.col.authorization", "text"],
  ["reconciliation.col.order", "number"],
  ["reconciliation.col.order_state", "text"],
  ["reconciliation.col.state", "text"],
  ["reconciliation.col.currency", "text"],
  ["reconciliation.col.amount", "money"],
  ["reconciliation.col.fee", "money"],
  ["reconciliation.col.settled", "money"],
  ["reconciliation.col.settled_fee", "money"],
  ["reconciliation.col.settled_on", "date"],
  ["reconciliation.col.finding", "text"],
] as const satisfies readonly Column[];

/** The movements as a spreadsheet table in the reader's language: money in the currency's units, refunds negative. */
export function reconciliationTable(report: Reconciliation, locale: Locale): ExportTable {
  const t = (key: MessageKey) => translate(locale, key);
  const stateOf = (movement: Movement) =>
    movement.kind === MOVEMENT_KIND.refund
      ? t(`refunds.state.${movement.state as "pending"}`)
      : (PAYMENT_STATES as readonly string[]).includes(movement.state)
        ? t(`reconciliation.payment_state.${movement.state as PaymentState}`)
        : movement.state;
  return {
    columns: COLUMNS.map(([key]) => t(key)),
    types: COLUMNS.map(([, type]) => type),
    rows: [
      ...report.movements.map((movement) => [
      movement.localTime,
      movement.timeZone,
      t(`reconciliation.kind.${movement.kind}`),
      isPaymentCode(movement.gateway) ? t(`payments.method.${movement.gateway}`) : movement.gateway,
      movement.gatewayId,
      movement.authorizationCode,
      movement.orderId,
      (ORDER_STATES as readonly string[]).includes(movement.orderState) ? t(stateLabel(movement.orderState as OrderState)) : movement.orderState,
      stateOf(movement),
      movement.currency,
      major(movement.kind === MOVEMENT_KIND.refund ? -movement.amount : movement.amount, movement.currency),
      movement.fee === null ? null : major(movement.fee, movement.currency),
      movement.settledAmount === null ? null : major(movement.kind === MOVEMENT_KIND.refund ? -movement.settledAmount : movement.settledAmount, movement.currency),
      movement.settledFee === null ? null : major(movement.settledFee, movement.currency),
      movement.settledAt === null ? null : wallClock(new Date(movement.settledAt), movement.timeZone),
      movement.finding === null ? null : t(`reconciliation.finding.${movement.finding}`),
    ]),
      // The settlement file's lines the shop has no movement of, last: the gateway's side only, in UTC.
      ...report.unknownSettlements.map((line) => [
        wallClock(new Date(line.settledAt), "UTC"),
        "UTC",
        t(`reconciliation.kind.${line.kind}`),
        t(`payments.method.${line.gateway}`),
        line.gatewayId,
        null,
        null,
        null,
        null,
        line.currency,
        null,
        null,
        major(line.kind === MOVEMENT_KIND.refund ? -line.gross : line.gross, line.currency),
        major(line.fee, line.currency),
        wallClock(new Date(line.settledAt), "UTC"),
        t(`reconciliation.finding.${RECONCILIATION_FINDING.settled_unknown}`),
      ]),
    ],
  };
}
