/** The reconciliation report: every payment and refund that moved money, and what does not match. */
import * as z from "zod/mini";
import { MOVEMENT_KINDS, RECONCILIATION_FINDINGS } from "../../domain/reconciliation";

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
});

export const reconciliationSchema = z.object({
  from: z.string(),
  to: z.string(),
  movements: z.array(movementSchema),
  /** Per gateway and currency: money in, money out, fees and what stays (in − out − fees), in minor units. */
  totals: z.array(z.object({ gateway: z.string(), currency: z.string(), payments: z.number(), refunds: z.number(), fees: z.number(), net: z.number(), count: z.number() })),
  /** How many movements do not match. */
  findings: z.number(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
export type Movement = z.infer<typeof movementSchema>;
