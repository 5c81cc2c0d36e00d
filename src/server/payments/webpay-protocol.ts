/**
 * Transbank Webpay Plus REST v1.2 as the adapter and the simulator both speak it
 * (transbankdevelopers.cl/referencia/webpay): paths, field names and the four ways a buyer comes back.
 */
import { z } from "zod";
import type { ReturnParams } from "./types";

export const WEBPAY_TRANSACTIONS_PATH = "/rswebpaytransaction/api/webpay/v1.2/transactions";
/** Where the browser posts token_ws (the real host's path, kept by the simulator). */
export const WEBPAY_FORM_PATH = "/webpayserver/initTransaction";

/** Transbank's limits: buy_order 26 characters, session_id 61, return_url 256, amount 17 digits (here: what a double holds exactly). */
export const createTransactionSchema = z.object({
  buy_order: z.string().min(1).max(26).regex(/^[A-Za-z0-9|_=&%.,~:/?[+!@()>-]+$/),
  session_id: z.string().min(1).max(61),
  amount: z.number().positive().max(Number.MAX_SAFE_INTEGER),
  return_url: z.url().max(256),
});
export type CreateTransactionRequest = z.infer<typeof createTransactionSchema>;

export const createTransactionAnswerSchema = z.object({ token: z.string().min(1), url: z.url() });

/** Commit and status answer; details are absent while the transaction is INITIALIZED. */
export const transactionAnswerSchema = z.object({
  vci: z.string().optional(),
  amount: z.number(),
  status: z.string(),
  buy_order: z.string(),
  session_id: z.string(),
  card_detail: z.object({ card_number: z.string() }).optional(),
  accounting_date: z.string().optional(),
  transaction_date: z.string().optional(),
  authorization_code: z.string().optional(),
  payment_type_code: z.string().optional(),
  response_code: z.number().optional(),
  installments_amount: z.number().optional(),
  installments_number: z.number().optional(),
  balance: z.number().optional(),
});
export type TransactionAnswer = z.infer<typeof transactionAnswerSchema>;

/** POST {transactions}/{token}/refunds: a reversal (same day) or a nullification, answered with its type. */
export const refundRequestSchema = z.object({ amount: z.number().positive().max(Number.MAX_SAFE_INTEGER) });
export const refundAnswerSchema = z.object({
  type: z.enum(["REVERSED", "NULLIFIED"]),
  authorization_code: z.string().optional(),
  authorization_date: z.string().optional(),
  nullified_amount: z.number().optional(),
  balance: z.number().optional(),
  response_code: z.number().optional(),
});
export type RefundAnswer = z.infer<typeof refundAnswerSchema>;
/** What the status says of a transaction whose money went back. */
export const REFUNDED_STATUSES = ["REVERSED", "NULLIFIED"];

/** Transbank answers errors as `{ error_message }` with a 4xx status. */
export interface WebpayErrorAnswer {
  error_message: string;
}

/**
 * The four return flows (Webpay Plus docs, "Resumen de flujos"): only token_ws (normal, approved or rejected);
 * TBK_TOKEN + TBK_ORDEN_COMPRA + TBK_ID_SESION (aborted by the buyer); all four together (error on the payment
 * form); only TBK_ORDEN_COMPRA + TBK_ID_SESION (timeout on the form, no token at all).
 */
export type WebpayReturn =
  | { kind: "normal"; token: string }
  | { kind: "aborted"; token: string; buyOrder: string; sessionId: string }
  | { kind: "form_error"; token: string; buyOrder: string; sessionId: string }
  | { kind: "timeout"; buyOrder: string; sessionId: string }
  | { kind: "invalid" };

export function classifyWebpayReturn(params: ReturnParams): WebpayReturn {
  const tokenWs = params.token_ws?.trim() || undefined;
  const tbkToken = params.TBK_TOKEN?.trim() || undefined;
  const buyOrder = params.TBK_ORDEN_COMPRA?.trim() || undefined;
  const sessionId = params.TBK_ID_SESION?.trim() || undefined;
  if (tokenWs && tbkToken && buyOrder && sessionId) return { kind: "form_error", token: tokenWs, buyOrder, sessionId };
  if (tokenWs && !tbkToken && !buyOrder && !sessionId) return { kind: "normal", token: tokenWs };
  if (!tokenWs && tbkToken && buyOrder && sessionId) return { kind: "aborted", token: tbkToken, buyOrder, sessionId };
  if (!tokenWs && !tbkToken && buyOrder && sessionId) return { kind: "timeout", buyOrder, sessionId };
  return { kind: "invalid" };
}

/** buy_order carries the order id so a timeout (which brings no token) still names its order: `R{orderId}-{nonce}`. */
export function buyOrderFor(orderId: number, nonce: string): string {
  return `R${orderId}-${nonce}`.slice(0, 26);
}

export function orderIdFromBuyOrder(buyOrder: string | undefined): number | null {
  const match = /^R(\d+)-/.exec(buyOrder ?? "");
  return match ? Number(match[1]) : null;
}
