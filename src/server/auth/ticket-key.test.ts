import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadTicketKey } from "./ticket-key";

describe("ticket signing key", () => {
  it("is generated once into DATA_DIR and read back on the next start, so mailed codes stay valid", () => {
    const DATA_DIR = mkdtempSync(join(tmpdir(), "ticket-key-"));
    const first = loadTicketKey({ DATA_DIR });
    expect(statSync(join(DATA_DIR, "ticket-signing-key.pem")).mode & 0o777).toBe(0o600);
    const again = loadTicketKey({ DATA_DIR });
    expect(again.publicJwk).toEqual(first.publicJwk);
    expect(again.verify(5, first.sign(5))).toBe(true);
  });

  it("comes from TICKET_SIGNING_KEY as PEM or as base64 DER", () => {
    const { privateKey } = generateKeyPairSync("ed25519");
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }) as string;
    const der = privateKey.export({ format: "der", type: "pkcs8" }).toString("base64");
    const DATA_DIR = mkdtempSync(join(tmpdir(), "ticket-key-"));
    const fromPem = loadTicketKey({ DATA_DIR, TICKET_SIGNING_KEY: pem });
    const fromDer = loadTicketKey({ DATA_DIR, TICKET_SIGNING_KEY: der });
    expect(fromDer.publicJwk).toEqual(fromPem.publicJwk);
    expect(() => readFileSync(join(DATA_DIR, "ticket-signing-key.pem"))).toThrow();
  });

  it("refuses a key that is not Ed25519 with a clear message", () => {
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }) as string;
    expect(() => loadTicketKey({ DATA_DIR: "/nonexistent", TICKET_SIGNING_KEY: pem })).toThrow(/Ed25519/);
    expect(() => loadTicketKey({ DATA_DIR: "/nonexistent", TICKET_SIGNING_KEY: "x".repeat(60) })).toThrow(/PKCS8/);
  });
});
