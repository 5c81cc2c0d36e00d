/**
 * `npm start` under a supervisor: a TERM to npm or to the shop's own process stops everything within 10 s, lets
 * requests in flight finish, releases the embedded database's lock (a second start right after works) and exits 0;
 * the banner goes to stderr and stdout carries only JSON lines. A serving process that dies (killed outright) is
 * started again within seconds, the event logged and counted in /metrics. The pages are stamped as built beforehand, so the
 * start serves at once instead of building them (the stamp is the one the start computes: src/server/publishing).
 */
import { execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedIfEmpty } from "../../src/server/seed";
import { parseEnv } from "../../src/server/env";
import { pagesStamp, writeStamp } from "../../src/server/publishing/pages-build";
import { openShopDatabase } from "../../scripts/lib/open-shop-database";
import { startProcess, stopGroup, stopStarted, freePorts } from "../helpers/processes";

const root = join(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "shop-stop-"));
let port = 0;
let settings: NodeJS.ProcessEnv = {};

interface Started {
  npm: ChildProcess;
  stdout: string[];
  stderr: string[];
  exited: Promise<number | null>;
}

async function startShop(): Promise<Started> {
  // In a process group of its own: whatever happens to the test, afterAll stops npm and the shop it started.
  const npm = startProcess("npm", ["start"], { cwd: root, env: settings, stdio: ["ignore", "pipe", "pipe"] });
  const stdout: string[] = [];
  const stderr: string[] = [];
  npm.stdout!.setEncoding("utf8").on("data", (chunk: string) => stdout.push(chunk));
  npm.stderr!.setEncoding("utf8").on("data", (chunk: string) => stderr.push(chunk));
  const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  while (!stderr.join("").includes("The shop is running")) {
    if (Date.now() > deadline || npm.exitCode !== null) {
      stopGroup(npm.pid);
      throw new Error(`the shop did not start:\n${stderr.join("")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { npm, stdout, stderr, exited };
}

/** The shop's own process: npm's child (the script execs node). */
function shopPid(npmPid: number): number {
  return Number(execFileSync("ps", ["-o", "pid=", "--ppid", String(npmPid)], { encoding: "utf8" }).trim().split(/\s+/)[0]);
}

/** The serving process the supervisor forked: its child running the start script (not tsx's esbuild service). */
function servingPid(primary: number): number {
  const lines = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(primary)], { encoding: "utf8" }).trim().split("\n");
  const line = lines.find((one) => one.includes("scripts/start.ts"));
  return line ? Number(line.trim().split(/\s+/)[0]) : 0;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function get(agent: Agent, path: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const call = request({ host: "127.0.0.1", port, path, agent }, (answer) => {
      let bytes = 0;
      answer.on("data", (chunk: Buffer) => (bytes += chunk.length));
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, bytes }));
      answer.on("error", reject);
    });
    call.on("error", reject);
    call.end();
  });
}

beforeAll(async () => {
  port = await freePorts();
  settings = { ...process.env, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: join(dir, "data"), DIST_DIR: join(dir, "dist"), DATABASE_URL: "", NODE_ENV: "development", LOG_LEVEL: "info" };
  delete settings.DATABASE_URL;
  delete settings.VITEST;
  const env = parseEnv(settings);
  const database = await openShopDatabase(env);
  await seedIfEmpty(database.db, "demo");
  writeStamp(env, await pagesStamp({ apiUrl: "", publicUrl: `http://127.0.0.1:${port}`, env, db: database.db }));
  await database.close();
  mkdirSync(env.DIST_DIR, { recursive: true });
  writeFileSync(join(env.DIST_DIR, "index.html"), "<!doctype html><title>Rodamos</title>");
}, 180_000);

afterAll(async () => {
  // A test that failed half-way leaves no shop running (nor holding the data directory's lock).
  await stopStarted();
  rmSync(dir, { recursive: true, force: true });
});

describe("npm start under a supervisor", () => {
  it("a TERM to npm finishes the requests in flight, stops the whole tree and exits 0; a start right after works", async () => {
    const first = await startShop();
    const shop = shopPid(first.npm.pid!);
    const agent = new Agent({ keepAlive: true, maxSockets: 12 });
    // Twelve open connections, then twelve requests on them, and the stop while they are being answered.
    await Promise.all(Array.from({ length: 12 }, () => get(agent, "/api/countries")));
    const inFlight = Array.from({ length: 12 }, () => get(agent, "/api/events?type=1&country-code=CO").then((answer) => answer, (error: Error) => error));
    await new Promise((resolve) => setTimeout(resolve, 15));
    const asked = Date.now();
    first.npm.kill("SIGTERM");
    const answers = await Promise.all(inFlight);
    expect(await first.exited, first.stderr.join("")).toBe(0);
    expect(Date.now() - asked).toBeLessThan(10_000);
    expect(alive(shop)).toBe(false);
    expect(answers.filter((answer) => answer instanceof Error)).toEqual([]);
    expect(answers.map((answer) => (answer as { status: number }).status)).toEqual(Array(12).fill(200));
    agent.destroy();

    // The banner went to stderr; stdout is the JSON request log only.
    expect(first.stderr.join("")).toContain("The shop is running");
    const lines = first.stdout.join("").split("\n").filter((line) => line.trim() && !line.startsWith("> ") && line.trim() !== "");
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();

    // The embedded database's lock was released: the next start opens it, and a TERM to the shop itself stops it too.
    const second = await startShop();
    const secondShop = shopPid(second.npm.pid!);
    process.kill(secondShop, "SIGTERM");
    expect(await second.exited, second.stderr.join("")).toBe(0);
    expect(alive(secondShop)).toBe(false);
  }, 300_000);

  it("a serving process killed outright is started again within seconds: logged, counted in /metrics, the shop answering again", async () => {
    const started = await startShop();
    const primary = shopPid(started.npm.pid!);
    const serving = servingPid(primary);
    expect(serving).toBeGreaterThan(0);
    const agent = new Agent({ keepAlive: false });
    expect((await get(agent, "/api/health")).status).toBe(200);

    process.kill(serving, "SIGKILL");
    const killed = Date.now();
    let back = 0;
    while (Date.now() - killed < 60_000) {
      const answer = await Promise.race([get(agent, "/api/health").catch(() => undefined), new Promise<undefined>((resolve) => setTimeout(resolve, 2_000))]);
      if (answer?.status === 200) {
        back = Date.now() - killed;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(back, started.stderr.join("")).toBeGreaterThan(0);
    const replacement = servingPid(primary);
    expect(replacement).not.toBe(serving);
    expect(alive(primary)).toBe(true);
    expect(started.stderr.join("")).toContain(`shop process ${serving} ended (SIGKILL)`);
    const metrics = await new Promise<string>((resolve, reject) => {
      request({ host: "127.0.0.1", port, path: "/metrics", agent }, (answer) => {
        let text = "";
        answer.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
        answer.on("end", () => resolve(text));
      })
        .on("error", reject)
        .end();
    });
    expect(metrics).toMatch(/^rodamos_process_restarts_total 1$/m);
    agent.destroy();

    started.npm.kill("SIGTERM");
    expect(await started.exited, started.stderr.join("")).toBe(0);
  }, 300_000);
});
