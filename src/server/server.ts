/** The running shop: the API plus the prerendered site, on one port. */
import { serve, type ServerType } from "@hono/node-server";
import { createApp } from "./app";
import type { Database } from "./db/client";
import type { Env } from "./env";

export interface RunningServer {
  /** What a person opens. */
  url: string;
  /** What this machine's own processes (the site build) call: no name resolution involved. */
  internalUrl: string;
  close(): Promise<void>;
}

export async function startServer(database: Database, env: Env): Promise<RunningServer> {
  const app = createApp({ db: database.db, env }, { distDir: env.DIST_DIR });
  let server: ServerType;
  const port = await new Promise<number>((resolvePort, reject) => {
    server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => resolvePort(info.port));
    server.once("error", reject);
  });
  return {
    internalUrl: `http://${env.HOST === "0.0.0.0" ? "127.0.0.1" : env.HOST}:${port}`,
    url: `http://${env.HOST === "0.0.0.0" || env.HOST === "127.0.0.1" ? "localhost" : env.HOST}:${port}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
