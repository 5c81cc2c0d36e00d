import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";
import { internalOrigin, publicOrigin } from "./origin";

const env = (values: Record<string, string>) => parseEnv({ NODE_ENV: "test", ...values });

describe("the shop's origin", () => {
  it("is PUBLIC_URL when set, whatever HOST the shop listens on", () => {
    expect(publicOrigin(env({ PUBLIC_URL: "https://rodamos.example/", HOST: "10.0.0.5", PORT: "8080" }))).toBe("https://rodamos.example");
  });

  it("names a loopback or any-address listener localhost, on its port", () => {
    for (const HOST of ["127.0.0.1", "0.0.0.0", "::", "::1"]) expect(publicOrigin(env({ HOST, PORT: "4321" }))).toBe("http://localhost:4321");
  });

  it("is the listening host otherwise, so mailed links and payment returns reach this shop", () => {
    expect(publicOrigin(env({ HOST: "shop.lan", PORT: "8080" }))).toBe("http://shop.lan:8080");
    expect(publicOrigin(env({ HOST: "fd00::5", PORT: "8080" }))).toBe("http://[fd00::5]:8080");
  });

  it("calls its own simulators on the loopback address, not through PUBLIC_URL", () => {
    expect(internalOrigin(env({ PUBLIC_URL: "https://rodamos.example", HOST: "0.0.0.0", PORT: "8080" }))).toBe("http://127.0.0.1:8080");
    expect(internalOrigin(env({ HOST: "shop.lan", PORT: "8080" }))).toBe("http://shop.lan:8080");
  });
});
