/**
 * Webpay for `bench:purchase`: the shop's own Webpay simulator in a process of its own, standing for Transbank,
 * so the shop under test does only its own work. Prints "BENCH GATEWAY READY <port>". Listens on 127.0.0.1 and a
 * free port unless BENCH_GATEWAY_HOST / BENCH_GATEWAY_PORT say otherwise (bench:hosts: the hosts' network).
 * `GET /started` answers how many transactions it has opened, which the bench reads around its measured purchases.
 *
 * The one call every purchase makes, the transaction's create, is answered on a plain node:http path: the same keys
 * check and the same create (`webpayTransactions`, shared with the simulator's Hono routes, which serve every other
 * call and see the same transactions), without Hono's Request and Response objects per call. Transbank's servers are
 * not on the shop's machine; here the simulator shares its two cores, and through Hono it took 0.7 ms of CPU per
 * purchase, a third of the shop's own. The shop's request and what it reads back are the same either way.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { parseEnv } from "../../src/server/env";
import { paymentSettings } from "../../src/server/payments";
import { webpaySimulator, webpayTransactions } from "../../src/server/payments/simulators/webpay-simulator";
import { WEBPAY_TRANSACTIONS_PATH } from "../../src/server/payments/webpay-protocol";

const env = parseEnv();
const settings = paymentSettings(env);
const now = () => new Date();
const store = webpayTransactions(settings, now);
const CREATE_PATH = `/webpay${WEBPAY_TRANSACTIONS_PATH}`;

const app = new Hono();
let started = 0;
app.get("/started", (c) => c.json({ started }));
app.route("/webpay", webpaySimulator(settings, now, store));
const viaHono = getRequestListener(app.fetch);

const answer = (response: ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  response.end(text);
};

/** POST …/transactions: Transbank's create, as the simulator's own route answers it. */
function create(request: IncomingMessage, response: ServerResponse) {
  started += 1;
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const id = request.headers["tbk-api-key-id"];
    const secret = request.headers["tbk-api-key-secret"];
    if (!store.keysValid(typeof id === "string" ? id : undefined, typeof secret === "string" ? secret : undefined)) {
      return answer(response, 401, { error_message: "Not Authorized" });
    }
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      body = undefined;
    }
    const opened = store.open(body);
    answer(response, opened.status, opened.body);
  });
}

const server = createServer((request, response) => {
  if (request.method === "POST" && request.url === CREATE_PATH) return create(request, response);
  void viaHono(request, response);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.BENCH_GATEWAY_PORT ?? 0), process.env.BENCH_GATEWAY_HOST ?? "127.0.0.1", () => {
  const address = server.address();
  console.log(`BENCH GATEWAY READY ${typeof address === "object" && address ? address.port : ""}`);
});
