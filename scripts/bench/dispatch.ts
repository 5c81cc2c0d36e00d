/**
 * `npm run bench:dispatch`: how fast and how tight the dispatch planner is on a big day. Generates one event date
 * in and around Bogotá (2,000 passengers in groups of 1–4 over 30 counties, a fixed seed, a demo-like fleet),
 * asks the travel-time port for the matrix as the shop would (straight-line estimate unless ROUTING_URL is set),
 * plans the outbound and the return leg, and prints per leg the seconds to plan, vehicles used ÷ the fewest
 * possible, mean and maximum ride, and the share of passengers within the maximum ride, beside the goals. The
 * machine is shared: with a load average over twice its cores the goals are not judged.
 */
import { availableParallelism, loadavg } from "node:os";
import { parseEnv } from "../../src/server/env";
import { createTravelTimes } from "../../src/server/geo";
import { planLeg, rideSeconds, vehicleLowerBound } from "../../src/server/services/dispatch/planner";
import { sampleDay } from "../../src/server/seed/dispatch-sample-day";
import type { Plan, PlanInput } from "../../src/server/services/dispatch/planner/types";
import { LEG, LEGS } from "../../src/shared/domain/legs";
import { exitWithUsageOnHelp } from "../lib/usage";

exitWithUsageOnHelp(`
Usage: npm run bench:dispatch [-- --passengers 2000 --counties 30 --seed 17 --centroids]
       npm run bench:dispatch -- --reference [--instances 18] [--days 160]
       npm run bench:dispatch -- --cvrplib DIR [--instances N]

Plans one generated event date (passengers in groups of 1-4 over up to 30 Bogota-area counties, a demo-like
fleet of 15-seat vans, 19-seat minibuses, 40-seat buses and 4-seat cars) for both legs and prints the seconds
to plan (goal <= 5 s, travel-time matrix included), vehicles used / the fewest possible (goal <= 1.15), mean and
maximum ride in minutes, and the share of passengers within the maximum ride (goal 100 %). Travel times come
from the shop's travel-time port (ROUTING_URL, else the straight-line estimate and its TRAVEL_* settings).
Addresses lie a few hundred metres from their county's centroid (as geocoded); --centroids puts every address
at its centroid, as the shop does without a geocoder.

--reference plans small seeded instances (10-30 stops: a dense city, spread-out towns, mixed; both legs; the
demo fleet, then fleets with a wheelchair van, small vehicles only, a mixed fleet with a child seat) and solves
each to proven optimality with HiGHS (set partitioning over every feasible route), then prints the planner's
vehicles and vehicle-minutes / the optimum's per instance and over the set (goals <= 1.05 and <= 1.10, no
instance above 1.25) and how many plans cannot run (goal 0); then plans generated days with a wheelchair user
(vans of 15, 15 and a 10-seat wheelchair van) and prints how many cannot run although a plan that can exists
(goal 0). --instances N takes the first N reference instances (and then no days unless --days D asks for D).

--cvrplib DIR plans every CVRPLIB instance (.vrp, TSPLIB format) in DIR as open routes ending at the depot (the
venue): each customer a group of its demand in seats, k vehicles of CAPACITY seats, no ride limit, no dwell. It
prints per instance the runs, the open length (TSPLIB EUC_2D), its ratio to the reference length when a .tsv of
reference lengths lies beside the instances (name, vehicles, length), and the seconds to plan; the last line is
"cvrplib: N instances, mean R of reference, max M, extra vehicles V, time p50 S s" (goals: mean <= 1.03,
max <= 1.06, no extra vehicle). --instances N takes the first N (by name).
`);

if (process.argv.includes("--cvrplib")) {
  const { compareWithCvrplib } = await import("./dispatch-cvrplib/compare");
  const dir = process.argv[process.argv.indexOf("--cvrplib") + 1];
  if (dir === undefined || dir.startsWith("--")) throw new Error("--cvrplib takes a directory of CVRPLIB .vrp files");
  const index = process.argv.indexOf("--instances");
  compareWithCvrplib(dir, index > 0 ? Number(process.argv[index + 1]) : undefined);
  process.exit(0);
}

if (process.argv.includes("--reference")) {
  const { compareWithOptimum } = await import("./dispatch-reference/compare");
  const index = process.argv.indexOf("--instances");
  const days = process.argv.indexOf("--days");
  await compareWithOptimum(index > 0 ? Number(process.argv[index + 1]) : undefined, days > 0 ? Number(process.argv[days + 1]) : undefined);
  process.exit(0);
}

