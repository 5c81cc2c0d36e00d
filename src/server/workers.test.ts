import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";
import { workersRefusal } from "./server";

describe("WORKERS", () => {
  it("refuses several processes on the embedded PGlite, saying why and what to do", () => {
    expect(workersRefusal(parseEnv({ NODE_ENV: "test", WORKERS: "2" }))).toMatch(/WORKERS=2 needs PostgreSQL \(DATABASE_URL\).*PGlite.*one process/);
  });

  it("takes one process anywhere and several on PostgreSQL", () => {
    expect(workersRefusal(parseEnv({ NODE_ENV: "test" }))).toBeNull();
    expect(workersRefusal(parseEnv({ NODE_ENV: "test", WORKERS: "2", DATABASE_URL: "postgres://127.0.0.1/shop" }))).toBeNull();
  });
});
