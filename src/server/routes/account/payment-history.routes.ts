/** GET /shop-api/payment-history: the caller's purchases, newest first. */
import { Hono } from "hono";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { paymentHistory } from "../../services/account/payment-history";
import { documented } from "../contract";

const history = documented("GET /shop-api/payment-history");

export const paymentHistoryRoutes = new Hono<AuthEnv>();
paymentHistoryRoutes.use("*", requireCaller);
paymentHistoryRoutes.get("/", history.describe, async (c) => history.ok(c, await paymentHistory(c.get("deps"), callerOf(c).id, c.get("locale"))));
