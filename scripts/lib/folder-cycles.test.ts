import { describe, expect, it } from "vitest";
import { folderLoops, siblingFolders } from "./folder-cycles";

describe("folderLoops", () => {
  it("finds two folders that import each other through files below them, which a file's own folder does not show", () => {
    const loops = folderLoops([
      ["src/components/auth/AuthTokenPage.astro", "src/layouts/BaseLayout.astro"],
      ["src/layouts/BaseLayout.astro", "src/components/layout/Footer.astro"],
      ["src/pages/index.astro", "src/layouts/BaseLayout.astro"],
    ]);
    expect(loops).toEqual([
      {
        folders: ["src/components", "src/layouts"],
        examples: [
          ["src/components/auth/AuthTokenPage.astro", "src/layouts/BaseLayout.astro"],
          ["src/layouts/BaseLayout.astro", "src/components/layout/Footer.astro"],
        ],
      },
    ]);
  });

  it("finds a loop round three sibling folders", () => {
    const loops = folderLoops([
      ["src/server/services/a/x.ts", "src/server/services/b/y.ts"],
      ["src/server/services/b/y.ts", "src/server/services/c/z.ts"],
      ["src/server/services/c/z.ts", "src/server/services/a/w.ts"],
    ]);
    expect(loops.map((loop) => loop.folders)).toEqual([["src/server/services/a", "src/server/services/b", "src/server/services/c"]]);
  });

  it("lets a folder import its parent's files and a parent import the folders below it", () => {
    expect(siblingFolders(["src/server/services/orders/place.ts", "src/server/env.ts"])).toBeUndefined();
    expect(siblingFolders(["src/server/composition.ts", "src/server/services/orders/place.ts"])).toBeUndefined();
    expect(siblingFolders(["src/components/header/a.ts", "src/components/header/b.ts"])).toBeUndefined();
    expect(
      folderLoops([
        ["src/server/composition.ts", "src/server/services/orders/place.ts"],
        ["src/server/services/orders/place.ts", "src/server/env.ts"],
        ["src/server/routes/orders.ts", "src/server/services/orders/place.ts"],
      ]),
    ).toEqual([]);
  });
});
