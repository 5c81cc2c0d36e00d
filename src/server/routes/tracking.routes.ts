/**
 * /shop-api/tracking/{token}: a passenger's van on the day, from the signed link in their pick-up mail and text
 * and on the order detail; no sign-in. The JSON read and the stream of its changes (Server-Sent Events) answer the
 * same view; both refuse a link that is not the shop's (404) or that has ended (410), and the stream ends by itself
 * when the link ends, the order is no longer paid (refunded, cancelled) or the passenger was published anew (the
 * page then reads the link again). Neither answer may be cached: they hold the passenger's home address.
 */
import { Hono } from "hono";
import type { LiveRun } from "../../shared/schemas/answers/live";
import type { AppEnv } from "../http/context";
import { feedFrame, liveRuns } from "../services/live/live-state";
import { endWhenClosed, trackingRenderer, trackingSubject, trackingView } from "../services/live/tracking";
import { documented } from "./contract";
import { streamLive } from "./live/live-stream";

const read = documented("GET /shop-api/tracking/:token");
const events = documented("GET /shop-api/tracking/:token/events");

export const trackingRoutes = new Hono<AppEnv>();

trackingRoutes.get("/:token", read.describe, async (c) => {
  const { token } = read.params(c);
  const deps = c.get("deps");
  // The answer holds the passenger's home address: no cache keeps it.
  c.header("cache-control", "no-store");
  const { subject, frames } = await trackingSubject(deps, token, c.get("locale"), (runId) => feedFrame(deps, runId));
  const runs = new Map((await liveRuns(deps, frames)).map((run): [number, LiveRun] => [run.runId, run]));
  return read.ok(c, trackingView(deps, subject, runs));
});

trackingRoutes.get("/:token/events", events.describe, async (c) => {
  const { token } = events.params(c);
  const deps = c.get("deps");
  const { subject } = await trackingSubject(deps, token, c.get("locale"), (runId) => feedFrame(deps, runId));
  const render = trackingRenderer(deps, subject);
  return streamLive(
    c,
    subject.legs.map((leg) => leg.runId),
    (_changed, runs) => {
      const json = render(runs);
      return json === null ? null : { event: "tracking", json };
    },
    // Every RECHECK_MS, with every other open stream (services/live/tracking.ts `endWhenClosed`).
    { until: subject.expiresAt, also: (controls) => endWhenClosed(deps, subject, () => controls.end()) },
  );
});
