/**
 * The dispatcher's live view (behind the staff check, under /shop-api/staff/dispatch/live): every published run of
 * an event date and leg, as JSON and as a stream of each run's changes (Server-Sent Events), the stream also
 * carrying the board itself (plan, waiting passengers, notes, clashes) whenever it changes.
 */
import { Hono } from "hono";
import type { AuthEnv } from "../../auth/bearer";
import { framesOfDay, liveDay } from "../../services/live/live-state";
import { documented } from "../contract";
import { liveRunJson, streamLive } from "../live/live-stream";

const read = documented("GET /shop-api/staff/dispatch/live");
const events = documented("GET /shop-api/staff/dispatch/live/events");

export const liveRoutes = new Hono<AuthEnv>();

liveRoutes.get("/", read.describe, async (c) => {
  const { eventDateId, leg } = read.query(c);
  return read.ok(c, await liveDay(c.get("deps"), eventDateId, leg));
});

liveRoutes.get("/events", events.describe, async (c) => {
  const { eventDateId, leg } = events.query(c);
  const deps = c.get("deps");
  const { frames } = await framesOfDay(deps, eventDateId, leg);
  return streamLive(
    c,
    frames.map((frame) => frame.runId),
    (changed) => ({ event: "run", json: liveRunJson(changed) }),
    {
      // The board itself: at once and after each change; the runs of a plan published since are followed too.
      also: (stream) =>
        deps.live.watchBoard(eventDateId, leg, (board) => {
          stream.send({ event: "board", json: JSON.stringify(board) });
          if (board.board.publishedVersion !== null) for (const run of board.plan.runs) stream.follow(run.id);
        }),
    },
  );
});
