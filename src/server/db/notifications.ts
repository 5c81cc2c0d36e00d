/**
 * PostgreSQL's LISTEN on one session of its own (a pooled connection would be lent to others and its LISTEN
 * lost). A session that breaks (the server restarted, the network dropped) is made again, with growing pauses
 * up to RECONNECT_MAX_MS, and every channel is listened to again; each listener's `onListen` is called after every
 * LISTEN, the first and each one after a reconnection, because notifications sent meanwhile were never delivered.
 */
import type { Notification } from "pg";
import { closeQuietly, openSession, type ShopClient } from "./pg-driver";

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 5_000;

export interface Notifications {
  /**
   * Calls `onNotify` with each payload sent on `channel`, and `onListen` each time the session listens (again).
   * Resolves once the first attempt to listen is over (listening, or failed and being retried).
   */
  listen(channel: string, onNotify: (payload: string) => void, onListen?: () => void): Promise<{ unlisten(): Promise<void> }>;
  close(): Promise<void>;
}

interface Listener {
  channel: string;
  onNotify: (payload: string) => void;
  onListen?: () => void;
}

const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

export function openNotifications(url: string): Notifications {
  const listeners = new Set<Listener>();
  let session: ShopClient | null = null;
  /** Channels the current session listens to. */
  let listening = new Set<string>();
  let connecting: Promise<ShopClient | null> | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let pause = RECONNECT_FIRST_MS;
  let closed = false;

  const lost = (broken: ShopClient) => {
    if (session !== broken) return;
    session = null;
    listening = new Set();
    void closeQuietly(broken, 1_000);
    schedule();
  };
  const schedule = () => {
    if (closed || retry || listeners.size === 0) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect().then((ready) => (ready ? listenAll(ready) : undefined));
    }, pause);
    retry.unref();
    pause = Math.min(pause * 2, RECONNECT_MAX_MS);
  };
  const connect = (): Promise<ShopClient | null> => {
    if (session) return Promise.resolve(session);
    connecting ??= (async () => {
      const fresh = openSession(url, { applicationName: "rodamos-listen", statementTimeout: false });
      try {
        await fresh.connect();
      } catch {
        await closeQuietly(fresh, 1_000);
        schedule();
        return null;
      }
      fresh.on("notification", (message: Notification) => {
        for (const listener of listeners) if (listener.channel === message.channel) listener.onNotify(message.payload ?? "");
      });
      fresh.on("error", () => lost(fresh));
      fresh.on("end", () => lost(fresh));
      if (closed) {
        await closeQuietly(fresh, 1_000);
        return null;
      }
      session = fresh;
      return fresh;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };
  const listenTo = async (ready: ShopClient, channel: string): Promise<boolean> => {
    if (listening.has(channel)) return true;
    try {
      await ready.query(`listen ${quoted(channel)}`);
      if (session === ready) listening.add(channel);
      return session === ready;
    } catch {
      lost(ready);
      return false;
    }
  };
  const listenAll = async (ready: ShopClient) => {
    for (const channel of new Set([...listeners].map((listener) => listener.channel))) {
      if (!(await listenTo(ready, channel))) return;
    }
    pause = RECONNECT_FIRST_MS;
    for (const listener of listeners) listener.onListen?.();
  };

  return {
    async listen(channel, onNotify, onListen) {
      const listener: Listener = { channel, onNotify, onListen };
      listeners.add(listener);
      const ready = await connect();
      if (ready && (await listenTo(ready, channel))) {
        pause = RECONNECT_FIRST_MS;
        onListen?.();
      }
      return {
        async unlisten() {
          listeners.delete(listener);
          if ([...listeners].some((other) => other.channel === channel) || !session || !listening.has(channel)) return;
          listening.delete(channel);
          await session.query(`unlisten ${quoted(channel)}`).catch(() => {});
        },
      };
    },
    async close() {
      closed = true;
      listeners.clear();
      if (retry) clearTimeout(retry);
      await connecting;
      const ending = session;
      session = null;
      if (ending) await closeQuietly(ending, 1_000);
    },
  };
}
