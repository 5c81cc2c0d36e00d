/**
 * A production start that will refuse (a weak session secret, no mail server) says why and exits before it writes
 * anything: no data folder, no database, no migration, no seed, so fixing the settings starts from a clean slate;
 * an embedded database already there is left exactly as it was.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { seedIfEmpty } from "../../src/server/seed";
import { migratedDataFolder } from "../helpers/test-database";

const root = resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "rodamos-refusal-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(settings: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((done) => {
    // Only the settings given: none of the run's own database, mail or Redis.
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(DATABASE_URL|SMTP_URL|REDIS_URL|PUBLIC_URL|JWT_SECRET)$/.test(name)));
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { cwd: root, env: { ...inherited, ...settings }, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    let stdout = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      done({ code, stderr, stdout });
    });
  });
}

describe("a production start that will refuse", () => {
  it("says why and exits 1 having written nothing: no data folder, no database, no seed", async () => {
    const data = join(dir, "data");
    const answer = await start({
      NODE_ENV: "production",
      JWT_SECRET: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      PUBLIC_URL: "https://rodamos.example.co",
      DATA_DIR: data,
      DIST_DIR: join(dir, "dist"),
      PORT: "4704",
    });
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain("Refusing to start in production");
    expect(answer.stderr).toContain("JWT_SECRET is too easy to guess");
    expect(answer.stderr).not.toContain("Countries, geography and payment methods created");
    expect(existsSync(data)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  }, 90_000);
});

/** Every file under a folder with its contents' hash: equal when nothing in it was written. */
function contentsOf(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(folder, { recursive: true }) as string[]) {
    const path = join(folder, name);
    if (statSync(path).isFile()) files[name] = createHash("sha256").update(readFileSync(path)).digest("hex");
  }
  return files;
}

describe("a production start on an embedded database already there", () => {
  it("refuses for a setting its enabled payment methods need, and leaves the database's files untouched", async () => {
    const data = join(dir, "existing");
    // Migrated already (a new folder's start is clean-stop's `npm start`): what is judged is that nothing is written.
    const database = await openDatabase({ dataDir: await migratedDataFolder(join(data, "pglite")) });
    await seedIfEmpty(database.db, "production");
    await database.close();
    const before = contentsOf(data);
    const answer = await start({
      NODE_ENV: "production",
      JWT_SECRET: "q8Zr2LkV7pXw4NcT9bHs3MdY6fJg1RaUe5WnKoQiPtAy",
      PUBLIC_URL: "https://rodamos.example.co",
      SMTP_URL: "smtp://mail.rodamos.example.co:587",
      DATA_DIR: data,
      DIST_DIR: join(dir, "dist-existing"),
      PORT: "4705",
    });
    expect(answer.code).toBe(1);
    // Webpay is among the methods the database enables (Chile's), so its production settings are asked for.
    expect(answer.stderr).toContain("WEBPAY_BASE_URL is required while Webpay is enabled");
    expect(contentsOf(data)).toEqual(before);
    expect(existsSync(join(dir, "dist-existing"))).toBe(false);
  }, 180_000);
});
