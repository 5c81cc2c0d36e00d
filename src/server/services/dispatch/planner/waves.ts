/**
 * Which vehicle drives each run, and when. Runs with needs on board are given vehicles first, then the others
 * largest run first, each the smallest free vehicle it fits in (a larger one only when no smaller one is free;
 * fleet.ts). A run left without a vehicle becomes the second (or later) wave of a vehicle that can take it in
 * time:
 * - outbound, every wave reaches the venue by the usual arrival; an earlier wave arrives early enough for the
 *   vehicle to drive out and bring the next one, and at most `waveWaitMinutes` early;
 * - return, the first wave leaves the venue as usual; a later one leaves once the vehicle is back from the one
 *   before, and at most `waveWaitMinutes` after the first.
 * A driver's shift, from the first stop (outbound) or leaving the venue (return) to the end of the vehicle's last
 * wave, never goes past `maxShiftMinutes` (a single run is never split for it), counted from the vehicle's runs
 * of the date's other leg when it has some (`busy`). A run no vehicle can take in time is "vehicle needed".
 */
import type { Need } from "../../../../shared/domain/needs";
import { carriesAll } from "./needs";
import { LEG, type Leg } from "../../../../shared/domain/legs";
import { assignVehicles, byFit } from "./fleet";
import type { PlanVehicle } from "./types";

export interface RunToDrive {
  seats: number;
  /** Seconds from the run's first stop (outbound) or leaving the venue (return) to its end. */
  durationSeconds: number;
  firstPoint: number;
  lastPoint: number;
  /** What its passengers need on board: only a vehicle carrying all of it drives the run (needs.ts). */
  needs?: Need[];
}

export interface WaveRules {
  leg: Leg;
  /** Epoch ms of the usual arrival at the venue (outbound) or departure from it (return). */
  usualMs: number;
  seconds: number[][];
  dwellSeconds: number;
  waveWaitSeconds: number;
  maxShiftSeconds: number;
}

export interface DrivenRun {
  vehicle: PlanVehicle | null;
  /** 1 for the vehicle's first wave of the leg, 2 for its second, ... */
  wave: number;
  /** Whole minutes the run is moved from the usual time: outbound earlier, return later. */
  shiftMinutes: number;
}

export function driveRuns(runs: readonly RunToDrive[], vehicles: readonly PlanVehicle[], rules: WaveRules): DrivenRun[] {
  const first = assignVehicles(
    runs.map((run) => run.seats),
    vehicles,
    (vehicle, index) => carriesAll(vehicle.carries, runs[index]!.needs ?? []) && chainTiming([index], runs, rules, vehicle) !== null,
    runs.map((run) => run.needs),
  );
  const chains = new Map<PlanVehicle, number[]>();
  first.forEach((vehicle, index) => {
    if (vehicle !== null) chains.set(vehicle, [index]);
  });
  const bySize = byFit(vehicles);
  const left = runs
    .map((_, index) => index)
    .filter((index) => first[index] === null)
    .sort((a, b) => runs[b]!.seats - runs[a]!.seats || runs[b]!.durationSeconds - runs[a]!.durationSeconds || a - b);
  for (const index of left) {
    let best: { vehicle: PlanVehicle; chain: number[]; span: number } | null = null;
    for (const vehicle of bySize) {
      if (vehicle.seats < runs[index]!.seats || !carriesAll(vehicle.carries, runs[index]!.needs ?? [])) continue;
      const chain = chains.get(vehicle) ?? [];
      for (let position = 0; position <= chain.length; position++) {
        const candidate = [...chain.slice(0, position), index, ...chain.slice(position)];
        const timing = chainTiming(candidate, runs, rules, vehicle);
        if (timing === null) continue;
        if (best === null || timing.span < best.span) best = { vehicle, chain: candidate, span: timing.span };
      }
      // The smallest vehicle that can take the run in time is chosen, as for first waves.
      if (best !== null) break;
    }
    if (best !== null) chains.set(best.vehicle, best.chain);
  }

  const driven: DrivenRun[] = runs.map(() => ({ vehicle: null, wave: 1, shiftMinutes: 0 }));
  for (const [vehicle, chain] of chains) {
    const timing = chainTiming(chain, runs, rules, vehicle)!;
    chain.forEach((index, k) => {
      driven[index] = { vehicle, wave: k + 1, shiftMinutes: timing.shiftMinutes[k]! };
    });
  }
  return driven;
}

/**
 * The minutes each run of a vehicle's chain (in driving order) is moved and the chain's span in seconds, or null
 * when the chain breaks the wave wait or the shift. The last outbound wave and the first return wave keep the
 * usual time.
 */
function chainTiming(
  chain: readonly number[],
  runs: readonly RunToDrive[],
  rules: WaveRules,
  vehicle: PlanVehicle,
): { shiftMinutes: number[]; span: number } | null {
  const { seconds, dwellSeconds } = rules;
  const shiftMinutes = new Array<number>(chain.length).fill(0);
  let span: number;
  if (rules.leg === LEG.outbound) {
    // Worked back from the venue: each earlier wave must be at the venue before the vehicle leaves for the next.
    let early = 0;
    for (let k = chain.length - 1; k > 0; k--) {
      const next = runs[chain[k]!]!;
      early = Math.ceil((early * 60 + next.durationSeconds + dwellSeconds + seconds[0]![next.firstPoint]!) / 60);
      shiftMinutes[k - 1] = early;
    }
    if (shiftMinutes[0]! * 60 > rules.waveWaitSeconds) return null;
    span = shiftMinutes[0]! * 60 + runs[chain[0]!]!.durationSeconds;
  } else {
    let late = 0;
    for (let k = 1; k < chain.length; k++) {
      const before = runs[chain[k - 1]!]!;
      late = Math.ceil((late * 60 + before.durationSeconds + dwellSeconds + seconds[before.lastPoint]![0]!) / 60);
      shiftMinutes[k] = late;
    }
    if (late * 60 > rules.waveWaitSeconds) return null;
    span = late * 60 + runs[chain[chain.length - 1]!]!.durationSeconds;
  }
  // The chain's own stretch of time, in epoch ms: outbound it ends at the usual arrival, return it starts at the
  // usual departure.
  const start = rules.leg === LEG.outbound ? rules.usualMs - span * 1000 : rules.usualMs;
  const end = rules.leg === LEG.outbound ? rules.usualMs : rules.usualMs + span * 1000;
  if (vehicle.busy !== undefined) {
    const shift = (Math.max(end, vehicle.busy.until.getTime()) - Math.min(start, vehicle.busy.from.getTime())) / 1000;
    if (shift > rules.maxShiftSeconds) return null;
  } else if (chain.length > 1 && span > rules.maxShiftSeconds) return null;
  return { shiftMinutes, span };
}
