/**
 * `npm run bench:day-report`: how long the day's report takes on a big day, and what it costs the shop's memory. On
 * a throw-away database of the PostgreSQL server DATABASE_URL names, the demo's Festival date gets V published runs
 * under way (each its own van, driver and five stops; bench:tracking's day) and a fix every S seconds from each van
 * for H hours (200 × 6 h × 5 s: 864,000 fixes), written by the database itself. Then the staff's report of that date
 * is asked through the shop's route three times (the first on a cold cache), and the list of days once.
 * Goals: the report in at most 2 s; the shop's memory growing by at most 100 MB while it computes (the figures are
 * computed in the database, never by loading the fixes).
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../src/server/db/client";
import { openTestShop } from "../../tests/helpers/test-shop";
import { throwAwayDatabase } from "../lib/throw-away-database";
import { exitWithUsageOnHelp } from "../lib/usage";
import { MachineLoad } from "./lib/machine";
import { seedTrackingDay } from "./lib/tracking-day";

exitWithUsageOnHelp(`
Usage: npm run bench:day-report [-- --vehicles 200 --hours 6 --every 5]

On PostgreSQL (DATABASE_URL, a throw-away database of that server): V vans' published runs on one event date and a
fix every S seconds from each for H hours, then the staff's day report of that date, timed (goal 2 s) with the shop's
memory growth (goal 100 MB), each printed beside its ceiling. --vans, the former name of --vehicles, is still read.
`);

/** `--vans` is `--vehicles`'s former name, still read when the new one is not given. */
const { values } = parseArgs({ options: { vehicles: { type: "string" }, vans: { type: "string", default: "200" }, hours: { type: "string", default: "6" }, every: { type: "string", default: "5" } } });
const vehicles = Number(values.vehicles ?? values.vans);
const hours = Number(values.hours);
const every = Number(values.every);
const REPORT_CEILING_MS = 2_000;
const MEMORY_CEILING_MB = 100;

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error("bench:day-report measures the report on PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).");
  process.exit(2);
}

const machine = new MachineLoad();
const throwAway = await throwAwayDatabase(serverUrl, "rodamos_bench_day");
const mb = (bytes: number) => bytes / 1024 / 1024;
/** The rows of a raw statement's answer, whichever driver gave it. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);
try {
  const shop = await openTestShop({ database: await openDatabase({ url: throwAway.url, max: 4 }) });
  try {
    const now = new Date();
    const day = await seedTrackingDay(shop.db, { vehicleCount: vehicles, pages: vehicles * 3, secret: "bench-day-report-secret-long-enough-for-hs256", now });
    const fixesPerVehicle = Math.floor((hours * 3600) / every);
    const runIds = day.runs.map((run) => run.runId);
    const written = performance.now();
    // Each van drives out from its first stop north-east, a few metres per fix, from H hours ago to now; ten vans per
    // statement, each well inside the shop's statement timeout.
    for (let at = 0; at < runIds.length; at += 10) {
      const chunk = runIds.slice(at, at + 10);
      await shop.db.execute(sql`
        insert into vehicle_positions (run_id, driver_user_id, lat, lon, accuracy_m, at)
        select r.id, r.driver_id, s.lat + g * 0.00002, s.lon + g * 0.00001, 8, ${now}::timestamptz - make_interval(secs => (${fixesPerVehicle} - g) * ${every})
        from dispatch_runs r
        join dispatch_stops s on s.run_id = r.id and s.position = 0
        cross join generate_series(1, ${fixesPerVehicle}) g
        where r.id in (${sql.join(chunk.map((id) => sql`${id}`), sql`, `)})`);
    }
    await shop.db.execute(sql`analyze vehicle_positions`);
    const fixes = rowsOf<{ count: number }>(await shop.db.execute(sql`select count(*)::int as count from vehicle_positions`))[0]!.count;
    console.log(`${vehicles} vans × ${hours} h × a fix every ${every} s: ${fixes.toLocaleString("en")} fixes written in ${((performance.now() - written) / 1000).toFixed(1)} s\n`);

    const [date] = rowsOf<{ id: number }>(await shop.db.execute(sql`select event_date_id as id from dispatch_plans order by id desc limit 1`));
    const staff = await shop.buyer("staff");
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const times: number[] = [];
    const before = process.memoryUsage().rss;
    peak = before;
    let runs = 0;
    for (let round = 0; round < 3; round += 1) {
      const began = performance.now();
      const answer = await shop.call<{ runs: unknown[] }>("GET", `/shop-api/staff/reports/days/${date!.id}`, undefined, { token: staff.token });
      times.push(performance.now() - began);
      if (answer.status !== 200) throw new Error(`the report answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      runs = answer.body.data.runs.length;
    }
    const listBegan = performance.now();
    const list = await shop.call("GET", "/shop-api/staff/reports/days", undefined, { token: staff.token });
    const listMs = performance.now() - listBegan;
    if (list.status !== 200) throw new Error(`the list answered ${list.status}`);
    clearInterval(sampler);
    const growth = mb(peak - before);

    const judged = machine.finish();
    const verdict = (value: number, ceiling: number) => (!judged ? "(goal not judged: load over 2 x cores)" : value <= ceiling ? "(goal met)" : "(GOAL MISSED)");
    console.log(`report of the day (${runs} runs)      cold ${Math.round(times[0]!)} ms, then ${Math.round(times[1]!)} and ${Math.round(times[2]!)} ms  (ceiling ${REPORT_CEILING_MS} ms) ${verdict(Math.max(...times), REPORT_CEILING_MS)}`);
    console.log(`list of days                    ${Math.round(listMs)} ms  (ceiling ${REPORT_CEILING_MS} ms) ${verdict(listMs, REPORT_CEILING_MS)}`);
    console.log(`shop memory while computing     +${growth.toFixed(1)} MB rss (peak ${Math.round(mb(peak))} MB; ceiling +${MEMORY_CEILING_MB} MB) ${verdict(growth, MEMORY_CEILING_MB)}`);
  } finally {
    await shop.close();
  }
} finally {
  await throwAway.drop();
}
