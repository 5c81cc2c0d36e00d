/**
 * Webpay for `bench:purchase`: the shop's own Webpay simulator in a process of its own, standing for Transbank,
 * so the shop under test does only its own work. Prints "BENCH GATEWAY READY <port>". Listens on 127.0.0.1 and a
 * free port unless BENCH_GATEWAY_HOST / BENCH_GATEWAY_PORT say otherwise (bench:hosts: the hosts' network).
 * `GET /started` answers how many transactions it has opened, which the bench reads around its measured purchases.
 */
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { parseEnv } from "../../src/server/env";
import { paymentSettings } from "../../src/server/payments";
import { webpaySimulator } from "../../src/server/payments/simulators/webpay-simulator";
import { WEBPAY_TRANSACTIONS_PATH } from "../../src/server/payments/webpay-protocol";

const env = parseEnv();
const app = new Hono();
let started = 0;
app.post(`/webpay${WEBPAY_TRANSACTIONS_PATH}`, async (_c, next) => {
  started += 1;
  await next();
});
app.get("/started", (c) => c.json({ started }));
app.route("/webpay", webpaySimulator(paymentSettings(env), () => new Date()));
serve({ fetch: app.fetch, port: Number(process.env.BENCH_GATEWAY_PORT ?? 0), hostname: process.env.BENCH_GATEWAY_HOST ?? "127.0.0.1" }, (info) => console.log(`BENCH GATEWAY READY ${info.port}`));
