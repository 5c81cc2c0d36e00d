/** The reconciliation report: every payment and refund that moved money, and what does not match. */
import * as z from "zod/mini";
import { MOVEMENT_KINDS, RECONCILIATION_FINDINGS, SETTLEMENT_GATEWAYS } from "../../domain/reconciliation";

export const movementSchema = z.object({
  kind: z.enum(MOVEMENT_KINDS),
  /** The payment or refund row's id. */
  id: z.number(),
  /** When the money moved (a payment's capture, a refund's confirmation or request), ISO instant. */
  at: z.string(),
  /** The same instant on the wall clock of the order's event country ("YYYY-MM-DD HH:mm"), and that zone. */
  localTime: z.string(),
  timeZone: z.string(),
  /** The payment method's code (webpay, mercadopago, transferencia, prepagado). */
  gateway: z.string(),
  /** The gateway's own id of the movement (MercadoPago's payment id, Webpay's token), when it gave one. */
  gatewayId: z.nullable(z.string()),
  /** Webpay's authorization code of a capture, when it gave one. */
  authorizationCode: z.nullable(z.string()),
  orderId: z.number(),
  orderState: z.string(),
  currency: z.string(),
  /** Minor units: a payment's money in, a refund's money out (both positive; `kind` says which way). */
  amount: z.number(),
  /** What the gateway kept of a capture, in minor units, when its answer says. */
  fee: z.nullable(z.number()),
  /** The payment's or refund's own state. */
  state: z.string(),
  finding: z.nullable(z.enum(RECONCILIATION_FINDINGS)),
  /** What the gateway's settlement file says it settled of this movement (gross, minor units); null without a file or a line. */
  settledAmount: z.nullable(z.number()),
  /** The fee the gateway charged on it in its settlement (minor units). */
  settledFee: z.nullable(z.number()),
  /** When the gateway released it to the account, ISO instant. */
  settledAt: z.nullable(z.string()),
});

/** A line of the gateway's settlement file that no payment or refund of the shop explains. */
export const unknownSettlementSchema = z.object({
  gateway: z.enum(SETTLEMENT_GATEWAYS),
  gatewayId: z.string(),
  kind: z.enum(MOVEMENT_KINDS),
  /** Minor units of the file's currency: gross, fee, and what reached (or left) the account. */
  gross: z.number(),
  fee: z.number(),
  net: z.number(),
  currency: z.string(),
  settledAt: z.string(),
  /** The reference the gateway carried (MercadoPago's EXTERNAL_REFERENCE), when any. */
  reference: z.nullable(z.string()),
  /** The line's number in the file (the header is line 1). */
  line: z.number(),
});

export const reconciliationSchema = z.object({
  from: z.string(),
  to: z.string(),
  movements: z.array(movementSchema),
  /** Per gateway and currency: money in, money out, fees and what stays (in − out − fees), in minor units. */
  totals: z.array(z.object({ gateway: z.string(), currency: z.string(), payments: z.number(), refunds: z.number(), fees: z.number(), net: z.number(), count: z.number() })),
  /** How many movements (and lines of a settlement file unknown to the shop) do not match. */
  findings: z.number(),
  /** With a gateway's settlement file: its lines the shop has no movement of (`settled_unknown`); empty otherwise. */
  unknownSettlements: z.array(unknownSettlementSchema),
  /** The settlement file laid beside the books, when one was: its gateway, currency, lines read and last release. */
  settlement: z.nullable(z.object({ gateway: z.enum(SETTLEMENT_GATEWAYS), currency: z.string(), lines: z.number(), lastSettledAt: z.nullable(z.string()) })),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
export type Movement = z.infer<typeof movementSchema>;
export type UnknownSettlement = z.infer<typeof unknownSettlementSchema>;
