/**
 * A wrk-like load generator, run as a process of its own (`fork`) so that it shares no event loop with the bench or
 * the servers: N keep-alive connections, each sending the same GET again as soon as the previous answer has fully
 * arrived (no pipelining), for a given time. It parses only what it must (status, Content-Length or chunked
 * framing) and keeps latencies in 10 µs buckets, so that a connection costs it little more than wrk's. Told what to
 * do by one IPC message; answers with one (requests/s, p99 in ms, errors).
 */
import { connect, type Socket } from "node:net";

export interface LoadOrder {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  bytes: number;
}

const BUCKET_US = 10;
const BUCKETS = 200_000; // up to 2 s; slower answers land in the last bucket

function run(order: LoadOrder): Promise<LoadResult> {
  const target = new URL(order.url);
  const headerLines = Object.entries({ host: target.host, connection: "keep-alive", ...order.headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  const request = Buffer.from(`GET ${target.pathname}${target.search} HTTP/1.1\r\n${headerLines}\r\n`);
  const latencies = new Uint32Array(BUCKETS);
  let requests = 0;
  let errors = 0;
  let bytes = 0;
  let running = true;
  const started = performance.now();

  function open(): Socket {
    const socket = connect({ host: target.hostname, port: Number(target.port), noDelay: true });
    let buffered: Buffer | undefined;
    let sentAt = 0;
    const send = () => {
      sentAt = performance.now();
      socket.write(request);
    };
    socket.on("connect", send);
    socket.on("data", (chunk: Buffer) => {
      bytes += chunk.byteLength;
      buffered = buffered ? Buffer.concat([buffered, chunk]) : chunk;
      for (;;) {
        const length = completeAnswer(buffered);
        if (length === 0) return;
        const status = Number(buffered.toString("latin1", 9, 12));
        if (status < 200 || status >= 400) errors += 1;
        requests += 1;
        latencies[Math.min(BUCKETS - 1, Math.floor(((performance.now() - sentAt) * 1000) / BUCKET_US))]! += 1;
        buffered = length === buffered.byteLength ? undefined : buffered.subarray(length);
        if (!buffered) break;
      }
      if (running) send();
      else socket.end();
    });
    socket.on("error", () => {
      errors += 1;
    });
    socket.on("close", () => {
      if (running) sockets[sockets.indexOf(socket)] = open();
    });
    return socket;
  }

  const sockets: Socket[] = [];
  for (let index = 0; index < order.connections; index += 1) sockets.push(open());

  return new Promise((resolve) => {
    setTimeout(() => {
      running = false;
      const elapsed = (performance.now() - started) / 1000;
      for (const socket of sockets) socket.destroy();
      resolve({ requests, rps: requests / elapsed, p50: percentile(latencies, requests, 0.5), p99: percentile(latencies, requests, 0.99), errors, bytes });
    }, order.seconds * 1000);
  });
}

/** The byte length of the first complete answer in `data`, or 0 when it has not fully arrived yet. */
function completeAnswer(data: Buffer): number {
  const headEnd = data.indexOf("\r\n\r\n");
  if (headEnd < 0) return 0;
  const head = data.toString("latin1", 0, headEnd).toLowerCase();
  const length = /\r\ncontent-length:\s*(\d+)/.exec(head);
  if (length) {
    const total = headEnd + 4 + Number(length[1]);
    return data.byteLength >= total ? total : 0;
  }
  if (/\r\ntransfer-encoding:\s*chunked/.test(head)) {
    let at = headEnd + 4;
    for (;;) {
      const lineEnd = data.indexOf("\r\n", at);
      if (lineEnd < 0) return 0;
      const size = Number.parseInt(data.toString("latin1", at, lineEnd), 16);
      at = lineEnd + 2 + size + 2;
      if (at > data.byteLength) return 0;
      if (size === 0) return at;
    }
  }
  // 204/304 and the like: no body.
  return headEnd + 4;
}

function percentile(buckets: Uint32Array, total: number, share: number): number {
  const wanted = Math.ceil(total * share);
  let seen = 0;
  for (let index = 0; index < buckets.length; index += 1) {
    seen += buckets[index]!;
    if (seen >= wanted && wanted > 0) return Math.round(((index + 1) * BUCKET_US) / 10) / 100;
  }
  return 0;
}

if (process.send) {
  process.once("message", (order: LoadOrder) => {
    void run(order).then((result) => {
      process.send!(result, () => process.exit(0));
    });
  });
}
