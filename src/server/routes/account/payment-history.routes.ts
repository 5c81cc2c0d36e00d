/** GET /shop-api/payment-history (account.md section 7): the caller's purchases, newest first. */
import { Hono } from "hono";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { ok } from "../../http/answer";
import { paymentHistory } from "../../services/account/payment-history";
import { sweepCallerHolds } from "../orders/sweep-holds";

export const paymentHistoryRoutes = new Hono<AuthEnv>();
paymentHistoryRoutes.use("*", requireCaller);
paymentHistoryRoutes.use("*", sweepCallerHolds);
paymentHistoryRoutes.get("/", async (c) => ok(c, await paymentHistory(c.get("deps").db, callerOf(c).id, c.get("locale"))));
