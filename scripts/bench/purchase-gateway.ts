/**
 * Webpay for `bench:purchase`: the shop's own Webpay simulator in a process of its own, standing for Transbank,
 * so the shop under test does only its own work. Prints "BENCH GATEWAY READY <port>".
 */
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { parseEnv } from "../../src/server/env";
import { paymentSettings } from "../../src/server/payments";
import { webpaySimulator } from "../../src/server/payments/simulators/webpay-simulator";

const env = parseEnv();
const app = new Hono();
app.route("/webpay", webpaySimulator(paymentSettings(env), () => new Date()));
serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => console.log(`BENCH GATEWAY READY ${info.port}`));
