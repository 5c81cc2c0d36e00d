/**
 * Streams of Server-Sent Events fed by the process's live feed: the runs' live states are watched, and each change
 * is rendered and written as one event. Thousands of passengers' pages listen at once on the event day, so an open
 * stream holds as little as it can: on Node it is written straight to the server's response (no web stream, no
 * Hono stream helper, no request context kept: those held some 110 kB per stream), its state is one object, an
 * event's JSON comes ready-made from the render (which serialises what every listener of a run shares once per
 * change), and one timer for all the process's streams writes the comment line that keeps proxies from closing a
 * quiet stream (one that wrote nothing for KEEP_ALIVE_MS) and ends those past their `until` (a tracking link that
 * stops answering). A client that reads slower than the events come is written only the latest state of each run
 * once it has caught up. The stream ends when the client goes, or at `until`. Without Node's response (the app
 * called through `fetch`, as the API tests do) the same stream goes out as a web stream.
 */
import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Context } from "hono";
import type { LiveRun } from "../../../shared/schemas/answers/live";
import { openStreamFor } from "../../http/client-limits";
import type { AppEnv } from "../../http/context";

const KEEP_ALIVE_MS = 15_000;
/** How often the one timer looks at the open streams (a stream ends at most this late after its `until`). */
const SWEEP_MS = 1_000;
/** What a web stream may hold unread before its client counts as behind. */
const WEB_BACKLOG_BYTES = 64 * 1024;
/** The node server's mark of an answer the handler wrote to Node's response itself (@hono/node-server). */
const ALREADY_SENT = "x-hono-already-sent";
/** no-store: a stream holds passengers' stops and addresses (tracking) or names (the dispatcher's board); no cache keeps it. */
const EVENT_STREAM_HEADERS = { "content-type": "text/event-stream", "cache-control": "no-store" };
const encoder = new TextEncoder();

/** One event: its name and its data, already serialised as JSON (one line: JSON.stringify writes no newline). */
export interface LiveEvent {
  event: string;
  json: string;
}

/**
 * Renders the event of a change: `runs` holds each watched run's latest state, in the order of the stream's run
 * ids (undefined until the first is known). Null writes nothing.
 */
export type LiveRender = (changed: LiveRun, runs: readonly (LiveRun | undefined)[]) => LiveEvent | null;

/**
 * What a stream's other source may do (`streamLive`'s `also`): write an event of its own (of each event name only
 * the latest is kept for a client that is behind), follow one more run (a run published after the stream opened),
 * and end the stream (what it shows is no longer the client's to see).
 */
export interface StreamControls {
  send(event: LiveEvent): void;
  follow(runId: number): void;
  end(): void;
}

/** Where a stream's text goes: Node's response, or a web stream. */
interface Sink {
  /** False when the client is behind: write no more until `drained`. */
  write(text: string): boolean;
  drained(then: () => void): void;
  end(): void;
}

const open = new Set<LiveStream>();
let sweeper: NodeJS.Timeout | null = null;

/** The one timer of every open stream of the process: keep-alives and ends. */
function sweep() {
  const wall = Date.now();
  for (const stream of open) {
    if (stream.until !== null && stream.now().getTime() >= stream.until) stream.close();
    else if (wall - stream.wroteAt >= KEEP_ALIVE_MS) {
      stream.wroteAt = wall;
      stream.sink.write(": keep-alive\n\n");
    }
  }
}

class LiveStream {
  /** The last write (Date.now()), for the keep-alive. */
  wroteAt = Date.now();
  runs: (LiveRun | undefined)[];
  /** Changes not written yet because the client is behind: each run's latest, once (by run index). */
  waiting: (LiveRun | undefined)[] | null = null;
  behind = false;
  /** Events of the stream's other source not written yet because the client is behind: the latest of each name. */
  waitingEvents: Map<string, LiveEvent> | null = null;
  ended = false;
  stops: (() => void)[] = [];
  sink!: Sink;

