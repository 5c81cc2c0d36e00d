import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CODES, SHOP_ERROR_CODES } from "../../shared/domain/shop-error";
import { isMessageKey } from "../../shared/i18n";
import { STATUS_OF } from "./error-statuses";

/** Every `new ShopError("code"` and `refuse(..., "code"` in the server's services, payments, mail and auth. */
function thrownCodes(): Set<string> {
  const root = join(import.meta.dirname, "..");
  const codes = new Set<string>();
  for (const folder of ["services", "payments", "mail", "auth"]) {
    for (const name of readdirSync(join(root, folder), { recursive: true }) as string[]) {
      if (!name.endsWith(".ts") || name.endsWith(".test.ts")) continue;
      const text = readFileSync(join(root, folder, name), "utf8");
      for (const match of text.matchAll(/(?:new ShopError|refuse)\(\s*"([a-z_]+)"/g)) codes.add(match[1]!);
    }
  }
  return codes;
}

describe("the error table", () => {
  it("answers every code a service can throw with an HTTP error status", () => {
    const thrown = thrownCodes();
    expect(thrown.size).toBeGreaterThan(20);
    for (const code of thrown) expect(SHOP_ERROR_CODES, code).toContain(code);
    for (const code of SHOP_ERROR_CODES) expect(STATUS_OF[code], code).toBeGreaterThanOrEqual(400);
  });

  it("has a catalogue message for every code, so no refusal reaches a person untranslated", () => {
    for (const code of ERROR_CODES) expect(isMessageKey(`errors.${code}`), code).toBe(true);
  });
});
