import { describe, expect, it } from "vitest";
import { slugFromPath } from "./load-event";

describe("slugFromPath", () => {
  it("reads the slug after the site prefix", () => {
    expect(slugFromPath("/event/boda-camila-y-andres-q7k3vx9m", "")).toBe("boda-camila-y-andres-q7k3vx9m");
    expect(slugFromPath("/cl/es-cl/event/festival-de-vina", "/cl/es-cl")).toBe("festival-de-vina");
    expect(slugFromPath("/event/caf%C3%A9/", "")).toBe("café");
  });

  it("finds none in the shell's own path or a deeper one", () => {
    expect(slugFromPath("/event", "")).toBe("");
    expect(slugFromPath("/event/a/b", "")).toBe("");
    expect(slugFromPath("/event/%E0%A4%A", "")).toBe("");
  });
});
