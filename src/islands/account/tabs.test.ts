import { describe, expect, it } from "vitest";
import { tabFromPath, tabIndex } from "./tabs";

describe("account tabs", () => {
  it("reads the tab from the path, under any prefix, with profile as the default", () => {
    expect(tabFromPath("/my-account/payments")).toBe("payments");
    expect(tabFromPath("/cl/es-cl/my-account/frecuentFriends")).toBe("frecuentFriends");
    expect(tabFromPath("/my-account")).toBe("profile");
    expect(tabFromPath("/my-account/whatever")).toBe("profile");
  });

  it("keeps the spec's tab indexes", () => {
    expect(["profile", "payments", "events", "frecuentAddresses", "frecuentFriends"].map((tab) => tabIndex(tab as never))).toEqual([0, 1, 2, 3, 4]);
  });
});
