/**
 * bench:static runs end to end once, for a second per figure: a smoke check that it still starts its servers, loads
 * them and prints its figures beside the bare static server's. It reads no database, so it runs once per `npm test`.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "rodamos-bench-smoke-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("bench:static, as a smoke check", () => {
  it("prints the page's and the script's figures beside the bare static server's", async () => {
    const dist = join(scratch, "dist");
    mkdirSync(join(dist, "_astro"), { recursive: true });
    writeFileSync(join(dist, "index.html"), `<!doctype html><html lang="es"><title>Rodamos</title><p>${"Traslados ".repeat(300)}</p>`);
    writeFileSync(join(dist, "_astro", "client.smoke.js"), `export const go = () => ${JSON.stringify("x".repeat(4000))};`);
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/bench/static.ts", "--seconds", "1", "--rounds", "1"], {
      cwd: root,
      env: { ...process.env, NO_COLOR: "1", DIST_DIR: dist },
      timeout: 240_000,
      maxBuffer: 4 * 1024 * 1024,
    });
    expect(stdout).toMatch(/GET \/ \(HTML\) +shop +\d+ req\/s p99 +\d+ ms \| bare +\d+ req\/s .*% of bare/);
    expect(stdout).toMatch(/GET \/_astro\/client\.smoke\.js +shop +\d+ req\/s .*% of bare/);
    expect(stdout).not.toMatch(/errors:/);
  }, 240_000);
});
