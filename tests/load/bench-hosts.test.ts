/**
 * bench:hosts runs end to end once, short: two hosts in network namespaces behind HAProxy on a PostgreSQL cluster of
 * its own with a replica, one host killed under load and started again. A smoke check that it still builds its
 * machinery, measures and removes what it made; it judges only what must never happen (an acknowledged order lost,
 * a seat oversold). Needs root, `ip netns`, HAProxy, redis-server and PostgreSQL's binaries: skipped, saying which
 * is missing, without them.
 */
import { execFile, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { hostsRefusal } from "../../scripts/bench/lib/hosts-infra";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const refusal = hostsRefusal();
if (refusal) console.warn(`tests/load/bench-hosts.test.ts skipped: bench:hosts cannot run here: ${refusal}.`);

describe.skipIf(refusal !== null)("bench:hosts --short, as a smoke check", () => {
  it("loses no acknowledged order, oversells no seat, serves a change on both hosts, and leaves nothing behind", async () => {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/bench/hosts.ts", "--short"], {
      cwd: root,
      env: { ...process.env, NO_COLOR: "1" },
      timeout: 900_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const last = stdout.trim().split("\n").at(-1)!;
    expect(last).toMatch(/^hosts: lost 0, oversold 0, failed purchases \d+, failover [\d.]+ s, change on both [\d.]+ s$/);
    expect(stdout).toMatch(/h1 killed \(SIGKILL to the [1-9]\d* processes of its namespace/);
    expect(stdout).toMatch(/uncached search reads +from the replica \(h1\) [1-9]\d*\/s/);
    // Removed: the namespaces, the bridge, the clusters and the work folder.
    expect(spawnSync("ip", ["netns", "list"], { encoding: "utf8" }).stdout).not.toMatch(/rodamos-h/);
    expect(spawnSync("ip", ["link", "show", "rdmbr0"]).status).not.toBe(0);
    expect(existsSync(resolve(root, ".tmp/bench-hosts"))).toBe(false);
    expect(existsSync("/tmp/rodamos-bench-hosts.json")).toBe(false);
  }, 900_000);
});
