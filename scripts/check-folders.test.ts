/**
 * `npm run lint:cycles` fails on a violation in an `.astro` file, of the browser's layers and of the services' order
 * (the orders' base, what lies below every domain), naming the files, and
 * passes the same project once they are gone: it runs on small projects written here, with the repository's rules.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const REPO = join(import.meta.dirname, "..");
const projects: string[] = [];
afterAll(() => {
  for (const project of projects) rmSync(project, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "rodamos-folders-fixture-"));
  projects.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function check(root: string) {
  const result = spawnSync(join(REPO, "node_modules/.bin/tsx"), [join(REPO, "scripts/check-folders.ts"), root], { cwd: REPO, encoding: "utf8", timeout: 120_000 });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A page in a layout that holds the header; the header's script keeps the session in a store. */
const CLEAN = {
  "src/pages/index.astro": `---\nimport BaseLayout from "../layouts/BaseLayout.astro";\n---\n<BaseLayout><p>hi</p></BaseLayout>\n`,
  "src/layouts/BaseLayout.astro": `---\nimport Header from "../components/layout/Header.astro";\n---\n<html><body><Header /><slot /><script>\n  import { initPage } from "./page-script";\n  initPage();\n</script></body></html>\n`,
  "src/layouts/page-script.ts": `import { initHeader } from "../components/header/header";\nexport const initPage = () => initHeader(() => void import("../islands/auth/open-auth"));\n`,
  "src/components/layout/Header.astro": `---\nimport { BRAND } from "../../shared/brand";\n---\n<header>{BRAND}</header>\n`,
  "src/components/header/header.ts": `import { $session } from "../../stores/session";\nexport const initHeader = (open: () => void) => ($session.get() ? undefined : open());\n`,
  "src/islands/auth/open-auth.ts": `import { $session } from "../../stores/session";\nexport const openAuth = () => $session.get();\n`,
  "src/stores/session.ts": `import { BRAND } from "../shared/brand";\nexport const $session = { get: () => BRAND };\n`,
  "src/shared/brand.ts": `export const BRAND = "Rodamos";\n`,
};

describe("npm run lint:cycles", () => {
  it("passes a project whose folders only go down", () => {
    const { code, output } = check(project(CLEAN));
    expect(output).toContain("no dependency violations found");
    expect(code).toBe(0);
  }, 150_000);

  it("fails on folders that import each other through .astro files, and on a layer reaching up, naming the files", () => {
    const { code, output } = check(
      project({
        ...CLEAN,
        // components/layout ⇄ components/header, through an .astro file's script
        "src/components/layout/Header.astro": `<header></header>\n<script>\n  import { initHeader } from "../header/header";\n</script>\n`,
        "src/components/header/header.ts": `import "../layout/Header.astro";\nexport const initHeader = () => undefined;\n`,
        // components ⇄ layouts: a component that wraps a layout
        "src/components/auth/AuthPage.astro": `---\nimport BaseLayout from "../../layouts/BaseLayout.astro";\n---\n<BaseLayout />\n`,
        // a store that reaches up to an island, an Astro component that mounts one
        "src/stores/session.ts": `import { openAuth } from "../islands/auth/open-auth";\nexport const $session = { get: () => openAuth };\n`,
        "src/components/ui/Login.astro": `---\nimport OpenAuth from "../../islands/auth/open-auth";\n---\n`,
        // the orders' base reaching up to a domain that builds on it; the order's life reaching up to a domain
        "src/server/services/orders/place-order.ts": `import { useOffer } from "../waiting-list/offers";\nexport const placeOrder = () => useOffer;\n`,
        "src/server/services/waiting-list/offers.ts": `export const useOffer = () => 1;\n`,
        "src/server/services/order-life/order-life.ts": `import { refund } from "../refunds/refunds";\nexport const endOrder = () => refund;\n`,
        "src/server/services/refunds/refunds.ts": `export const refund = () => 1;\n`,
      }),
    );
    expect(code).toBe(1);
    expect(output).toMatch(/folders-import-each-other: src\/components\/header ⇄ src\/components\/layout\n.*src\/components\/header\/header\.ts → src\/components\/layout\/Header\.astro/);
    expect(output).toMatch(/folders-import-each-other: src\/components ⇄ src\/layouts\n.*src\/components\/auth\/AuthPage\.astro → src\/layouts\/BaseLayout\.astro/);
    expect(output).toContain("browser-layers-stores: src/stores/session.ts → src/islands/auth/open-auth.ts");
    expect(output).toContain("browser-layers-components: src/components/ui/Login.astro → src/islands/auth/open-auth.ts");
    expect(output).toContain("orders-is-the-base: src/server/services/orders/place-order.ts → src/server/services/waiting-list/offers.ts");
    expect(output).toContain("below-every-domain: src/server/services/order-life/order-life.ts → src/server/services/refunds/refunds.ts");
    expect(output).not.toContain(".astro.ts");
    expect(output).not.toContain(tmpdir());
  }, 150_000);
});
