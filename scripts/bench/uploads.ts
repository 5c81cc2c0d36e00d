/**
 * `npm run bench:uploads`: what a hostile guest list costs the shop before it is refused: wall time and the
 * growth of the process's memory (RSS, and the most the JavaScript heap and buffers took) for a zip bomb that lies
 * about its size, a workbook honestly declaring 39 MB of sheet, and four of them at once, next to a real list of
 * 2,000 guests. Goal: each refusal in at most 200 ms with at most 20 MB more memory.
 */
import { readGuestSheet } from "../../src/server/uploads/spreadsheet";
import { deflateRawSync } from "node:zlib";
import { MAX_SHEET_INFLATED_BYTES } from "../../src/server/uploads/limits";
import { guestListXlsx, paddedWorkbook, zip, zipBomb } from "../../tests/helpers/private-event-files";
import { exitWithUsageOnHelp } from "../lib/usage";
import { MachineLoad } from "./lib/machine";

exitWithUsageOnHelp(`
Usage: npm run bench:uploads

Reads hostile and honest guest lists as the upload route does and prints, for each, the time until the answer and
the memory the process grew by (goal for a refusal: <= 200 ms, <= 20 MB).
`);

const MB = 1024 * 1024;
const machine = new MachineLoad();
const lines: (() => string)[] = [];
const GOAL_MS = 200;
const GOAL_MB = 20;

async function measure(label: string, work: () => Promise<unknown>, goal: boolean) {
  globalThis.gc?.();
  const before = process.memoryUsage();
  let peak = before.rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 1);
  const started = performance.now();
  const outcome = await work().then(
    () => "read",
    (error: unknown) => `refused (${(error as { code?: string }).code ?? error})`,
  );
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const grewMb = (peak - before.rss) / MB;
  // Worded at the end, when the bench knows whether the machine's load let a goal be judged.
  lines.push(() => `${label.padEnd(46)} ${outcome.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms  +${grewMb.toFixed(1).padStart(6)} MB rss${goal ? `  ${machine.verdict(ms <= GOAL_MS && grewMb <= GOAL_MB)}` : ""}`);
}

const bomb = zipBomb(120 * MB);
const padded = paddedWorkbook(39 * MB);
const atBudget = zip([{ name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(0), raw: deflateRawSync(Buffer.alloc(120 * MB), { level: 9 }), declared: MAX_SHEET_INFLATED_BYTES }]);
const honest = await guestListXlsx(Array.from({ length: 2000 }, (_, i) => [`Invitado ${i}`, `g${i}@example.com`, "3001234567"]));
console.log(`files: bomb ${(bomb.length / MB).toFixed(2)} MB, padded ${(padded.length / MB).toFixed(2)} MB, honest ${(honest.length / MB).toFixed(2)} MB\n`);

await measure("zip bomb (120 MB of zeros, declares 100 bytes)", () => readGuestSheet(bomb), true);
await measure("zip bomb declaring the whole budget (8 MB)", () => readGuestSheet(atBudget), true);
await measure("workbook declaring 39 MB of sheet", () => readGuestSheet(padded), true);
await measure("four of those at once", () => Promise.allSettled([1, 2, 3, 4].map(() => readGuestSheet(padded))).then((all) => {
  if (all.some((one) => one.status === "fulfilled")) throw new Error("one was read");
  throw Object.assign(new Error("refused"), { code: "guest_list_unreadable" });
}), true);
await measure("honest list of 2,000 guests", () => readGuestSheet(honest), false);
machine.finish();
for (const line of lines) console.log(line());
