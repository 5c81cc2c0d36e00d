/**
 * The local payment simulators, served by the shop itself under /payments-sim (the static site passes that
 * prefix through to the API). Their state is in memory, one set per app instance: a restart forgets every
 * simulated transaction. Off by default when NODE_ENV is production (PAYMENT_SIMULATORS overrides).
 */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../http/context";
import { paymentSettings } from "../config";
import { mercadoPagoSimulator } from "./mercadopago-simulator";
import { webpaySimulator } from "./webpay-simulator";

export function paymentSimulators(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const settings = paymentSettings(deps.env);
  if (!settings.simulatorsEnabled) return app;
  const now = deps.now ?? (() => new Date());
  app.route("/webpay", webpaySimulator(settings, now));
  app.route("/mercadopago", mercadoPagoSimulator(settings, now));
  return app;
}
