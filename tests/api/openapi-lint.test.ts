/**
 * The served contract passes `@redocly/cli lint` (redocly.yaml: the built-in recommended-strict rules, no remote rule
 * set) with no problem at all: URL-safe and unique operation ids, a licence, a `servers` entry that is no machine's
 * own (localhost), `security` on every operation (`[]` on public ones), declared tags, a 2XX and a 4XX answer on
 * every operation and no composition that says nothing.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestShop, type TestShop } from "../helpers/test-shop";

interface Problem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  location: { pointer?: string }[];
}

const ROOT = resolve(import.meta.dirname, "../..");
const CLI = join(ROOT, "node_modules/@redocly/cli/bin/cli.js");

let shop: TestShop;
let dir: string;

beforeAll(async () => {
  shop = await openTestShop({ seed: false });
  dir = mkdtempSync(join(tmpdir(), "rodamos-openapi-"));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await shop.close();
});

async function lint(document: unknown): Promise<Problem[]> {
  const file = join(dir, "openapi.json");
  writeFileSync(file, JSON.stringify(document));
  // Redocly exits 1 when it finds errors; the JSON report is on stdout either way.
  const run = promisify(execFile)(process.execPath, [CLI, "lint", file, "--config", join(ROOT, "redocly.yaml"), "--format", "json", "--max-problems", "10000"], {
    cwd: dir,
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
  const { stdout } = await run;
  return (JSON.parse(stdout) as { problems: Problem[] }).problems;
}

const describeProblem = (p: Problem) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? "?"}`;

describe("@redocly/cli lint of /api/openapi.json", () => {
  it("finds no problem under recommended-strict, warnings included", async () => {
    const document = await (await shop.app.request("/api/openapi.json")).json();
    expect((await lint(document)).map(describeProblem)).toEqual([]);
  }, 60_000);

  it("finds none either when the shop's address is set, and a localhost one is written as the serving host", async () => {
    const local = await openTestShop({ seed: false, env: { PUBLIC_URL: "http://localhost:4321" } });
    try {
      const document = (await (await local.app.request("/api/openapi.json")).json()) as { servers: { url: string }[] };
      expect(document.servers.map((server) => server.url)).toEqual(["/"]);
    } finally {
      await local.close();
    }
    const shopWithAddress = await openTestShop({ seed: false, env: { PUBLIC_URL: "https://rodamos.co" } });
    try {
      const document = (await (await shopWithAddress.app.request("/api/openapi.json")).json()) as { servers: { url: string }[] };
      expect(document.servers.map((server) => server.url)).toEqual(["https://rodamos.co"]);
      expect((await lint(document)).map(describeProblem)).toEqual([]);
    } finally {
      await shopWithAddress.close();
    }
  }, 90_000);

  it("still finds the errors it is there for", async () => {
    const document = (await (await shop.app.request("/api/openapi.json")).json()) as { servers?: unknown; paths: Record<string, Record<string, Record<string, unknown>>> };
    delete document.servers;
    const health = document.paths["/api/health"]!.get!;
    health.operationId = "GET /api/health";
    delete health.security;
    health.tags = ["nowhere"];
    const countries = document.paths["/api/countries"]!.get!;
    countries.responses = { "200": (countries.responses as Record<string, unknown>)["200"] };
    const rules = new Set((await lint(document)).filter((p) => p.severity === "error").map((p) => p.ruleId));
    expect([...rules].sort()).toEqual(
      expect.arrayContaining(["no-empty-servers", "operation-4xx-response", "operation-operationId-url-safe", "operation-tag-defined", "security-defined"]),
    );
  }, 60_000);
});
