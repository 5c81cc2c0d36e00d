/**
 * Stopping a server without dropping work already sent to it. Node's `server.close()` also closes every connection
 * it counts as idle, and a connection the kernel accepted whose request Node has not read yet (the event loop was
 * busy) counts as idle: its client, which sent a whole request, gets a reset. So a stop here (1) stops listening,
 * nothing more; (2) answers every request that arrives on an open connection, each with `Connection: close`;
 * (3) closes a connection only once it has been idle — no request being answered and no byte read — across two
 * looks at least `IDLE_MS` apart, with the event loop's reading of sockets between them, so bytes waiting in the
 * kernel are always read first; (4) gives up on what is still open after the grace (a stream, a stuck client).
 * Before (1), the connections waiting in the kernel's backlog are accepted.
 */
import type { Server } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

/** How long a connection must stay silent, once the stop has begun, before it is closed. */
const IDLE_MS = 500;
/** The longest a stop keeps taking the connections waiting in the kernel before it stops listening. */
const ACCEPT_MS = 1_000;
/** How often the stop looks at the open connections. */
const LOOK_MS = 100;

interface Tracked {
  /** Requests on it being answered. */
  busy: number;
  /** Bytes read when last looked at. */
  bytesRead: number;
  /** When it was last seen doing something. */
  activeAt: number;
}

export interface Drainable {
  /** Stops listening, lets every request sent on an open connection finish, then closes; resolves once all are closed. */
  drain(graceMs: number): Promise<void>;
}

/**
 * Follows the server's connections for a stop (above). With `silentMs`, a connection that sends not one byte in
 * that long is closed too: Node times out headers only once they have begun, so a client could otherwise hold any
 * number of silent sockets open for ever.
 */
export function trackConnections(server: Server, options: { silentMs?: number } = {}): Drainable {
  const open = new Map<Socket, Tracked>();
  let draining = false;
  let accepted = 0;
  server.on("connection", (socket: Socket) => {
    accepted += 1;
    open.set(socket, { busy: 0, bytesRead: 0, activeAt: Date.now() });
    // Looked at again after the loop's next poll for input: on a loop that was busy past the time, bytes that
    // arrived meanwhile are read in that poll, after this timer ran; only a connection still silent then is closed.
    const silent = options.silentMs
      ? setTimeout(() => {
          if (socket.bytesRead === 0) setImmediate(() => socket.bytesRead === 0 && socket.destroy());
        }, options.silentMs)
      : undefined;
    silent?.unref();
    socket.once("close", () => {
      clearTimeout(silent);
      open.delete(socket);
    });
  });
  server.on("request", (request, response) => {
    const tracked = open.get(request.socket);
    // Answered already by the server's own listener, which runs first (the catalogue's fast lane writes a kept
    // answer at once): nothing in flight to wait for, so no listener on its close (a closure and an event per
    // answer on the busiest path). The fast lane stands aside once a stop begins (server.ts), so every answer given
    // during a stop takes the branch below and ends its connection.
    if (response.writableEnded) {
      if (tracked) tracked.activeAt = Date.now();
      return;
    }
    if (tracked) {
      tracked.busy += 1;
      tracked.activeAt = Date.now();
    }
    // Once the stop has begun, each answer ends its connection.
    if (draining) response.shouldKeepAlive = false;
    response.once("close", () => {
      if (!tracked) return;
      tracked.busy -= 1;
      tracked.activeAt = Date.now();
    });
  });

  return {
    async drain(graceMs) {
      draining = true;
      // Connections the kernel completed while the event loop was busy wait in the listening socket's backlog, and
      // closing it would reset them. Node takes about one of them per turn of the event loop: the loop turns until a
      // whole turn brings none (or ACCEPT_MS passes, under a steady stream of new ones).
      const acceptUntil = Date.now() + ACCEPT_MS;
      for (;;) {
        const before = accepted;
        await new Promise((turn) => setImmediate(turn));
        await new Promise((turn) => setImmediate(turn));
        if (accepted === before || Date.now() >= acceptUntil) break;
      }
      return new Promise<void>((done) => {
        const finished = () => {
          clearInterval(look);
          clearTimeout(cut);
          done();
        };
        // Stop listening only: http.Server#close would also close the connections it thinks idle.
        NetServer.prototype.close.call(server, finished);
        const look = setInterval(() => {
          const now = Date.now();
          for (const [socket, tracked] of open) {
            if (socket.bytesRead !== tracked.bytesRead) {
              tracked.bytesRead = socket.bytesRead;
              tracked.activeAt = now;
            }
            if (tracked.busy === 0 && now - tracked.activeAt >= IDLE_MS) socket.destroySoon();
          }
        }, LOOK_MS);
        const cut = setTimeout(() => {
          for (const socket of open.keys()) socket.destroy();
        }, graceMs);
        cut.unref();
      });
    },
  };
}
