import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer, request, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { trackConnections } from "./drain";

function get(port: number): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const sent = request({ port, host: "127.0.0.1", path: "/", agent: false }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      response.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    sent.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    sent.end();
  });
}

/**
 * `count` requests at once from another process (a client's requests reach the kernel whatever this process is
 * doing): the status or error code of each. The file `sentFlag` is written once they have all been sent.
 */
function clientProcess(port: number, count: number, sentFlag: string): { outcomes: Promise<string[]> } {
  const child = spawn(
    process.execPath,
    [
      "-e",
      `const http = require("node:http"); const outcomes = [];
       const all = Array.from({ length: ${count} }, () => new Promise((resolve) => {
         const sent = http.request({ port: ${port}, host: "127.0.0.1", agent: false }, (res) => { res.resume(); res.on("end", () => resolve(String(res.statusCode))); res.on("error", (e) => resolve(e.code)); });
         sent.on("error", (e) => resolve(e.code)); sent.end();
       }));
       setTimeout(() => require("node:fs").writeFileSync(${JSON.stringify(sentFlag)}, "sent"), 300);
       Promise.all(all).then((outcomes) => process.stdout.write(JSON.stringify(outcomes)));`,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  let errors = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const outcomes = new Promise<string[]>((resolve) => child.once("exit", () => resolve(out ? (JSON.parse(out) as string[]) : [errors])));
  return { outcomes };
}

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
});

describe("a stop", () => {
  it("answers every request sent before it, however long the queue, and takes no new connection", async () => {
    let answered = 0;
    server = createServer((_, response) => {
      answered += 1;
      response.end(`answer ${answered}`);
    });
    const drains = trackConnections(server);
    await new Promise<void>((done) => server!.listen(0, "127.0.0.1", done));
    const { port } = server.address() as AddressInfo;
    const flag = join(mkdtempSync(join(tmpdir(), "drain-")), "sent");
    const client = clientProcess(port, 48, flag);
    // The event loop is held (as rendering a PDF or an export holds it) while the 48 requests are sent: they wait in
    // the kernel, their connections not yet accepted by Node. The stop comes before the loop turns again.
    const until = Date.now() + 30_000;
    while (!existsSync(flag) && Date.now() < until);
    await drains.drain(10_000);
    expect(await client.outcomes).toEqual(Array(48).fill("200"));
    expect(answered).toBe(48);
    expect(server.listening).toBe(false);
    expect(await get(port)).toEqual({ error: "ECONNREFUSED" });
  });

  it("closes a kept-alive connection once it stays idle, and ends the stop", async () => {
    server = createServer((_, response) => response.end("ok"));
    const drains = trackConnections(server);
    await new Promise<void>((done) => server!.listen(0, "127.0.0.1", done));
    const { port } = server.address() as AddressInfo;
    const { Agent } = await import("node:http");
    const agent = new Agent({ keepAlive: true });
    const answer = await new Promise<number>((resolve) => request({ port, host: "127.0.0.1", agent }, (response) => (response.resume(), resolve(response.statusCode ?? 0))).end());
    expect(answer).toBe(200);
    await drains.drain(10_000);
    expect(server.listening).toBe(false);
    agent.destroy();
  });
});

describe("a connection", () => {
  it("that sends nothing is closed after the silence allowed; one that sends a request is answered", async () => {
    server = createServer((_, response) => response.end("ok"));
    trackConnections(server, { silentMs: 200 });
    await new Promise<void>((done) => server!.listen(0, "127.0.0.1", done));
    const { port } = server.address() as AddressInfo;
    const silent = connect(port, "127.0.0.1");
    const closed = await new Promise<boolean>((resolve) => {
      silent.once("close", () => resolve(true));
      setTimeout(() => resolve(false), 10_000).unref();
    });
    expect(closed).toBe(true);
    expect(await get(port)).toEqual({ status: 200, body: "ok" });
  });
});
