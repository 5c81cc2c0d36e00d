/** The account calls, mounted under /shop-api by app.ts. Every call but the six sign-in ones needs the bearer. */
import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { authRoutes, logoutRoutes, sessionRoutes } from "./auth.routes";
import { signedInEventRoutes } from "./events.routes";
import { frequentAddressRoutes } from "./frequent-addresses.routes";
import { frequentFriendRoutes } from "./frequent-friends.routes";
import { meRoutes } from "./me.routes";
import { paymentHistoryRoutes } from "./payment-history.routes";
import { privateEventAccountRoutes } from "./private-events.routes";
import { unsubscribeRoutes } from "./unsubscribe.routes";

export const accountRoutes = new Hono<AppEnv>()
  .route("/", authRoutes)
  .route("/session", sessionRoutes)
  .route("/logout", logoutRoutes)
  .route("/me", meRoutes)
  .route("/frequent-friends", frequentFriendRoutes)
  .route("/frequent-addresses", frequentAddressRoutes)
  .route("/payment-history", paymentHistoryRoutes)
  .route("/unsubscribe", unsubscribeRoutes)
  .route("/events", signedInEventRoutes)
  .route("/", privateEventAccountRoutes);
