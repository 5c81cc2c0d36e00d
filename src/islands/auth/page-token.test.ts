import { describe, expect, it } from "vitest";
import { tokenFromPath } from "./page-token";

describe("tokenFromPath", () => {
  it("reads the token after the page name, with or without a site prefix", () => {
    expect(tokenFromPath("/verify-account/abc_DEF-123", "verify-account")).toBe("abc_DEF-123");
    expect(tokenFromPath("/cl/es-cl/recovery-account/xyz/", "recovery-account")).toBe("xyz");
    expect(tokenFromPath("/verify-account", "verify-account")).toBe("");
  });
});
