/**
 * An OSRM-compatible table service (`GET {base}/table/v1/driving/{lon,lat;…}?annotations=duration`, answering
 * `{ code: "Ok", durations: [[seconds]] }`). Servers cap a table (osrm-routed's `--max-table-size`, 100 by
 * default), so a larger matrix is asked block by block: the points are cut into blocks of half that size and each
 * pair of blocks is one request with both blocks' coordinates, the first block as `sources` and the second as
 * `destinations`. A pair the server cannot route (null) and a block whose request fails are filled in by the
 * straight-line estimate, with a warning in the log, so a plan can always be made.
 */
import { estimateSeconds, type TravelTimeEstimateSettings } from "./travel-time-estimate";
import type { FetchLike, LatLon, TravelTimes } from "./types";

/** One table request; a dispatcher waits for the whole matrix. */
export const ROUTING_TIMEOUT_MS = 15_000;
/** Requests in flight at once: enough to hide latency without flooding a shared server. */
const CONCURRENT_REQUESTS = 4;

export interface OsrmSettings {
  baseUrl: string;
  /** The server's largest table (coordinates per request). */
  maxTableSize: number;
  estimate: TravelTimeEstimateSettings;
}

export class OsrmTravelTimes implements TravelTimes {
  constructor(
    private readonly settings: OsrmSettings,
    private readonly fetchImpl: FetchLike = fetch,
  ) {}

  async matrix(points: readonly LatLon[]): Promise<number[][]> {
    const seconds = points.map(() => new Array<number>(points.length).fill(0));
    if (points.length < 2) return seconds;
    const requests = tableRequests(points.length, this.settings.maxTableSize);
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const request = requests[next++]!;
        await this.fill(points, request, seconds);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_REQUESTS, requests.length) }, worker));
    return seconds;
  }

  private async fill(points: readonly LatLon[], request: TableRequest, seconds: number[][]): Promise<void> {
    const durations = await this.table(points, request);
    let estimated = 0;
    request.sources.forEach((from, row) => {
      request.destinations.forEach((to, column) => {
        const value = durations?.[row]?.[column];
        if (from === to) seconds[from]![to] = 0;
        else if (typeof value === "number" && Number.isFinite(value) && value >= 0) seconds[from]![to] = Math.round(value);
        else {
          seconds[from]![to] = estimateSeconds(points[from]!, points[to]!, this.settings.estimate);
          estimated++;
        }
      });
    });
    if (durations !== null && estimated > 0) console.warn(`routing: ${estimated} pairs unroutable; estimated`);
  }

  /** The durations of one request, or null when it failed (the caller estimates the block). */
  private async table(points: readonly LatLon[], request: TableRequest): Promise<unknown[][] | null> {
    const url = tableUrl(this.settings.baseUrl, points, request);
    try {
      const response = await this.fetchImpl(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(ROUTING_TIMEOUT_MS),
      });
      const body = (await response.json().catch(() => null)) as { code?: unknown; durations?: unknown } | null;
      if (!response.ok || body?.code !== "Ok" || !Array.isArray(body.durations)) {
        console.warn(`routing answered ${response.status} ${String(body?.code)}; block estimated`);
        return null;
      }
      return body.durations as unknown[][];
    } catch (error) {
      console.warn("routing unreachable; block estimated", error);
      return null;
    }
  }
}

/** One table request: indexes (into the whole point list) of its sources and destinations. */
export interface TableRequest {
  sources: number[];
  destinations: number[];
}

/** The requests that cover an n × n matrix, each with at most `maxTableSize` coordinates. */
export function tableRequests(count: number, maxTableSize: number): TableRequest[] {
  const all = Array.from({ length: count }, (_, index) => index);
  if (count <= maxTableSize) return [{ sources: all, destinations: all }];
  const blockSize = Math.max(1, Math.floor(maxTableSize / 2));
  const blocks: number[][] = [];
  for (let start = 0; start < count; start += blockSize) blocks.push(all.slice(start, start + blockSize));
  return blocks.flatMap((sources) => blocks.map((destinations) => ({ sources, destinations })));
}

/**
 * The request's URL: its coordinates as `lon,lat` (the sources, then destinations not already among them) and,
 * unless it is the whole table, `sources` and `destinations` as positions in that list.
 */
export function tableUrl(baseUrl: string, points: readonly LatLon[], request: TableRequest): string {
  const coordinates = [...request.sources];
  for (const index of request.destinations) if (!coordinates.includes(index)) coordinates.push(index);
  const position = new Map(coordinates.map((index, at) => [index, at]));
  const path = coordinates.map((index) => `${points[index]!.lon.toFixed(6)},${points[index]!.lat.toFixed(6)}`).join(";");
  const params = new URLSearchParams({ annotations: "duration" });
  const whole = coordinates.length === request.sources.length && coordinates.length === request.destinations.length;
  if (!whole) {
    params.set("sources", request.sources.map((index) => position.get(index)).join(";"));
    params.set("destinations", request.destinations.map((index) => position.get(index)).join(";"));
  }
  return `${baseUrl.replace(/\/+$/, "")}/table/v1/driving/${path}?${params.toString().replace(/%3B/g, ";")}`;
}
