import { describe, expect, it } from "vitest";
import { postgresTarget } from "./postgres-url";

describe("DATABASE_URL's socket folder", () => {
  it("is taken out of the URL and given as the client's host, other parameters kept", () => {
    expect(postgresTarget("postgres://shop@localhost/rodamos?host=/var/run/postgresql&sslmode=disable")).toEqual({
      url: "postgres://shop@localhost/rodamos?sslmode=disable",
      options: { host: "/var/run/postgresql" },
    });
    expect(postgresTarget("postgres:///rodamos?host=%2Frun%2Fpostgresql")).toEqual({ url: "postgres:///rodamos", options: { host: "/run/postgresql" } });
  });

  it("leaves a TCP address as it is", () => {
    expect(postgresTarget("postgres://shop@db.internal:5432/rodamos")).toEqual({ url: "postgres://shop@db.internal:5432/rodamos", options: {} });
    expect(postgresTarget("postgres://shop@db/rodamos?host=db2")).toEqual({ url: "postgres://shop@db/rodamos?host=db2", options: {} });
  });
});