const GOAL_SECONDS = 5;
const GOAL_VEHICLE_RATIO = 1.15;

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  const value = index > 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number above 0`);
  return value;
}

const passengers = option("--passengers", 2000);
const counties = Math.min(30, option("--counties", 30));
const seed = option("--seed", 17);
const atCentroids = process.argv.includes("--centroids");
const cores = availableParallelism();
const loadAtStart = loadavg()[0]!;
console.log(`Load average (1 min) at the start: ${loadAtStart.toFixed(1)} on ${cores} cores`);
console.log(`${passengers} passengers over ${counties} counties (seed ${seed}${atCentroids ? ", every address at its county's centroid" : ""})`);

const env = parseEnv(process.env);
const travelTimes = createTravelTimes(env);
const results: { leg: string; seconds: number; ratio: number; within: number }[] = [];

for (const leg of LEGS) {
  const generated = sampleDay({ passengers, counties, seed, leg, atCentroids });
  const started = performance.now();
  const input: PlanInput = { ...generated, seconds: await travelTimes.matrix(generated.points) };
  const matrixSeconds = (performance.now() - started) / 1000;
  const plan = planLeg(input);
  const seconds = (performance.now() - started) / 1000;
  const figures = measure(input, plan);
  results.push({ leg, seconds, ratio: figures.ratio, within: figures.within });
  console.log(`\n${leg} (${input.groups.length} groups at ${input.points.length - 1} addresses, fleet of ${input.vehicles.length})`);
  console.log(`  seconds to plan            ${seconds.toFixed(2)} s (matrix ${matrixSeconds.toFixed(2)} s)`);
  console.log(`  vehicles used / fewest     ${plan.runs.length} / ${figures.bound} = ${figures.ratio.toFixed(3)}`);
  console.log(`  van-minutes with people    ${figures.vehicleMinutes.toFixed(0)}`);
  console.log(`  ride minutes               mean ${figures.meanMinutes.toFixed(1)}, max ${figures.maxMinutes.toFixed(1)} (limit ${input.settings.maxRideMinutes})`);
  console.log(`  within the maximum ride    ${(figures.within * 100).toFixed(1)} %`);
  console.log(`  seats filled               ${(figures.fill * 100).toFixed(1)} %`);
  for (const note of plan.notes) console.log(`  note ${note.code}: ${note.groupIds.length} groups`);
}

const loadAtEnd = loadavg()[0]!;
console.log(`\nLoad average (1 min) at the end: ${loadAtEnd.toFixed(1)} on ${cores} cores`);
if (Math.max(loadAtStart, loadAtEnd) > 2 * cores) {
  console.log(`Goals not judged: the load average was over ${2 * cores} (twice the cores); run again on a quieter machine.`);
} else {
  for (const result of results) {
    const verdict = (ok: boolean) => (ok ? "goal met" : "goal NOT met");
    console.log(
      `${result.leg}: ${result.seconds.toFixed(2)} s (${verdict(result.seconds <= GOAL_SECONDS)}), ` +
        `${result.ratio.toFixed(3)} x fewest (${verdict(result.ratio <= GOAL_VEHICLE_RATIO)}), ` +
        `${(result.within * 100).toFixed(1)} % within the maximum ride (${verdict(result.within === 1)})`,
    );
  }
}

function measure(input: PlanInput, plan: Plan) {
  const seats = new Map(input.groups.map((group) => [group.id, group.seats]));
  const total = input.groups.reduce((sum, group) => sum + group.seats, 0);
  const limit = input.settings.maxRideMinutes * 60;
  let rideSum = 0;
  let maxRide = 0;
  let within = 0;
  let vehicleSeconds = 0;
  for (const run of plan.runs) {
    const rides = rideSeconds(input.leg, input.seconds, input.settings.dwellMinutes * 60, run.stops.map((stop) => stop.point));
    vehicleSeconds += input.leg === LEG.outbound ? rides[0]! : rides[rides.length - 1]!;
    run.stops.forEach((stop, k) => {
      const people = stop.groupIds.reduce((sum, id) => sum + seats.get(id)!, 0);
      rideSum += rides[k]! * people;
      maxRide = Math.max(maxRide, rides[k]!);
      if (rides[k]! <= limit) within += people;
    });
  }
  const bound = vehicleLowerBound(total, input.vehicles, input.settings.fallbackSeats);
  const capacity = plan.runs.reduce((sum, run) => sum + run.capacity, 0);
  return {
    bound,
    ratio: plan.runs.length / bound,
    meanMinutes: rideSum / total / 60,
    maxMinutes: maxRide / 60,
    within: within / total,
    fill: total / capacity,
    vehicleMinutes: vehicleSeconds / 60,
  };
}
