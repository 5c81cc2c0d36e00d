/**
 * The buyer's order calls (bearer): POST /init-payment (the purchase), GET /order-status/{id} (payment result
 * page), GET /order-detail/{id}[/…] (account purchase detail). Routes parse and answer; services decide.
 */
import { Hono } from "hono";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { ok } from "../../http/answer";
import { readJson } from "../../http/validate";
import { purchaseSchema } from "../../../shared/schemas/purchase";
import { orderDetail, orderStatus } from "../../services/orders/order-detail";
import { purchase } from "../../services/orders/purchase";
import { expireHolds } from "../../services/orders/release";
import { orderIdParam } from "./path-id";

export const orderRoutes = new Hono<AuthEnv>();

orderRoutes.post("/init-payment", requireCaller, async (c) => {
  const body = await readJson(c, purchaseSchema);
  const caller = callerOf(c);
  return ok(c, await purchase(c.get("deps"), { id: caller.id, email: caller.email }, body, c.get("locale")), 201);
});

orderRoutes.get("/order-status/:id", requireCaller, async (c) => {
  const deps = c.get("deps");
  const id = orderIdParam(c.req.param("id"));
  // A hold that ran out reads as expired, not as still waiting.
  await expireHolds(deps.db, (deps.now ?? (() => new Date()))(), { orderId: id });
  return ok(c, await orderStatus(deps.db, callerOf(c).id, id));
});

// account.md section 7: "/shop-api/order-detail/{orderId} (optional suffix)".
for (const path of ["/order-detail/:id", "/order-detail/:id/*"]) {
  orderRoutes.get(path, requireCaller, async (c) => {
    const deps = c.get("deps");
    const id = orderIdParam(c.req.param("id"));
    await expireHolds(deps.db, (deps.now ?? (() => new Date()))(), { orderId: id });
    return ok(c, await orderDetail(deps.db, deps.env, callerOf(c).id, id, c.get("locale")));
  });
}
