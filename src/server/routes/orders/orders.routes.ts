/**
 * The buyer's order calls (bearer): POST /init-payment (the purchase), GET /order-status/{id} (payment result
 * page), GET /order-detail/{id}[/…] (account purchase detail). Routes parse and answer; services decide.
 */
import { Hono, type Context } from "hono";
import { callerOf, claimsFrom, requireCaller, requireToken, type AuthEnv } from "../../auth/bearer";
import { loadCaller } from "../../auth/caller";
import { identifyCaller } from "../../auth/optional-caller";
import { ShopError } from "../../../shared/domain/shop-error";
import { verifyReturnKey } from "../../services/orders/payment-links";
import { buyerOrigin } from "../../origin";
import { orderDetail, orderStatus, orderStatusByReturnKey } from "../../services/order-detail/order-detail";
import { purchase } from "../../services/purchase/purchase";
import { answerOnce } from "../../services/idempotency/answer-once";
import { documented } from "../contract";

const initPayment = documented("POST /shop-api/init-payment");
const status = documented("GET /shop-api/order-status/:id");
const detail = documented("GET /shop-api/order-detail/:id");

export const orderRoutes = new Hono<AuthEnv>();

// The token is checked here; its user is read with the purchase's first statement (one round trip less).
orderRoutes.post("/init-payment", initPayment.describe, requireToken, async (c) => {
  const deps = c.get("deps");
  const claims = claimsFrom(c);
  // An ended session is told so before anything about its body, as behind requireCaller.
  const { body } = await initPayment.input(c).catch(async (error: unknown) => {
    await loadCaller(deps.db, claims);
    throw error;
  });
  const key = initPayment.headers(c)["Idempotency-Key"];
  const origin = buyerOrigin(deps.env, c.req.header("host") ?? new URL(c.req.url).host);
  const keyed = { scope: "init-payment", owner: String(claims.userId), key, request: body };
  return initPayment.ok(c, await answerOnce(deps, keyed, () => purchase(deps, claims, body, c.get("locale"), origin)));
});

orderRoutes.get("/order-status/:id", status.describe, identifyCaller, async (c) => {
  const id = status.params(c).id;
  const deps = c.get("deps");
  const { key } = status.query(c);
  // The return link's key shows the state to whoever the shop sent back with it, signed in or not.
  if (key !== undefined && verifyReturnKey(deps.auth.signer, id, key)) return status.ok(c, await orderStatusByReturnKey(deps, id));
  if (!c.get("caller")) throw new ShopError("unauthorized");
  return status.ok(c, await orderStatus(deps, callerOf(c).id, id));
});

// /shop-api/order-detail/{orderId} also answers with any path suffix after the id, which it ignores. OpenAPI has no wildcard paths: the
// suffixed form is documented with the plain one.
const showDetail = async (c: Context<AuthEnv, "/order-detail/:id">) => {
  const id = status.params(c).id;
  return detail.ok(c, await orderDetail(c.get("deps"), callerOf(c).id, id, c.get("locale")));
};
orderRoutes.get("/order-detail/:id", detail.describe, requireCaller, showDetail);
orderRoutes.get("/order-detail/:id/*", requireCaller, showDetail);
