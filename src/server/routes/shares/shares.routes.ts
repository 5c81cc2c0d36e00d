/**
 * Shared purchases: a friend's personal link (no sign-in: the token is the key) and the buyer's view of who has
 * paid, with paying a missing share. Routes parse and answer; services/shares decides.
 */
import { Hono } from "hono";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { buyerOrigin } from "../../origin";
import { getShare, orderShares, payShare, payShareAsBuyer } from "../../services/shares/share-payment";
import { answerOnce } from "../../services/idempotency/answer-once";
import { documented } from "../contract";

const one = documented("GET /shop-api/shares/:token");
const pay = documented("POST /shop-api/shares/:token/pay");
const ofOrder = documented("GET /shop-api/orders/:id/shares");
const payForFriend = documented("POST /shop-api/orders/:id/shares/:shareId/pay");

export const shareRoutes = new Hono<AuthEnv>();

shareRoutes.get("/shares/:token", one.describe, async (c) => {
  return one.ok(c, await getShare(c.get("deps"), one.params(c).token, c.get("locale")));
});

shareRoutes.post("/shares/:token/pay", pay.describe, async (c) => {
  const deps = c.get("deps");
  const { token } = pay.params(c);
  const { body } = await pay.input(c);
  const key = pay.headers(c)["Idempotency-Key"];
  const origin = buyerOrigin(deps.env, c.req.header("host") ?? new URL(c.req.url).host);
  const keyed = { scope: "share-pay", owner: token, key, request: body };
  return pay.ok(c, await answerOnce(deps, keyed, () => payShare(deps, token, body, c.get("locale"), origin)));
});

shareRoutes.get("/orders/:id/shares", ofOrder.describe, requireCaller, async (c) => {
  return ofOrder.ok(c, await orderShares(c.get("deps").db, callerOf(c).id, ofOrder.params(c).id));
});

shareRoutes.post("/orders/:id/shares/:shareId/pay", payForFriend.describe, requireCaller, async (c) => {
  const deps = c.get("deps");
  const { id, shareId } = payForFriend.params(c);
  const { body } = await payForFriend.input(c);
  const key = payForFriend.headers(c)["Idempotency-Key"];
  const origin = buyerOrigin(deps.env, c.req.header("host") ?? new URL(c.req.url).host);
  const buyerId = callerOf(c).id;
  const keyed = { scope: "share-pay-buyer", owner: String(buyerId), key, request: { id, shareId, body } };
  return payForFriend.ok(c, await answerOnce(deps, keyed, () => payShareAsBuyer(deps, buyerId, id, shareId, body, c.get("locale"), origin)));
});
