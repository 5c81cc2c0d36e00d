import { describe, expect, it, vi } from "vitest";
import { createCatalogueChanges } from "./change-feed";

describe("catalogue changes", () => {
  it("tells every listener until it stops listening, even when another listener throws", () => {
    const changes = createCatalogueChanges();
    const heard: number[][] = [];
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    changes.listen(() => {
      throw new Error("broken listener");
    });
    const stop = changes.listen((change) => heard.push(change.eventIds ?? []));
    changes.announce({ area: "events", eventIds: [3] });
    stop();
    changes.announce({ area: "events", eventIds: [4] });
    expect(heard).toEqual([[3]]);
    quiet.mockRestore();
  });
});
