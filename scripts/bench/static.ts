/**
 * `npm run bench:static`: how fast the shop serves its built pages and scripts next to a bare static file
 * server on the same Node, measured in the same run (the machine is shared: only the ratio means much).
 * Each server runs in its own process; autocannon drives it with 32 connections asking for brotli or gzip,
 * as browsers do. Needs the built pages in DIST_DIR (default ./dist: `npm run build`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { exitWithUsageOnHelp } from "../lib/usage";
import { compare, numberOption } from "./lib/load";
import { MachineLoad } from "./lib/machine";

exitWithUsageOnHelp(`
Usage: npm run bench:static [-- --seconds N --rounds N]

Serves the built pages (DIST_DIR, default ./dist; run \`npm run build\` first) from the shop and from a bare
static server (sirv) on the same Node, and prints requests per second and p99 latency for the landing page
and the largest script, with the shop's share of the bare server's figure (goal: 80 % or more).
  --seconds N   how long each measurement runs (default 5)
  --rounds N    measurements of each server per file, interleaved; the medians are printed (default 3)
`);

const distDir = process.env.DIST_DIR ?? "./dist";
if (!existsSync(join(distDir, "index.html"))) {
  console.error(`No built pages in ${distDir}: run \`npm run build\` first.`);
  process.exit(1);
}
const seconds = numberOption("--seconds", 5);
const rounds = numberOption("--rounds", 3);
const RATIO_GOAL = 80;

const scripts = readdirSync(join(distDir, "_astro")).filter((name) => name.endsWith(".js"));
const largest = scripts.sort((a, b) => statSync(join(distDir, "_astro", b)).size - statSync(join(distDir, "_astro", a)).size)[0];
const targets = [
  { name: "GET / (HTML)", path: "/" },
  { name: `GET /_astro/${largest}`, path: `/_astro/${largest}` },
];

async function startServer(kind: "shop" | "bare"): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/static-server.ts", kind, distDir], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      const match = /ready (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
  return { port, child };
}

const machine = new MachineLoad();
const rows: (() => string)[] = [];
let met = true;
const bare = await startServer("bare");
const shop = await startServer("shop").catch((error: unknown) => {
  bare.child.kill();
  throw error;
});
try {
  for (const target of targets) {
    const { shop: ours, bare: baseline, ratio } = await compare(`http://127.0.0.1:${shop.port}`, `http://127.0.0.1:${bare.port}`, target.path, rounds, {
      seconds,
      connections: 32,
      headers: { "accept-encoding": "br, gzip" },
    });
    const ok = ratio >= RATIO_GOAL && ours.errors === 0;
    met &&= ok;
    const when = MachineLoad.now();
    rows.push(() =>
      `${target.name.padEnd(48)} shop ${ours.rps.toFixed(0).padStart(7)} req/s p99 ${String(ours.p99).padStart(4)} ms` +
        ` | bare ${baseline.rps.toFixed(0).padStart(7)} req/s p99 ${String(baseline.p99).padStart(4)} ms | ${ratio} % of bare ${machine.verdict(ok)} (${when})` +
        (ours.errors + baseline.errors > 0 ? ` (errors: shop ${ours.errors}, bare ${baseline.errors})` : ""),
    );
  }
} finally {
  bare.child.kill();
  shop.child.kill();
}
console.log(`bench:static: medians of ${rounds} interleaved ${seconds} s measurements per server, 32 connections, Accept-Encoding: br, gzip`);
console.log(`goal: each file at ${RATIO_GOAL} % or more of the bare static server`);
const judged = machine.finish();
for (const row of rows) console.log(row());
if (judged || !met) console.log(met ? "all static goals met" : "some static goals NOT met");