  constructor(
    readonly render: LiveRender,
    count: number,
    /** When the stream ends, by the shop's clock (ms), or null. */
    readonly until: number | null,
    readonly now: () => Date,
  ) {
    this.runs = new Array<LiveRun | undefined>(count).fill(undefined);
  }

  changed(index: number, run: LiveRun) {
    if (this.ended) return;
    this.runs[index] = run;
    if (this.behind) (this.waiting ??= new Array<LiveRun | undefined>(this.runs.length).fill(undefined))[index] = run;
    else this.writeOne(run);
  }

  /** One more run, at the end of `runs`. Answers its index. */
  added(): number {
    this.runs.push(undefined);
    this.waiting?.push(undefined);
    return this.runs.length - 1;
  }

  send(event: LiveEvent) {
    if (this.ended) return;
    if (this.behind) (this.waitingEvents ??= new Map()).set(event.event, event);
    else this.writeEvent(event);
  }

  writeOne(changed: LiveRun) {
    const event = this.render(changed, this.runs);
    if (event) this.writeEvent(event);
  }

  writeEvent(event: LiveEvent) {
    this.wroteAt = Date.now();
    if (!this.sink.write(`event: ${event.event}\ndata: ${event.json}\n\n`)) {
      this.behind = true;
      this.sink.drained(() => this.catchUp());
    }
  }

  /** Once a client that was behind has caught up: each waiting run's latest, until it is behind again. */
  catchUp() {
    this.behind = false;
    const events = this.waitingEvents;
    this.waitingEvents = null;
    for (const event of events?.values() ?? []) {
      if (this.behind || this.ended) {
        if (!this.ended) (this.waitingEvents ??= new Map()).set(event.event, event);
        continue;
      }
      this.writeEvent(event);
    }
    const waiting = this.waiting;
    if (!waiting) return;
    for (const [index, run] of waiting.entries()) {
      if (this.behind || this.ended) return;
      if (!run) continue;
      waiting[index] = undefined;
      this.writeOne(run);
    }
  }

  close() {
    if (this.ended) return;
    this.ended = true;
    for (const stop of this.stops) stop();
    this.stops = [];
    open.delete(this);
    if (open.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = null;
    }
    this.sink.end();
  }
}

/** The serialised live run, once per live state however many screens watch it (the dispatcher's stream). */
const runJson = new WeakMap<LiveRun, string>();
export function liveRunJson(run: LiveRun): string {
  let json = runJson.get(run);
  if (json === undefined) runJson.set(run, (json = JSON.stringify(run)));
  return json;
}

/**
 * `also`: another source of events for the same stream (the dispatcher's board), started once the stream is open;
 * it answers its stop, called when the stream ends.
 */
export function streamLive(c: Context<AppEnv>, runIds: readonly number[], render: LiveRender, options: { until?: Date; also?: (controls: StreamControls) => () => void } = {}): Response {
  const deps = c.get("deps");
  // One client holds at most CLIENT_MAX_STREAMS open streams of this process (http/client-limits.ts).
  const held = openStreamFor(c);
  if ("refusal" in held) return held.refusal;
  const outgoing = nodeResponse(c);
  const stream = new LiveStream(render, runIds.length, options.until?.getTime() ?? null, deps.now);
  stream.stops.push(held.release);
  const sink = outgoing ? new NodeSink(outgoing, stream) : new WebSink(stream);
  stream.sink = sink;
  open.add(stream);
  if (!sweeper) {
    sweeper = setInterval(sweep, SWEEP_MS);
    sweeper.unref();
  }
  stream.stops.push(...runIds.map((runId, index) => deps.live.watch(runId, (run) => stream.changed(index, run))));
  if (options.also) {
    const followed = new Set(runIds);
    stream.stops.push(
      options.also({
        send: (event) => stream.send(event),
        follow(runId) {
          if (stream.ended || followed.has(runId)) return;
          followed.add(runId);
          const index = stream.added();
          stream.stops.push(deps.live.watch(runId, (run) => stream.changed(index, run)));
        },
        end: () => stream.close(),
      }),
    );
  }
  if (sink instanceof NodeSink) {
    headWhenAnswered(c, sink);
    const answered = new Response(null, { status: 200, headers: { ...EVENT_STREAM_HEADERS, [ALREADY_SENT]: "true" } });
    // The node server writes a response of its own light kind (which `new Response` makes once it serves) without
    // looking for the mark; reading the body makes it a plain Response, whose mark it honours.
    void answered.body;
    return answered;
  }
  return new Response(sink.body, { status: 200, headers: EVENT_STREAM_HEADERS });
}

