/**
 * The local payment simulators, served by the shop itself under /payments-sim (the static pages server passes that
 * prefix through to the API). Their state is in memory, one set per app instance: a restart forgets every
 * simulated transaction. Demo mode only, answering this machine only (the shop's own adapters and a browser on
 * it); absent in production whatever PAYMENT_SIMULATORS says (src/server/http/local-only.ts).
 */
import { Hono } from "hono";
import { demoToolsOnly } from "../../http/local-only";
import type { ShopContext } from "../../context";
import { shopMode } from "../../env";
import type { AppEnv } from "../../http/context";
import { paymentSettings } from "../config";
import { mercadoPagoSimulator } from "./mercadopago-simulator";
import { webpaySimulator } from "./webpay-simulator";

export function paymentSimulators(deps: ShopContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const settings = paymentSettings(deps.env);
  if (!settings.simulatorsEnabled || shopMode(deps.env) === "production") return app;
  app.use("*", demoToolsOnly);
  app.route("/webpay", webpaySimulator(settings, deps.now));
  app.route("/mercadopago", mercadoPagoSimulator(settings, deps.now));
  return app;
}
