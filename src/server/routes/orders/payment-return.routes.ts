/**
 * The providers' way back:
 * - GET|POST /payments/return/{orderId}/{key}: the buyer's browser returns here from Webpay (GET token_ws; POST
 *   TBK_* on a cancel; GET TBK_ORDEN_COMPRA/TBK_ID_SESION on a timeout) or MercadoPago (its back_url query). The
 *   key is the shop's signature of the order id, so only the link the shop gave out is served. The adapter
 *   confirms with the provider; the browser then goes (303) to {site prefix}/order-detail/{orderId}.
 * - POST /payments/mercadopago/webhook: MercadoPago's signed notification.
 */
import { Hono, type Context } from "hono";
import { ShopError } from "../../../shared/domain/shop-error";
import { ApiError } from "../../http/answer";
import type { AppEnv } from "../../http/context";
import type { ReturnParams } from "../../payments";
import { applyConfirmation, orderForPayment } from "../../services/purchase/confirm-payment";
import { knownSitePrefix, orderPagePath, verifyReturnKey } from "../../services/orders/payment-links";
import { documented, redirectOrJson } from "../contract";
import { PAYMENT_CODE } from "../../../shared/domain/payment-codes";

const returnByGet = documented("GET /shop-api/payments/return/:orderId/:key");
const returnByPost = documented("POST /shop-api/payments/return/:orderId/:key");
const webhook = documented("POST /shop-api/payments/mercadopago/webhook");

export const paymentReturnRoutes = new Hono<AppEnv>();

async function returnParams(c: Context<AppEnv>): Promise<ReturnParams> {
  const params: ReturnParams = { ...c.req.query() };
  if (c.req.method === "POST") {
    const type = c.req.header("content-type") ?? "";
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      const form = await c.req.parseBody();
      for (const [name, value] of Object.entries(form)) if (typeof value === "string") params[name] = value;
    }
  }
  return params;
}

async function paymentReturn(c: Context<AppEnv, "/return/:orderId/:key">) {
  const deps = c.get("deps");
  // GET and POST share the path and its schema: either entry reads it.
  const { orderId, key } = returnByGet.params(c);
  if (!verifyReturnKey(deps.auth.signer, orderId, key)) throw new ApiError(404, "not_found");
  const order = await orderForPayment(deps.db, orderId);
  if (!order) throw new ApiError(404, "not_found");
  const params = await returnParams(c);
  const prefix = knownSitePrefix(c.req.query("site"));
  try {
    const confirmation = await deps.payments.get(order.paymentCode).confirmReturn(params);
    const result = await applyConfirmation(deps, order, confirmation, { ownerReturn: true });
    const share = c.req.query("share");
    // A friend paying their share has no session here: back to their share's page, which reads its state.
    if (share) return redirectOrJson(c, `${prefix}/share?${new URLSearchParams({ token: share, state: result.state })}`);
    // The page asks the order's state with the same key: a buyer whose browser holds no session (paying on a
    // second device) still sees how the payment went.
    return redirectOrJson(c, orderPagePath(prefix, orderId, { state: result.state, key }));
  } catch (error) {
    // The buyer still lands on the order page, which reads the real state; the code says what went wrong.
    if (!(error instanceof ShopError)) throw error;
    console.warn(`order ${orderId}: payment return refused (${error.code})`);
    return redirectOrJson(c, orderPagePath(prefix, orderId, { error: error.code, key }));
  }
}

paymentReturnRoutes.get("/return/:orderId/:key", returnByGet.describe, paymentReturn);
paymentReturnRoutes.post("/return/:orderId/:key", returnByPost.describe, paymentReturn);

paymentReturnRoutes.post("/mercadopago/webhook", webhook.describe, async (c) => {
  const deps = c.get("deps");
  const result = await deps.payments.get(PAYMENT_CODE.mercadopago).handleWebhook(c.req.raw);
  if (result.kind === "ignored") return webhook.ok(c, { received: true, applied: false });
  const { confirmation } = result;
  const order = confirmation.orderId === null ? null : await orderForPayment(deps.db, confirmation.orderId);
  // A payment for no order of this shop: acknowledged, so MercadoPago stops retrying, and nothing changes.
  if (!order) return webhook.ok(c, { received: true, applied: false });
  const applied = await applyConfirmation(deps, order, confirmation, { ownerReturn: false });
  return webhook.ok(c, { received: true, applied: applied.changed, state: applied.state });
});
