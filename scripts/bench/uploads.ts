/**
 * `npm run bench:uploads`: what a hostile guest list costs the shop before it is refused or read: wall time and the
 * growth of the process's memory (RSS at its peak, the reading thread's included) for a zip bomb that lies about
 * its size, a workbook honestly declaring 39 MB of sheet, four of them at once, a list of 2,000 guests (and one of
 * 300) with one cell in the sheet's last column (XFD: a sheet of 16,384 columns), and an .xls declaring its format's
 * whole grid, next to a real list of 2,000 guests. Meanwhile another process asks the shop's process for
 * /api/health every 20 ms, and the slowest answer during each file is printed: reading a list must never hold the
 * event loop that answers everyone else.
 * Goals: a zip refusal in at most 200 ms and 20 MB; a far-reaching sheet refused or read in at most 1 s and 50 MB;
 * /api/health within 100 ms throughout.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import { deflateRawSync } from "node:zlib";
import { readGuestSheet } from "../../src/server/uploads/spreadsheet";
import { MAX_SHEET_INFLATED_BYTES } from "../../src/server/uploads/limits";
import { farColumnList, guestListXlsx, paddedWorkbook, xlsDeclaringWholeGrid, zip, zipBomb } from "../../tests/helpers/private-event-files";
import { exitWithUsageOnHelp } from "../lib/usage";
import { MachineLoad } from "./lib/machine";

exitWithUsageOnHelp(`
Usage: npm run bench:uploads

Reads hostile and honest guest lists as the upload route does and prints, for each, the time until the answer,
the memory the process grew by and the slowest /api/health answer meanwhile, each beside its ceiling
(zip refusals: 200 ms, 20 MB; far-reaching sheets: 1 s, 50 MB; /api/health: 100 ms).
`);

const MB = 1024 * 1024;
const machine = new MachineLoad();
const lines: (() => string)[] = [];
const HEALTH_CEILING_MS = 100;

// The shop's health answer, served by this process: the event loop that reads the lists answers it.
const health = createServer((_, res) => res.writeHead(200, { "content-type": "application/json" }).end('{"success":true,"data":{"ok":true}}'));
await new Promise<void>((done) => health.listen(0, "127.0.0.1", done));
const healthUrl = `http://127.0.0.1:${(health.address() as AddressInfo).port}/api/health`;
// Another process asks every 20 ms; on each line from here it answers the slowest answer since the line before.
const prober = spawn(
  process.execPath,
  [
    "-e",
    `const http = require("node:http"); const agent = new http.Agent({ keepAlive: true, maxSockets: 4 }); let slowest = 0;
     setInterval(() => { const at = performance.now(); http.get(${JSON.stringify(healthUrl)}, { agent }, (res) => { res.resume(); res.on("end", () => { slowest = Math.max(slowest, performance.now() - at); }); }).on("error", () => { slowest = Infinity; }); }, 20);
     require("node:readline").createInterface({ input: process.stdin }).on("line", () => { process.stdout.write(slowest.toFixed(1) + "\\n"); slowest = 0; });`,
  ],
  { stdio: ["pipe", "pipe", "inherit"] },
);
const answers = createInterface({ input: prober.stdout! })[Symbol.asyncIterator]();
async function slowestHealth(): Promise<number> {
  prober.stdin!.write("\n");
  return Number((await answers.next()).value);
}

interface Ceiling {
  ms: number;
  mb: number;
}

async function measure(label: string, work: () => Promise<unknown>, ceiling: Ceiling | null) {
  globalThis.gc?.();
  await new Promise((done) => setTimeout(done, 100));
  await slowestHealth();
  const before = process.memoryUsage();
  let peak = before.rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 1);
  const started = performance.now();
  const outcome = await work().then(
    (rows) => `read${Array.isArray(rows) ? ` (${rows.length} guests)` : ""}`,
    (error: unknown) => `refused (${(error as { code?: string }).code ?? error})`,
  );
  const ms = performance.now() - started;
  clearInterval(sampler);
  // The prober's answers of the reading's last moments.
  await new Promise((done) => setTimeout(done, 60));
  const healthMs = await slowestHealth();
  peak = Math.max(peak, process.memoryUsage().rss);
  const grewMb = (peak - before.rss) / MB;
  const limits = ceiling ? `  (ceiling ${ceiling.ms} ms, ${ceiling.mb} MB, health ${HEALTH_CEILING_MS} ms)` : `  (health ceiling ${HEALTH_CEILING_MS} ms)`;
  const met = (ceiling ? ms <= ceiling.ms && grewMb <= ceiling.mb : true) && healthMs <= HEALTH_CEILING_MS;
  // Worded at the end, when the bench knows whether the machine's load let a goal be judged.
  lines.push(
    () =>
      `${label.padEnd(50)} ${outcome.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms  +${grewMb.toFixed(1).padStart(6)} MB rss  health ${healthMs.toFixed(0).padStart(4)} ms${limits}  ${machine.verdict(met)}`,
  );
}

const ZIP: Ceiling = { ms: 200, mb: 20 };
const FAR: Ceiling = { ms: 1000, mb: 50 };
const bomb = zipBomb(120 * MB);
const padded = paddedWorkbook(39 * MB);
const atBudget = zip([{ name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(0), raw: deflateRawSync(Buffer.alloc(120 * MB), { level: 9 }), declared: MAX_SHEET_INFLATED_BYTES }]);
const honest = await guestListXlsx(Array.from({ length: 2000 }, (_, i) => [`Invitado ${i}`, `g${i}@example.com`, "3001234567"]));
const xfd = farColumnList(2000);
const xfdShort = farColumnList(300);
const wholeGrid = xlsDeclaringWholeGrid(3);
const kb = (bytes: Buffer) => `${(bytes.length / 1024).toFixed(0)} kB`;
console.log(`files: bomb ${kb(bomb)}, padded ${kb(padded)}, honest ${kb(honest)}, XFD ${kb(xfd)}, XFD 300 ${kb(xfdShort)}, .xls grid ${kb(wholeGrid)}\n`);

// Health requests sent while the files above were made (this process busy) are answered late: not counted. The
// prober is settled once a quarter second passes with every answer within the ceiling (10 s at most).
for (let tries = 0; tries < 40; tries += 1) {
  await new Promise((done) => setTimeout(done, 250));
  if ((await slowestHealth()) <= HEALTH_CEILING_MS) break;
}
// The first list starts the reading thread (some 100 ms, once per process while lists keep coming).
await measure("honest list of 2,000 guests (starts the reader)", () => readGuestSheet(honest), null);
await measure("zip bomb (120 MB of zeros, declares 100 bytes)", () => readGuestSheet(bomb), ZIP);
await measure("zip bomb declaring the whole budget (8 MB)", () => readGuestSheet(atBudget), ZIP);
await measure("workbook declaring 39 MB of sheet", () => readGuestSheet(padded), ZIP);
await measure("four of those at once", () => Promise.allSettled([1, 2, 3, 4].map(() => readGuestSheet(padded))).then((all) => {
  if (all.some((one) => one.status === "fulfilled")) throw new Error("one was read");
  throw Object.assign(new Error("refused"), { code: "guest_list_unreadable" });
}), ZIP);
await measure("2,000 guests and a cell in column XFD", () => readGuestSheet(xfd), FAR);
await measure("300 guests and a cell in column XFD", () => readGuestSheet(xfdShort), FAR);
await measure(".xls declaring A1:IV65536 around 3 guests", () => readGuestSheet(wholeGrid), FAR);
await measure("honest list of 2,000 guests", () => readGuestSheet(honest), null);
prober.kill();
health.close();
machine.finish();
for (const line of lines) console.log(line());
process.exit(0);
