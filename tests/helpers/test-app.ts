/** The real API over a fresh database with the demo catalogue, called in-process with `app.request()`. */
import { createApp } from "../../src/server/app";
import type { Database } from "../../src/server/db/client";
import { seedDemoData } from "../../src/server/db/seed";
import { parseEnv } from "../../src/server/env";
import { openTestDatabase } from "./test-database";

export interface TestShop {
  database: Database;
  app: ReturnType<typeof createApp>;
  /** JSON request helper: answers the parsed body and the status. */
  call<T = unknown>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

export async function openTestShop(options: { seed?: boolean; now?: () => Date } = {}): Promise<TestShop> {
  const database = await openTestDatabase();
  if (options.seed ?? true) await seedDemoData(database.db);
  const env = parseEnv({ NODE_ENV: "test", JWT_SECRET: "test-secret-that-is-long-enough-for-hs256!!", DATA_DIR: ".tmp/test-data" });
  const app = createApp({ db: database.db, env, now: options.now });
  return {
    database,
    app,
    async call(method, path, body, headers = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      if (body !== undefined) {
        init.body = typeof body === "string" ? body : JSON.stringify(body);
        (init.headers as Record<string, string>)["content-type"] ??= "application/json";
      }
      const response = await app.request(path, init);
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: the raw text is what the test sees
      }
      return { status: response.status, body: parsed as never };
    },
    close: () => database.close(),
  };
}
