/**
 * Backing up and restoring a shop: its database plus the files in DATA_DIR that the database cannot be used
 * without (the generated session and ticket keys, the uploaded images and guest lists). A backup is a folder:
 *
 *   backup.json           what it holds: the engine, when it was taken, the files
 *   database.pgdump       PostgreSQL: `pg_dump --format=custom` (restored by `pg_restore`)
 *   pglite.tar.gz         embedded PGlite: its data folder as PGlite's own `dumpDataDir` tarball
 *   files/...             the DATA_DIR files, as they were
 *
 * A restore goes into a NEW place only: an empty PostgreSQL database, or a DATA_DIR without an embedded database,
 * so a mistyped setting never overwrites the live shop. The shop migrates the restored database on its next start
 * as it would any older one. The embedded database belongs to one process: back it up with the shop stopped.
 */
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { KEY_FILE } from "../../src/server/auth/ticket-key";
import { SECRET_FILE } from "../../src/server/auth/secret";
import { pgliteStartParams } from "../../src/server/db/client";
import { lockDataDir } from "../../src/server/db/data-dir-lock";
import { postgresTarget } from "../../src/server/db/postgres-url";
import type { Env } from "../../src/server/env";
import { UPLOADS_FOLDER } from "../../src/server/storage";

export type BackupEngine = "pglite" | "postgres";

export interface BackupManifest {
  engine: BackupEngine;
  createdAt: string;
  /** DATA_DIR files in `files/`, relative to DATA_DIR. */
  files: string[];
}

export const MANIFEST_FILE = "backup.json";
const DUMP_FILE: Record<BackupEngine, string> = { postgres: "database.pgdump", pglite: "pglite.tar.gz" };
/** The DATA_DIR entries a backup carries; the mail and SMS drops, build caches and the lock are left behind. */
const CARRIED = [SECRET_FILE, KEY_FILE, UPLOADS_FOLDER];

type Settings = Pick<Env, "DATABASE_URL" | "DATA_DIR">;

const engineOf = (env: Settings): BackupEngine => (env.DATABASE_URL ? "postgres" : "pglite");
const pgliteDirOf = (env: Settings) => join(env.DATA_DIR, "pglite");

/** Writes a backup of the shop named by `env` into `folder` (which must not exist or be empty). */
export async function backupShop(env: Settings, folder: string): Promise<BackupManifest> {
  if (existsSync(folder) && readdirSync(folder).length > 0) throw new Error(`${folder} is not empty: name a new folder for the backup.`);
  mkdirSync(folder, { recursive: true });
  const engine = engineOf(env);
  const dump = join(folder, DUMP_FILE[engine]);
  if (env.DATABASE_URL) {
    await runTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${dump}`], env.DATABASE_URL);
  } else {
    writeFileSync(dump, await dumpPglite(pgliteDirOf(env)));
  }
  const files = carriedFiles(env.DATA_DIR);
  for (const file of files) cpSync(join(env.DATA_DIR, file), join(folder, "files", file), { preserveTimestamps: true });
  const manifest: BackupManifest = { engine, createdAt: new Date().toISOString(), files };
  writeFileSync(join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Restores the backup in `folder` into the new database and DATA_DIR named by `env`. */
export async function restoreShop(env: Settings, folder: string): Promise<BackupManifest> {
  const manifestFile = join(folder, MANIFEST_FILE);
  if (!existsSync(manifestFile)) throw new Error(`${folder} holds no backup (${MANIFEST_FILE} is missing).`);
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as BackupManifest;
  const engine = engineOf(env);
  if (manifest.engine !== engine) {
    throw new Error(`This backup is of ${engineName(manifest.engine)}; restore it with ${manifest.engine === "postgres" ? "DATABASE_URL set to an empty database" : "DATABASE_URL unset"}.`);
  }
  // Every refusal comes before anything is written.
  const clashes = manifest.files.filter((file) => existsSync(join(env.DATA_DIR, file)) && !sameContent(join(folder, "files", file), join(env.DATA_DIR, file)));
  if (clashes.length > 0) throw new Error(`${env.DATA_DIR} already holds other ${clashes.join(", ")}: restore into a new DATA_DIR.`);
  const dump = join(folder, DUMP_FILE[engine]);
  if (env.DATABASE_URL) {
    await refuseUnlessEmpty(env.DATABASE_URL);
    await runTool("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", dump], env.DATABASE_URL);
  } else {
    await loadPglite(pgliteDirOf(env), readFileSync(dump));
  }
  for (const file of manifest.files) cpSync(join(folder, "files", file), join(env.DATA_DIR, file), { preserveTimestamps: true, force: false });
  return manifest;
}

const engineName = (engine: BackupEngine) => (engine === "postgres" ? "a PostgreSQL database" : "the embedded PGlite database");

/** The carried files of DATA_DIR that exist, folders walked, relative to DATA_DIR. */
function carriedFiles(dataDir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) for (const entry of readdirSync(path).sort()) walk(join(path, entry));
    else found.push(relative(dataDir, path));
  };
  for (const entry of CARRIED) walk(join(dataDir, entry));
  return found;
}

function sameContent(a: string, b: string): boolean {
  return readFileSync(a).equals(readFileSync(b));
}

async function dumpPglite(dataDir: string): Promise<Buffer> {
  if (!existsSync(join(dataDir, "PG_VERSION"))) throw new Error(`There is no embedded database in ${dataDir}: check DATA_DIR.`);
  const { PGlite } = await import("@electric-sql/pglite");
  const release = lockForBackup(dataDir);
  try {
    const client = new PGlite(dataDir, { startParams: pgliteStartParams(PGlite.defaultStartParams) });
    try {
      // The dump reads the files of a started database: wait for the start first.
      await client.waitReady;
      const tarball = await client.dumpDataDir("gzip");
      return Buffer.from(await tarball.arrayBuffer());
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

async function loadPglite(dataDir: string, tarball: Buffer): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new Error(`${dataDir} already holds a database: restore into a new DATA_DIR.`);
  const { PGlite } = await import("@electric-sql/pglite");
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    const client = new PGlite(dataDir, { loadDataDir: new Blob([new Uint8Array(tarball)]), startParams: pgliteStartParams(PGlite.defaultStartParams) });
    try {
      await client.query("select 1");
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}


/** The embedded database belongs to one process: a running shop keeps the backup out, and says so. */
function lockForBackup(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)} Stop the shop before backing up its embedded database.`);
  }
}

async function refuseUnlessEmpty(url: string): Promise<void> {
  const { default: postgres } = await import("postgres");
  const target = postgresTarget(url);
  const sql = postgres(target.url, { ...target.options, max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ count: number }[]>`
      select count(*)::int as count from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema')`;
    if (row!.count > 0) throw new Error(`The database of DATABASE_URL already has ${row!.count} tables: restore into a new, empty database (createdb).`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Runs pg_dump or pg_restore on the database of `url`. The password travels in PGPASSWORD, not on the command
 * line, where every user of the machine could read it.
 */
async function runTool(tool: "pg_dump" | "pg_restore", args: string[], url: string): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = "";
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const child = spawn(tool, [...args, `--dbname=${target.toString()}`], { env, stdio: ["ignore", "inherit", "pipe"] });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "ENOENT" ? new Error(`${tool} was not found: install PostgreSQL's client tools (the server's major version or newer).`) : error),
    );
    child.on("close", resolve);
  });
  if (code !== 0) throw new Error(`${tool} failed (exit ${code}): ${errors.trim()}`);
}
