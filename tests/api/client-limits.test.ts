/**
 * What one client may hold of the shop at once, counted by the address the shop believes: requests being worked
 * on and open event streams (the dispatcher's live stream here), each refused past its limit with a clear 429 and
 * a Retry-After; a trusted proxy's clients are counted apart, this machine's own requests not at all. And the
 * server's clocks: headers and bodies that take too long get 408, a silent connection is closed.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventDates } from "../../src/server/db/schema";
import { startServer, type RunningServer } from "../../src/server/server";
import { parseEnv } from "../../src/server/env";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let app: TestShop["app"];
let staff: { token: string };
const run = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  shop = await openTestShop();
  staff = await shop.buyer("staff");
  app = shop.otherApp({ env: { JWT_SECRET: shop.env.JWT_SECRET, CLIENT_MAX_REQUESTS: "2", CLIENT_MAX_STREAMS: "2", TRUST_PROXY: "10.99.0.1" } });
});
afterAll(async () => {
  await shop?.close();
});

/** A request from `peer`, as the node server hands it to the app. */
function send(path: string, peer: string, init: RequestInit & { duplex?: "half" } = {}) {
  return app.fetch(new Request(`http://localhost${path}`, init), { incoming: { socket: { remoteAddress: peer } } });
}

/** A JSON body that arrives as slowly as its sender likes: the request is worked on until `finish()`. */
function slowBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  controller.enqueue(new TextEncoder().encode('{"email":"nadie@example.com",'));
  return { body, finish: () => (controller.enqueue(new TextEncoder().encode('"password":"una-clave-que-no-es"}')), controller.close()) };
}

/** The first answer that is a refusal, asking again until both held requests have reached the limit (10 s at most). */
async function refusedSoon(peer: string, headers: Record<string, string> = {}): Promise<Response> {
  const until = Date.now() + 10_000;
  for (;;) {
    const answer = await send("/api/health", peer, { headers });
    if (answer.status === 429 || Date.now() > until) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const login = (peer: string, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  send("/shop-api/login", peer, { method: "POST", body, duplex: "half", headers: { "content-type": "application/json", ...headers } });

describe("requests one client has the shop work on at once", () => {
  it("are refused past the limit with 429 too_many_requests and a Retry-After, in the client's language, for that client only", async () => {
    const peer = `10.50.0.1#${run}`;
    const held = [slowBody(), slowBody()];
    const working = held.map((one) => login(peer, one.body));
    // Both are being read; a third from the same client is refused at once, one from another client is not.
    const refused = await refusedSoon(peer, { "x-locale": "en_US" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await refused.json()).toMatchObject({ success: false, code: "too_many_requests", message: "We received too many requests at once from your connection (at most 2). Wait a moment and try again" });
    expect((await send("/api/health", `10.50.0.2#${run}`)).status).toBe(200);
    for (const one of held) one.finish();
    expect((await Promise.all(working)).map((answer) => answer.status)).toEqual([401, 401]);
    // Once they are answered the client may send again.
    expect((await send("/api/health", peer)).status).toBe(200);
  });

  it("are counted per client behind a trusted proxy, and not at all for this machine's own", async () => {
    const proxy = "10.99.0.1";
    const held = [slowBody(), slowBody()];
    const working = held.map((one) => login(proxy, one.body, { "x-forwarded-for": `10.51.0.1#${run}` }));
    expect((await refusedSoon(proxy, { "x-forwarded-for": `10.51.0.1#${run}` })).status).toBe(429);
    // Another client behind the same proxy.
    expect((await send("/api/health", proxy, { headers: { "x-forwarded-for": `10.51.0.2#${run}` } })).status).toBe(200);
    // A client cannot pose as another through a proxy the shop does not trust: it is counted as itself.
    expect((await send("/api/health", `10.51.0.9#${run}`, { headers: { "x-forwarded-for": `10.51.0.1#${run}` } })).status).toBe(200);
    // This machine (the page builds, local tools): never counted.
    const local = [slowBody(), slowBody()];
    const localWork = local.map((one) => login("127.0.0.1", one.body));
    for (let i = 0; i < 10; i += 1) expect((await send("/api/health", "127.0.0.1")).status).toBe(200);
    for (const one of [...held, ...local]) one.finish();
    await Promise.all([...working, ...localWork]);
  });
});

describe("event streams one client holds open", () => {
  it("are refused past the limit with 429 too_many_streams, and counted back when a stream ends", async () => {
    const [date] = await shop.db.select({ id: eventDates.id }).from(eventDates).limit(1);
    const path = `/shop-api/staff/dispatch/live/events?eventDateId=${date!.id}&leg=outbound`;
    const peer = `10.52.0.1#${run}`;
    const open = (from: string) => send(path, from, { headers: { authorization: `Bearer ${staff.token}` } });
    const first = await open(peer);
    const second = await open(peer);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.headers.get("content-type")).toContain("text/event-stream");
    const third = await open(peer);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("1");
    expect(await third.json()).toMatchObject({ code: "too_many_streams", message: "Hay demasiadas pantallas en vivo abiertas desde tu conexión (máximo 2). Cierra alguna y vuelve a intentarlo" });
    // Streams are not requests being worked on: the client's other calls go on.
    expect((await send("/api/health", peer)).status).toBe(200);
    expect((await open(`10.52.0.2#${run}`)).status).toBe(200);
    // The dispatcher closes a screen: another may open.
    await first.body!.cancel();
    const again = await open(peer);
    expect(again.status).toBe(200);
    await Promise.all([second.body!.cancel(), again.body!.cancel()]);
  });
});

describe("the server's clocks", () => {
  let server: RunningServer;
  let port: number;
  beforeAll(async () => {
    const env = parseEnv({ NODE_ENV: "test", JWT_SECRET: shop.env.JWT_SECRET, DATA_DIR: shop.env.DATA_DIR, HOST: "127.0.0.1", REQUEST_HEADERS_SECONDS: "2", REQUEST_BODY_SECONDS: "4" });
    server = await startServer({ db: shop.db, engine: "pglite", close: async () => {} }, { ...env, PORT: 0 }, { background: false });
    port = Number(new URL(server.internalUrl).port);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** What a raw connection receives until the shop closes it (or `giveUpMs` passes: "open"). */
  function rawExchange(write: string, giveUpMs = 15_000): Promise<string> {
    return new Promise((resolve) => {
      let received = "";
      const socket = connect(port, "127.0.0.1", () => write && socket.write(write));
      socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
      socket.on("close", () => resolve(received || "closed"));
      socket.on("error", () => undefined);
      setTimeout(() => {
        socket.destroy();
        resolve("open");
      }, giveUpMs).unref();
    });
  }

  it("answer 408 to headers or a body that do not arrive in time, and close a connection that sends nothing", async () => {
    const [headers, body, silent] = await Promise.all([
      rawExchange("GET /api/health HTTP/1.1\r\nHost: localhost\r\n"),
      rawExchange('POST /shop-api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":'),
      rawExchange(""),
    ]);
    expect(headers).toMatch(/^HTTP\/1\.1 408/);
    expect(body).toMatch(/^HTTP\/1\.1 408/);
    expect(silent).toBe("closed");
    // A whole request in time is answered.
    expect(await rawExchange("GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")).toMatch(/^HTTP\/1\.1 200/);
  });
});
