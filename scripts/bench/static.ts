/**
 * `npm run bench:static`: how fast the shop serves its built pages and scripts next to a bare static file
 * server on the same Node, measured in the same run (the machine is shared: only the ratio means much).
 * Each server runs in its own process; autocannon drives it with 32 connections asking for brotli or gzip,
 * as browsers do. Needs a built site in DIST_DIR (default ./dist: `npm run build`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { exitWithUsageOnHelp } from "../lib/usage";

exitWithUsageOnHelp(`
Usage: npm run bench:static [-- --seconds N]

Serves the built site (DIST_DIR, default ./dist; run \`npm run build\` first) from the shop and from a bare
static server (sirv) on the same Node, and prints requests per second and p99 latency for the landing page
and the largest script, with the shop's share of the bare server's figure (goal: 80 % or more).
  --seconds N   how long each measurement runs (default 5)
`);

const distDir = process.env.DIST_DIR ?? "./dist";
if (!existsSync(join(distDir, "index.html"))) {
  console.error(`No built site in ${distDir}: run \`npm run build\` first.`);
  process.exit(1);
}
const secondsArg = process.argv.indexOf("--seconds");
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 5;

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

async function measure(port: number, path: string) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: 32,
    duration: seconds,
    headers: { "accept-encoding": "br, gzip" },
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const rows: string[] = [];
const bare = await startServer("bare");
const shop = await startServer("shop").catch((error: unknown) => {
  bare.child.kill();
  throw error;
});
try {
  for (const target of targets) {
    // Interleaved, so both servers meet the same moment of the shared machine.
    await measure(bare.port, target.path); // warm-up
    await measure(shop.port, target.path);
    const baseline = await measure(bare.port, target.path);
    const ours = await measure(shop.port, target.path);
    const ratio = baseline.rps > 0 ? Math.round((ours.rps / baseline.rps) * 100) : 0;
    rows.push(
      `${target.name.padEnd(48)} shop ${ours.rps.toFixed(0).padStart(7)} req/s p99 ${String(ours.p99).padStart(4)} ms` +
        ` | bare ${baseline.rps.toFixed(0).padStart(7)} req/s p99 ${String(baseline.p99).padStart(4)} ms | ${ratio} % of bare` +
        (ours.errors + baseline.errors > 0 ? ` (errors: shop ${ours.errors}, bare ${baseline.errors})` : ""),
    );
  }
} finally {
  bare.child.kill();
  shop.child.kill();
}
console.log(`bench:static: ${seconds} s per measurement, 32 connections, Accept-Encoding: br, gzip`);
for (const row of rows) console.log(row);