/** Node's response of the request, when the app is served by @hono/node-server (its `env.outgoing`). */
function nodeResponse(c: Context<AppEnv>): ServerResponse | null {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return outgoing && typeof outgoing.writeHead === "function" && !outgoing.headersSent ? outgoing : null;
}

/**
 * The head goes out once the middleware around the handler has finished with the answer (its headers: the request
 * id, the security headers), which is all done before the next turn of the event loop. Only this one-off callback
 * holds the request's context: the open stream keeps nothing of it.
 */
function headWhenAnswered(c: Context<AppEnv>, sink: NodeSink) {
  setImmediate(() => sink.answered(c.res));
}

/**
 * Writes straight to Node's response; until the head is out, events wait. If the answer was replaced on its way
 * out (an error), the stream is not ours: it ends.
 */
class NodeSink implements Sink {
  pending: string | null = "";
  ended = false;

  constructor(
    readonly outgoing: ServerResponse,
    readonly stream: LiveStream,
  ) {
    outgoing.once("close", () => stream.close());
  }

  answered(answer: Response) {
    const { outgoing } = this;
    const text = this.pending;
    this.pending = null;
    if (answer.headers.get(ALREADY_SENT) !== "true") {
      this.stream.close();
      return;
    }
    if (outgoing.destroyed) return;
    const headers: OutgoingHttpHeaders = {};
    answer.headers.forEach((value, name) => {
      if (name !== ALREADY_SENT) headers[name] = value;
    });
    outgoing.writeHead(answer.status, headers);
    if (text) outgoing.write(text);
    else outgoing.flushHeaders();
    if (this.ended) outgoing.end();
  }

  write(text: string): boolean {
    if (this.ended || this.outgoing.destroyed) return true;
    if (this.pending !== null) {
      this.pending += text;
      return true;
    }
    return this.outgoing.write(text);
  }

  drained(then: () => void) {
    this.outgoing.once("drain", then);
  }

  end() {
    if (this.ended) return;
    this.ended = true;
    const { outgoing } = this;
    if (this.pending === null && outgoing.headersSent && !outgoing.writableEnded && !outgoing.destroyed) outgoing.end();
  }
}

class WebSink implements Sink {
  readonly body: ReadableStream<Uint8Array>;
  controller!: ReadableStreamDefaultController<Uint8Array>;
  onDrain: (() => void) | null = null;
  ended = false;

  constructor(stream: LiveStream) {
    this.body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        pull: () => {
          const then = this.onDrain;
          this.onDrain = null;
          then?.();
        },
        cancel: () => {
          this.ended = true;
          stream.close();
        },
      },
      { highWaterMark: WEB_BACKLOG_BYTES, size: (chunk) => chunk.byteLength },
    );
  }

  write(text: string): boolean {
    if (this.ended) return true;
    this.controller.enqueue(encoder.encode(text));
    return (this.controller.desiredSize ?? 1) > 0;
  }

  drained(then: () => void) {
    this.onDrain = then;
  }

  end() {
    if (this.ended) return;
    this.ended = true;
    this.controller.close();
  }
}
