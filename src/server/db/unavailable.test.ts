import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable";

const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: insert into orders …"), { cause });

describe("isDatabaseUnavailable", () => {
  it("knows a refused or lost connection, wrapped or grouped, and a server shutting down", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("the database system is starting up"), { code: "57P03" })))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new AggregateError([Object.assign(new Error("::1"), { code: "ECONNREFUSED" })]), {}))).toBe(true);
  });

  it("leaves a refused statement to the other handlers", () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("stock_exhausted"), { code: "RD001" })))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("duplicate key"), { code: "23505" })))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
