import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, mayHaveCommitted } from "./unavailable";

const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: insert into orders …"), { cause });

describe("isDatabaseUnavailable", () => {
  it("knows a refused or lost connection, wrapped or grouped, and a server shutting down", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("the database system is starting up"), { code: "57P03" })))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new AggregateError([Object.assign(new Error("::1"), { code: "ECONNREFUSED" })]), {}))).toBe(true);
  });

  it("knows node-postgres's own words for a lost, unmade or timed-out connection, and a statement past its timeout", () => {
    expect(isDatabaseUnavailable(wrapped(new Error("Connection terminated unexpectedly")))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error("Connection terminated due to connection timeout")))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error("Client has encountered a connection error and is not queryable")))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Query read timeout"))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" })))).toBe(true);
    // The same words under a code of their own are the database's, not the driver's.
    expect(isDatabaseUnavailable(Object.assign(new Error("Connection terminated by the rule"), { code: "P0001" }))).toBe(false);
  });

  it("tells a statement that may have been committed from one that changed nothing", () => {
    expect(mayHaveCommitted(wrapped(Object.assign(new Error("Connection terminated unexpectedly"), { mayHaveCommitted: true })))).toBe(true);
    expect(mayHaveCommitted(wrapped(new Error("Connection terminated unexpectedly")))).toBe(false);
    expect(mayHaveCommitted(null)).toBe(false);
  });

  it("leaves a refused statement to the other handlers", () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("stock_exhausted"), { code: "RD001" })))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("duplicate key"), { code: "23505" })))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
